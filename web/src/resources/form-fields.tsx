/** One input per declared field kind, inside its label, help and error message. */
import {
  Checkbox,
  CheckboxGroup,
  Field as ChakraField,
  Fieldset,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Switch,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { DateField } from '@web/components/ui/date-field.tsx';
import { RemoteSelect, REMOTE_PAGE_SIZE, type RemoteOption } from '@web/components/ui/remote-select.tsx';
import { TreeCheckbox } from '@web/components/ui/tree-checkbox.tsx';
import { call } from '@web/lib/api.ts';
import { asPage, errorMessage } from '@web/resources/api.ts';
import { useRemoteLabels } from '@web/resources/remote-names.tsx';
import { optionLabel } from '@web/resources/cells.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import { RowsEditor } from '@web/resources/rows-editor.tsx';
import type { Field, RemoteSource, Row, TreeNode } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';

export interface FieldProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Sets other values at once (a remote pick that fills several fields). */
  onAssign: (values: Row) => void;
  /** The translated error, if any. */
  error?: string;
  /** rows: untranslated messages of single cells, by `{index}.{key}`. */
  errors?: Record<string, string>;
  /** The record being edited (labels of remote values, the tree's checked ids). */
  record?: Row;
  /** Label of a remote value picked in this form. */
  pickedLabel?: string;
  onPicked?: (label: string) => void;
  /** Scopes server option loads to a declaration. */
  scope: string;
  disabled?: boolean;
  /** A filter of a list: an empty choice means every value ("All"), not "None". */
  filter?: boolean;
}

