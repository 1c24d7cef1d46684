/**
 * A list of rows edited in place, one text input per column and row, rows added and removed: the `rows`
 * field kind of the registry (time-of-use periods of a charging fee), also used by hand-written editors
 * (the periods of a charging profile). Errors come by row and column
 * (`{index}.{key}`, as the schema's issue paths below the field name) and show under their input.
 */
import {
  Button,
  Field as ChakraField,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useTr } from '@web/resources/i18n.ts';
import type { Row, RowsSpec } from '@web/resources/types.ts';

export function RowsEditor(props: {
  spec: RowsSpec;
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  /** Untranslated messages by `{index}.{key}`. */
  errors?: Record<string, string>;
  /** Accessible name of the table. */
  label: string;
  disabled?: boolean;
}) {
  const tr = useTr();
  const { spec, rows } = props;
  const errors = props.errors ?? {};
  const set = (index: number, key: string, value: string) =>
    props.onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const full = spec.max !== undefined && rows.length >= spec.max;
  return (
    <Stack gap="2">
      {rows.length ? (
        // Scrolls sideways in a narrow dialog instead of being cut (docs/decisions/450-wide-tables.md).
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={props.label}>
            {spec.columns.some((column) => column.label) ? (
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="8">#</Table.ColumnHeader>
                  {spec.columns.map((column) => (
                    <Table.ColumnHeader key={column.key}>
                      {column.label ? tr(column.label) : null}
                    </Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
            ) : null}
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={index}>
                  <Table.Cell verticalAlign="top" pt="3">
                    {index + 1}
                  </Table.Cell>
                  {spec.columns.map((column) => {
                    const error = errors[`${index}.${column.key}`];
                    return (
                      <Table.Cell key={column.key} verticalAlign="top">
                        <ChakraField.Root invalid={Boolean(error)}>
                          <Input
                            size="sm"
                            aria-label={tr(column.cellLabel, { n: index + 1 })}
                            placeholder={column.placeholder}
                            inputMode={column.inputMode}
                            maxLength={column.maxLength}
                            value={String(row[column.key] ?? '')}
                            disabled={props.disabled}
                            onChange={(e) => set(index, column.key, e.currentTarget.value)}
                          />
                          {error ? <ChakraField.ErrorText>{tr(error)}</ChakraField.ErrorText> : null}
                        </ChakraField.Root>
                      </Table.Cell>
                    );
                  })}
                  <Table.Cell textAlign="end" verticalAlign="top">
                    <IconButton
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      disabled={props.disabled}
                      aria-label={tr(spec.removeLabel, { n: index + 1 })}
                      onClick={() => props.onChange(rows.filter((_, i) => i !== index))}
                    >
                      ✕
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {tr(spec.emptyLabel)}
        </Text>
      )}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={props.disabled || full}
          onClick={() => props.onChange([...rows, spec.newRow(rows)])}
        >
          {tr(spec.addLabel)}
        </Button>
      </HStack>
    </Stack>
  );
}
