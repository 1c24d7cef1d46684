/** The pieces of a dashboard page: a headline figure and a titled card around a chart or a table. */
import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One headline figure with its label (the label also names the value for assistive technology). */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" aria-label={label}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

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
