/** The bar above a list's table: Add, bulk delete, the declaration's own tools, export, import, refresh, columns. */
import { Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { FILE_EXPORT_CODE } from '@shared/resources/catalogue/file-export.ts';
import { useTr } from '@web/resources/i18n.ts';
import { ExportButton, ImportButton } from '@web/resources/io.tsx';
import type { ListActions } from '@web/resources/list-actions.tsx';
import type { ListState } from '@web/resources/list-state.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Column, ResourceDecl } from '@web/resources/types.ts';

export function ListToolbar(props: {
  decl: ResourceDecl;
  list: ListState;
  actions: ListActions;
  hidden: Set<string>;
  onHidden: (hidden: Set<string>) => void;
  changed: () => void;
}) {
  const tr = useTr();
  const can = useCan();
  const { decl, list, actions } = props;
  const { chosen } = list.selection;
  const { data, isValidating, mutate } = list.swr;
  const total = data?.total ?? 0;
  const Tools = decl.toolbar;
  const mayExport = (decl.permissions.export ?? [decl.permissions.view, FILE_EXPORT_CODE.view]).every(can);
  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <HStack gap="2" wrap="wrap">
        {actions.canAdd ? (
          <Button colorPalette="blue" size="sm" onClick={actions.create}>
            {tr('admin.common.add')}
          </Button>
        ) : null}
        {actions.canDelete ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!chosen.length}
            onClick={() => actions.askBulkDelete(chosen)}
          >
            {tr('admin.common.bulkDelete')}
            {chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        ) : null}
        {Tools ? <Tools query={list.query} total={total} selected={chosen} /> : null}
        {decl.exportable && mayExport ? (
          <ExportButton decl={decl} context={{ query: { ...list.query, ...list.order }, total }} />
        ) : null}
        {decl.importable && can(decl.permissions.import ?? decl.permissions.add) ? (
          <ImportButton decl={decl} onImported={props.changed} />
        ) : null}
      </HStack>
      <HStack gap="2">
        <Button size="sm" variant="ghost" onClick={() => void mutate()} loading={isValidating && !!data}>
          {tr('admin.common.refresh')}
        </Button>
        <ColumnChooser columns={decl.columns} hidden={props.hidden} onChange={props.onHidden} />
      </HStack>
    </HStack>
  );
}

function ColumnChooser(props: {
  columns: readonly Column[];
  hidden: Set<string>;
  onChange: (hidden: Set<string>) => void;
}) {
  const tr = useTr();
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {tr('admin.common.columns')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {props.columns.map((c) => (
              <Menu.CheckboxItem
                key={c.key}
                value={c.key}
                checked={!props.hidden.has(c.key)}
                // keep at least one column
                disabled={!props.hidden.has(c.key) && props.columns.length - props.hidden.size <= 1}
                onCheckedChange={(on) => {
                  const next = new Set(props.hidden);
                  if (on) next.delete(c.key);
                  else next.add(c.key);
                  props.onChange(next);
                }}
              >
                {tr(c.label)}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
