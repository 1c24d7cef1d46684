/**
 * The pieces of a dashboard page: a headline figure, a titled card around a chart or a table, and the pick of
 * an analytics window.
 */
import { Card, Field, Heading, NativeSelect, Text } from '@chakra-ui/react';
import { abbreviate } from '@shared/pricing/metrics.ts';
import type { ReactNode } from 'react';

/**
 * One headline figure with its label (the label also names the value for assistive technology). A number
 * (or a decimal text) of 1000 or more is abbreviated K … E (docs/product.md section 9), its exact value in
 * the title; other text (a percentage, "n/a") is shown as it is.
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
    // minW 0: in a grid a panel would otherwise grow to its widest table and be cut at the page's edge; its
    // tables scroll inside it instead (docs/decisions/450-wide-tables.md).
    <Card.Root variant="outline" minW="0">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The pick of a dashboard's window in days (docs/product.md section 9: the analytics windows), with its
 * label.
 */
export function WindowSelect(props: {
  label: string;
  windows: readonly number[];
  value: number;
  onChange: (days: number) => void;
  /** How a window reads ("7 days"). */
  name: (days: number) => string;
}) {
  return (
    <Field.Root maxW="48">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(props.value)}
          onChange={(e) => props.onChange(Number(e.currentTarget.value))}
        >
          {props.windows.map((d) => (
            <option key={d} value={d}>
              {props.name(d)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