export function FormField(props: FieldProps) {
  const tr = useTr();
  const { field, error } = props;
  if (field.kind === 'multiselect' || field.kind === 'tree' || field.kind === 'rows') {
    return (
      <Fieldset.Root invalid={Boolean(error)} disabled={props.disabled}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {tr(field.label)}
          {field.required ? <RequiredMark /> : null}
        </Fieldset.Legend>
        {field.help ? <Fieldset.HelperText>{tr(field.help)}</Fieldset.HelperText> : null}
        <Fieldset.Content mt="1">
          {field.kind === 'tree' ? (
            <TreeInput {...props} />
          ) : field.kind === 'rows' ? (
            field.rows ? (
              <RowsEditor
                spec={field.rows}
                rows={Array.isArray(props.value) ? (props.value as Row[]) : []}
                onChange={props.onChange}
                errors={props.errors}
                label={tr(field.label)}
                disabled={props.disabled}
              />
            ) : null
          ) : (
            <MultiInput {...props} />
          )}
        </Fieldset.Content>
        {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    );
  }
  return (
    <ChakraField.Root
      invalid={Boolean(error)}
      required={field.required}
      disabled={props.disabled}
      readOnly={field.readOnly}
    >
      {field.kind === 'switch' ? null : (
        <ChakraField.Label>
          {tr(field.label)}
          <ChakraField.RequiredIndicator />
        </ChakraField.Label>
      )}
      <Control {...props} tr={tr} />
      {field.help ? <ChakraField.HelperText>{tr(field.help)}</ChakraField.HelperText> : null}
      {error ? <ChakraField.ErrorText>{error}</ChakraField.ErrorText> : null}
    </ChakraField.Root>
  );
}

function RequiredMark() {
  return (
    <Text as="span" color="fg.error" ms="1" aria-hidden>
      *
    </Text>
  );
}

function Control(props: FieldProps & { tr: Translate }): ReactNode {
  const { field, tr } = props;
  const can = useCan();
  const text = String(props.value ?? '');
  const set = (e: { currentTarget: { value: string } }) => props.onChange(e.currentTarget.value);
  switch (field.kind) {
    case 'textarea':
      return <Textarea value={text} onChange={set} rows={3} />;
    case 'password':
      return <Input type="password" autoComplete="new-password" value={text} onChange={set} />;
    case 'number':
      return <Input type="number" inputMode="decimal" value={text} onChange={set} />;
    case 'datetime':
      return (
        <DateField
          granularity="second"
          label={tr(field.label)}
          value={text}
          onChange={props.onChange}
          invalid={Boolean(props.error)}
          disabled={props.disabled}
          readOnly={field.readOnly}
        />
      );
    case 'select':
      return (
        <NativeSelect.Root>
          <NativeSelect.Field value={text} onChange={set}>
            {field.required ? null : (
              <option value="">{tr(props.filter ? 'admin.common.all' : 'admin.common.none')}</option>
            )}
            {field.required && text === '' ? (
              <option value="" disabled>
                {tr('admin.common.choose')}
              </option>
            ) : null}
            {(field.options ?? [])
              .filter((o) => can(o.permission) || String(o.value) === text)
              .map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.raw ? o.label : tr(o.label)}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'switch':
      return (
        <Switch.Root checked={Boolean(props.value)} onCheckedChange={(e) => props.onChange(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{tr(field.label)}</Switch.Label>
        </Switch.Root>
      );
    case 'remote':
      return field.remote ? <RemoteInput {...props} source={field.remote} /> : null;
    default:
      return <Input value={text} onChange={set} />;
  }
}

/** Options of a remote source for one page and search text. */
export async function loadRemote(source: RemoteSource, page: number, search: string) {
  const data = await call<unknown>(source.url, {
    ...source.body,
    current: page,
    size: REMOTE_PAGE_SIZE,
    ...(search ? { [source.search]: search } : {}),
  });
  const toOption = (r: Row): RemoteOption => ({
    value: String(r[source.value] ?? ''),
    label: String(r[source.label] ?? r[source.value] ?? ''),
    data: r,
  });
  if (Array.isArray(data)) {
    // Some option calls answer the whole list: search and page it here.
    const wanted = search.trim().toLowerCase();
    const all = (data as Row[])
      .map(toOption)
      .filter((o) => !wanted || o.label.toLowerCase().includes(wanted));
    return { total: all.length, options: all.slice((page - 1) * REMOTE_PAGE_SIZE, page * REMOTE_PAGE_SIZE) };
  }
  const result = asPage(data);
  return { total: result.total, options: result.records.map(toOption) };
}

function RemoteInput(props: FieldProps & { tr: Translate; source: RemoteSource }) {
  const { tr, source, onChange, onAssign, onPicked } = props;
  const value = String(props.value ?? '');
  const load = useCallback((page: number, search: string) => loadRemote(source, page, search), [source]);
  const keptLabel =
    props.pickedLabel ?? (source.currentLabel ? String(props.record?.[source.currentLabel] ?? '') : '');
  // A record that does not carry its current value's name: the name read from the source, never the id
  // (docs/decisions/452-no-raw-values-in-the-console.md); "…" while it is read.
  const { labels } = useRemoteLabels(source, Boolean(value && !keptLabel));
  const currentLabel = keptLabel || (value ? (labels ? (labels.get(value) ?? '-') : '…') : '');
  return (
    <RemoteSelect
      value={value}
      valueLabel={currentLabel}
      load={load}
      disabled={props.disabled}
      onChange={(option) => {
        onChange(option?.value ?? '');
        onPicked?.(option?.label ?? '');
        if (source.assign) onAssign(source.assign((option?.data as Row | undefined) ?? null));
      }}
      labels={{
        placeholder: tr('admin.common.choose'),
        search: tr('admin.common.search'),
        loadMore: tr('admin.common.loadMore'),
        noMore: tr('messages.noMore'),
        clear: tr('admin.common.clear'),
        empty: tr('admin.common.noOptions'),
        error: tr('messages.cannotFetch'),
      }}
    />
  );
}

function MultiInput(props: FieldProps) {
  const tr = useTr();
  const { field } = props;
  const loaded = useLoad(field.loadOptions ? `${props.scope}:${field.name}` : null, () =>
    field.loadOptions ? field.loadOptions() : Promise.resolve([]),
  );
  const options = field.options ?? loaded.data ?? [];
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  if (loaded.loading) return <Spinner size="sm" />;
  if (loaded.error) return <Text color="fg.error">{errorMessage(tr, loaded.error)}</Text>;
  if (options.length === 0) return <Text color="fg.muted">{tr('admin.common.noOptions')}</Text>;
  return (
    <CheckboxGroup value={value} onValueChange={(next) => props.onChange(next)} disabled={props.disabled}>
      <Wrap gap="4">
        {options.map((o) => (
          <Checkbox.Root key={String(o.value)} value={String(o.value)} size="sm">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{optionLabel(tr, options, o.value)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
    </CheckboxGroup>
  );
}

function TreeInput(props: FieldProps) {
  const tr = useTr();
  const { field, record, onChange } = props;
  const recordKey = record ? JSON.stringify(record) : 'new';
  const loaded = useLoad(field.loadTree ? `${props.scope}:${field.name}:${recordKey}` : null, () =>
    field.loadTree ? field.loadTree(record) : Promise.resolve({ nodes: [], checked: [] }),
  );
  // The server's checked ids are the starting value once they arrive.
  const started = useRef<unknown>(null);
  useEffect(() => {
    if (loaded.data && started.current !== loaded.data) {
      started.current = loaded.data;
      if (record) onChange(loaded.data.checked);
    }
  }, [loaded.data, record, onChange]);
  if (loaded.loading) return <Spinner size="sm" />;
  if (loaded.error) return <Text color="fg.error">{errorMessage(tr, loaded.error)}</Text>;
  const nodes = loaded.data?.nodes ?? [];
  if (nodes.length === 0) return <Text color="fg.muted">{tr('admin.common.noOptions')}</Text>;
  return (
    <Stack maxH="96" overflowY="auto" borderWidth="1px" rounded="l2" p="2">
      <TreeCheckbox<TreeNode>
        nodes={nodes}
        value={Array.isArray(props.value) ? (props.value as string[]) : []}
        onChange={(ids) => onChange(ids)}
        labelOf={(node) => tr(node.name)}
        expandLabel={tr('admin.common.expand')}
        disabled={props.disabled}
      />
    </Stack>
  );
}
