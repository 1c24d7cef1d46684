/** How one value reads in a table cell or a detail view, by its declared kind. */
import { Code, HStack, Tag, Text } from '@chakra-ui/react';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import type { Translate } from '@web/resources/i18n.ts';
import type { Column, EnumOption, Row } from '@web/resources/types.ts';
import type { ReactNode } from 'react';

export function optionLabel(
  tr: Translate,
  options: readonly EnumOption[] | undefined,
  value: unknown,
): string {
  const option = options?.find((o) => String(o.value) === String(value));
  if (!option) return value === null || value === undefined ? '' : String(value);
  return option.raw ? option.label : tr(option.label);
}

/** Text of a value, for sorting and for plain cells. */
export function plainValue(tr: Translate, column: Omit<Column, 'sortable' | 'hidden'>, row: Row): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'date':
      return formatDateTime(value);
    case 'enum':
      return optionLabel(tr, column.options, value);
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'percent':
      return `${String(value)} %`;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function renderValue(tr: Translate, column: Omit<Column, 'sortable' | 'hidden'>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return <Text color="fg.subtle">-</Text>;
  if (column.kind === 'enum') {
    const option = column.options?.find((o) => String(o.value) === String(value));
    if (option?.tone)
      return <StatusBadge tone={option.tone} label={optionLabel(tr, column.options, value)} size="sm" />;
  }
  if (column.kind === 'tags' && Array.isArray(value)) {
    return (
      <HStack gap="1" wrap="wrap">
        {value.map((tag) => (
          <Tag.Root key={String(tag)} size="sm">
            <Tag.Label>{String(tag)}</Tag.Label>
          </Tag.Root>
        ))}
      </HStack>
    );
  }
  if (column.kind === 'code') {
    return (
      <Code whiteSpace="pre-wrap" wordBreak="break-all" display="block" p="2">
        {plainValue(tr, column, row)}
      </Code>
    );
  }
  return plainValue(tr, column, row);
}
