/** A plain table of computed rows: its headings (numbers aligned to the end) and the rows the caller renders. */
import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A heading: its (translated) text, or the text and whether its column holds numbers (end-aligned). */
export type Heading = string | { label: string; end?: boolean };

export function DataTable(props: {
  /** The table's accessible name. */
  label: string;
  headings: readonly Heading[];
  children: ReactNode;
  /**
   * Scrolls sideways when wider than its place (the default: a table in a dialog or a panel is never cut,
   * docs/decisions/450-wide-tables.md); `framed` adds a border.
   */
  scroll?: true | 'framed';
}) {
  const table = (
    <Table.Root size="sm" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          {props.headings.map((h, i) => {
            const { label, end } = typeof h === 'string' ? { label: h, end: false } : h;
            return (
              <Table.ColumnHeader key={`${i}:${label}`} textAlign={end ? 'end' : undefined}>
                {label}
              </Table.ColumnHeader>
            );
          })}
        </Table.Row>
      </Table.Header>
      <Table.Body>{props.children}</Table.Body>
    </Table.Root>
  );
  return props.scroll === 'framed' ? (
    <Table.ScrollArea borderWidth="1px" rounded="l2">
      {table}
    </Table.ScrollArea>
  ) : (
    <Table.ScrollArea>{table}</Table.ScrollArea>
  );
}
