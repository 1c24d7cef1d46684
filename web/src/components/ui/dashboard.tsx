/** The pieces of a dashboard page: a headline figure and a titled card around a chart or a table. */
import { Card, Heading, Text } from '@chakra-ui/react';
import { abbreviate } from '@shared/pricing/metrics.ts';
import type { ReactNode } from 'react';

/**
 * One headline figure with its label (the label also names the value for assistive technology). A number
 * (or a decimal text) of 1000 or more is abbreviated K … E (SPEC.md section 9), its exact value in the
 * title; other text (a percentage, "n/a") is shown as it is.
 */
export function Figure({ label, value }: { label: string; value: string | number }) {
  const shown = abbreviate(value);
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text
          fontSize="2xl"
          fontWeight="semibold"
          aria-label={label}
          title={shown === String(value) ? undefined : String(value)}
        >
          {shown}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Chart axis ticks abbreviated K … E (a chart's tooltip keeps the exact value). */
export const abbreviatedTick = (value: unknown) =>
  typeof value === 'number' ? abbreviate(value) : String(value);

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
