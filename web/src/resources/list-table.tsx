/**
 * The table of a list screen (sortable headers, ticks, each row's actions) and its pager. A table wider than
 * the page scrolls sideways in its frame while the Actions column stays at the frame's right edge, over the
 * columns passing under it (docs/decisions/450-wide-tables.md).
 */
import { Button, Checkbox, HStack, Menu, Portal, Table, Text } from '@chakra-ui/react';
import { SimpleSelect } from '@web/components/ui/select.tsx';
import { idOf } from '@web/resources/api.ts';
import { renderValue } from '@web/resources/cells.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { PAGE_SIZES, type ListState } from '@web/resources/list-state.ts';
import type { Column, ResourceDecl, Row } from '@web/resources/types.ts';

export type RowButton = { key: string; label: string; danger?: boolean; onClick: () => void };

/** The Actions column: stuck to the right edge of the scrolling frame, opaque, a line on its left. */
export const stickyEnd = {
  position: 'sticky',
  insetInlineEnd: '0',
  zIndex: '1',
  bg: 'bg.panel',
  boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
} as const;

export function ResourceTable(props: {
  decl: ResourceDecl;
  columns: readonly Column[];
  list: ListState;
  /** Rows can be ticked (for bulk delete). */
  tickable: boolean;
  name: (row: Row) => string;
  actionsOf: (row: Row) => RowButton[];
}) {
  const tr = useTr();
  const { decl, list } = props;
  const { ids, selected, chosen } = list.selection;
  const sort = list.sort;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg.panel">
      <Table.Root size="sm" interactive aria-label={tr(decl.title)} aria-busy={list.swr.isValidating}>
        <Table.Header>
          <Table.Row>
            {props.tickable ? (
              <Table.ColumnHeader w="8">
                <Tick
                  label={tr('admin.common.selectAll')}
                  checked={
                    ids.length > 0 && ids.every((id) => selected.has(id))
                      ? true
                      : chosen.length
                        ? 'indeterminate'
                        : false
                  }
                  onChange={list.selection.all}
                />
              </Table.ColumnHeader>
            ) : null}
            {props.columns.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                whiteSpace="nowrap"
                aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
              >
                {c.sortable ? (
                  <Button
                    size="xs"
                    variant="plain"
                    px="0"
                    fontWeight="semibold"
                    onClick={() => list.sortBy(c.key)}
                  >
                    {tr(c.label)}
                    <span aria-hidden>{sort?.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ' ↕'}</span>
                  </Button>
                ) : (
                  tr(c.label)
                )}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end" whiteSpace="nowrap" {...stickyEnd}>
              {tr('admin.common.actions')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.records.map((row, index) => {
            const id = idOf(decl, row);
            return (
              <Table.Row key={id || index} data-selected={selected.has(id) ? '' : undefined}>
                {props.tickable ? (
                  <Table.Cell>
                    <Tick
                      label={tr('admin.common.selectRow', { name: props.name(row) })}
                      checked={selected.has(id)}
                      onChange={(on) => list.selection.tick(id, on)}
                    />
                  </Table.Cell>
                ) : null}
                {props.columns.map((c) => (
                  <Table.Cell key={c.key} maxW="80" overflowWrap="anywhere">
                    {renderValue(tr, c, row)}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end" {...stickyEnd}>
                  <RowActions actions={props.actionsOf(row)} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Tick(props: { label: string; checked: boolean | 'indeterminate'; onChange: (on: boolean) => void }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={props.label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** Up to three actions as buttons; more than that, the first two and a "More" menu. */
function RowActions({ actions }: { actions: RowButton[] }) {
  const tr = useTr();
  const inline = actions.length <= 3 ? actions : actions.slice(0, 2);
  const more = actions.slice(inline.length);
  return (
    <HStack gap="1" justify="flex-end">
      {inline.map((a) => (
        <Button
          key={a.key}
          size="xs"
          variant="ghost"
          colorPalette={a.danger ? 'red' : 'blue'}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
      {more.length ? (
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size="xs" variant="ghost">
              {tr('admin.common.more')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {more.map((a) => (
                  <Menu.Item
                    key={a.key}
                    value={a.key}
                    color={a.danger ? 'fg.error' : undefined}
                    // Enter on a highlighted item clicks it too
                    onClick={a.onClick}
                  >
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </HStack>
  );
}

/** The total, the page size and previous / next. */
export function Pager({ total, paging }: { total: number; paging: ListState['paging'] }) {
  const tr = useTr();
  const { current, pages } = paging;
  return (
    <HStack justify="space-between" wrap="wrap" gap="3" as="nav" aria-label={tr('admin.common.pagination')}>
      <Text color="fg.muted" fontSize="sm">
        {tr('admin.common.total', { total })}
      </Text>
      <HStack gap="2">
        <SimpleSelect
          aria-label={tr('admin.common.pageSize')}
          value={String(paging.size)}
          options={PAGE_SIZES.map((n) => ({
            value: String(n),
            label: tr('admin.common.perPage', { size: n }),
          }))}
          onChange={(v) => paging.resize(Number(v))}
        />
        <Button size="sm" variant="outline" disabled={current <= 1} onClick={() => paging.go(current - 1)}>
          {tr('admin.common.prev')}
        </Button>
        <Text fontSize="sm" aria-live="polite">
          {tr('admin.common.pageOf', { page: current, pages })}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={current >= pages}
          onClick={() => paging.go(current + 1)}
        >
          {tr('admin.common.next')}
        </Button>
        {/* The last of several pages: nothing beyond it (docs/product.md section 8, "no more data"). */}
        {pages > 1 && current >= pages ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            {tr('messages.noMore')}
          </Text>
        ) : null}
      </HStack>
    </HStack>
  );
}
