/**
 * A charger's answer to a command as labelled fields and tables, never as raw JSON (the raw answer stays
 * behind the results list's "Details"; docs/decisions/452-no-raw-values-in-the-console.md), labelled as
 * result-summary.ts says: a list of records is a table, a nested record its own fields.
 */
import { Box, DataList, Stack, Table, Text } from '@chakra-ui/react';
import { DataTable } from '@web/resources/data-table.tsx';
import type { Translate } from '@web/resources/i18n.ts';
import type { ReactNode } from 'react';
import { fieldLabel, isRecord, scalarText, type Json } from './result-summary.ts';

/** The columns of a list of records: every field any of them has, in order of appearance. */
function columnsOf(items: Record<string, Json>[]): string[] {
  const seen: string[] = [];
  for (const item of items) for (const key of Object.keys(item)) if (!seen.includes(key)) seen.push(key);
  return seen;
}

function ValueView({ tr, name, value, depth }: { tr: Translate; name: string; value: Json; depth: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <Text color="fg.muted">{tr('readable.result.empty')}</Text>;
    if (value.every(isRecord)) {
      const items = value as Record<string, Json>[];
      const columns = columnsOf(items);
      return (
        <DataTable label={fieldLabel(tr, name)} headings={columns.map((c) => fieldLabel(tr, c))} scroll>
          {items.map((item, i) => (
            <Table.Row key={i}>
              {columns.map((c) => (
                <Table.Cell key={c} overflowWrap="anywhere">
                  {isRecord(item[c]) || Array.isArray(item[c]) ? (
                    <ValueView tr={tr} name={c} value={item[c]} depth={depth + 1} />
                  ) : (
                    scalarText(tr, c, item[c])
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </DataTable>
      );
    }
    return <>{value.map((v) => scalarText(tr, name, v)).join(', ')}</>;
  }
  if (isRecord(value)) return <Fields tr={tr} value={value} depth={depth + 1} />;
  return <>{scalarText(tr, name, value)}</>;
}

function Fields({ tr, value, depth }: { tr: Translate; value: Record<string, Json>; depth: number }) {
  const entries = Object.entries(value);
  if (!entries.length) return <Text color="fg.muted">{tr('readable.result.empty')}</Text>;
  return (
    <DataList.Root orientation="horizontal" size="sm" gap={depth ? '1' : undefined}>
      {entries.map(([name, v]) => (
        <DataList.Item key={name} alignItems="flex-start">
          <DataList.ItemLabel minW="36">{fieldLabel(tr, name)}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            <ValueView tr={tr} name={name} value={v} depth={depth} />
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The whole answer as labelled fields and tables. */
export function ResultView(props: { tr: Translate; result: Json; label?: string }): ReactNode {
  const { tr, result } = props;
  return (
    <Box role="group" aria-label={props.label} minW="0">
      <Stack gap="2">
        {isRecord(result) ? (
          <Fields tr={tr} value={result} depth={0} />
        ) : (
          <Text>{scalarText(tr, '', result)}</Text>
        )}
      </Stack>
    </Box>
  );
}
