/**
 * A command's parameter form, built from its zod schema (shared/commands/catalogue.ts) rather than written
 * per command: a string is a text input (an ISO date-time a date-time input), a number a number input (a
 * whole number with at most 11 values a select), an enum or literal a select, a boolean a switch, a list of
 * strings or numbers a tags input, a list of enum values checkboxes, an object a group of fields, a list of objects rows that can be added and removed;
 * anything else a JSON text. Required or optional is what the schema says (does it accept nothing?). The
 * same schema validates the values before they are sent; messages are catalog keys, by field path.
 */
import {
  Box,
  Button,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { DateField } from '@web/components/ui/date-field.tsx';
import { fromLocalInput, toLocalInput } from '@web/lib/format.ts';
import type { Translate } from '@web/resources/i18n.ts';
import { globalRegistry, type z } from 'zod';
import { hasText, optionText, paramLabel } from './labels.ts';

export type ParamKind =
  'text' | 'number' | 'datetime' | 'select' | 'switch' | 'tags' | 'checks' | 'json' | 'object' | 'list';

export interface ParamSpec {
  name: string;
  kind: ParamKind;
  required: boolean;
  defaultValue?: unknown;
  /** select and checks: the values offered. */
  options?: readonly (string | number)[];
  /** number: the bounds the input offers (a charger's reported limits, docs/decisions/462). */
  min?: number;
  max?: number;
  /** object: its fields; list: the fields of each row. */
  fields?: ParamSpec[];
  /** Not shown (nor sent) while a sibling field holds one of these values (the schema's `.meta()`). */
  hiddenWhen?: { field: string; values: readonly (string | number)[] };
  /** A help text chosen by a sibling field's value: `{key}.{value}` (a unit that depends on a type). */
  helpBy?: { field: string; key: string };
}

type ParamMeta = Pick<ParamSpec, 'hiddenWhen' | 'helpBy'>;

/** Whether a field is hidden by its siblings' values. */
const hidden = (spec: ParamSpec, values: FormValues) =>
  spec.hiddenWhen !== undefined &&
  spec.hiddenWhen.values.map(String).includes(String(values[spec.hiddenWhen.field] ?? ''));

/** What the form holds: text for inputs and selects, a flag for switches, lists for tags and rows. */
export type FormValue = string | boolean | string[] | FormValues | FormValues[];
export interface FormValues {
  [name: string]: FormValue;
}

/** Errors by field path (`resetType`, `items.0.idTag`), each a catalog key or a server's text. */
export type ParamErrors = Record<string, string>;

// ---- Reading a schema -------------------------------------------------------------------------------------

interface LooseDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  defaultValue?: unknown;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: LooseDef } })._zod.def;

/** The schema under optional, default, preprocess and transform wrappers, with the default it gives. */
function unwrap(schema: z.ZodType): { core: z.ZodType; defaultValue?: unknown } {
  let core = schema;
  let defaultValue: unknown;
  for (let depth = 0; depth < 16; depth++) {
    const def = defOf(core);
    if (['optional', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type) && def.innerType) {
      core = def.innerType;
    } else if ((def.type === 'default' || def.type === 'prefault') && def.innerType) {
      if (defaultValue === undefined) defaultValue = def.defaultValue;
      core = def.innerType;
    } else if (def.type === 'pipe' && def.in && def.out) {
      // z.preprocess(fn, schema) is transform → schema; schema.transform(fn) is schema → transform.
      core = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else break;
  }
  return { core, defaultValue };
}

const SMALL_RANGE = 10;

function describe(name: string, schema: z.ZodType): ParamSpec {
  const required = !schema.safeParse(undefined).success;
  const { core, defaultValue } = unwrap(schema);
  const def = defOf(core);
  const meta = (globalRegistry.get(schema) ?? {}) as ParamMeta;
  const base = {
    name,
    required,
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(meta.hiddenWhen ? { hiddenWhen: meta.hiddenWhen } : {}),
    ...(meta.helpBy ? { helpBy: meta.helpBy } : {}),
  };
  switch (def.type) {
    case 'string': {
      const format = (core as unknown as { format?: string | null }).format;
      return { ...base, kind: format === 'datetime' ? 'datetime' : 'text' };
    }
    case 'number': {
      const n = core as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const min = n.minValue ?? -Infinity;
      const max = n.maxValue ?? Infinity;
      if (n.isInt && Number.isFinite(min) && Number.isFinite(max) && max - min <= SMALL_RANGE)
        return { ...base, kind: 'select', options: Array.from({ length: max - min + 1 }, (_, i) => min + i) };
      return { ...base, kind: 'number' };
    }
    case 'enum':
      return { ...base, kind: 'select', options: Object.values(def.entries ?? {}) };
    case 'literal':
      return {
        ...base,
        kind: 'select',
        options: (def.values ?? []).filter(
          (v): v is string | number => typeof v === 'string' || typeof v === 'number',
        ),
      };
    case 'boolean':
      return { ...base, kind: 'switch' };
    case 'object':
      return { ...base, kind: 'object', fields: describeParams(core as z.ZodObject) };
    case 'array': {
      const element = def.element ? unwrap(def.element).core : undefined;
      const type = element ? defOf(element).type : '';
      if (type === 'enum' && element)
        return { ...base, kind: 'checks', options: Object.values(defOf(element).entries ?? {}) };
      if (type === 'string' || type === 'number') return { ...base, kind: 'tags' };
      if (type === 'object' && element)
        return { ...base, kind: 'list', fields: describeParams(element as z.ZodObject) };
      return { ...base, kind: 'json' };
    }
    default:
      return { ...base, kind: 'json' };
  }
}

/** The form of a command's parameter schema, a field per key in the schema's order. */
export function describeParams(schema: z.ZodObject): ParamSpec[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, s]) => describe(name, s));
}

// ---- Values -----------------------------------------------------------------------------------------------

function initial(spec: ParamSpec): FormValue {
  const d = spec.defaultValue;
  switch (spec.kind) {
    case 'switch':
      return Boolean(d);
    case 'tags':
    case 'checks':
      return Array.isArray(d) ? d.map(String) : [];
    case 'json':
      return d === undefined ? '' : JSON.stringify(d);
    case 'datetime':
      return d === undefined ? '' : toLocalInput(d);
    case 'object':
      return initialValues(spec.fields ?? []);
    case 'list':
      return spec.required ? [initialValues(spec.fields ?? [])] : [];
    default:
      return d === undefined || d === null ? '' : String(d);
  }
}

export function initialValues(specs: readonly ParamSpec[]): FormValues {
  return Object.fromEntries(specs.map((spec) => [spec.name, initial(spec)]));
}

const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));

function convert(spec: ParamSpec, value: FormValue | undefined, path: string, errors: ParamErrors): unknown {
  const text = typeof value === 'string' ? value : '';
  const empty = text.trim() === '';
  const missing = () => {
    if (spec.required) errors[path] = 'validation.required';
    return undefined;
  };
  switch (spec.kind) {
    case 'switch':
      return Boolean(value);
    case 'tags':
      return (Array.isArray(value) ? (value as string[]) : []).map((v) => v.trim()).filter(Boolean);
    case 'checks': {
      const numeric = typeof spec.options?.[0] === 'number';
      return (Array.isArray(value) ? (value as string[]) : []).map((v) => (numeric ? Number(v) : v));
    }
    case 'object':
      return convertAll(spec.fields ?? [], (value ?? {}) as FormValues, path, errors);
    case 'list':
      return (Array.isArray(value) ? (value as FormValues[]) : []).map((row, i) =>
        convertAll(spec.fields ?? [], row, join(path, i), errors),
      );
    case 'json':
      if (empty) return missing();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        errors[path] = 'commandConsole.form.jsonInvalid';
        return undefined;
      }
    case 'number': {
      if (empty) return missing();
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'select':
      if (empty) return missing();
      return typeof spec.options?.[0] === 'number' ? Number(text) : text;
    case 'datetime':
      if (empty) return missing();
      return fromLocalInput(text) ?? text;
    default:
      return empty ? missing() : text;
  }
}

function convertAll(specs: readonly ParamSpec[], values: FormValues, path: string, errors: ParamErrors) {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    if (hidden(spec, values)) continue;
    const v = convert(spec, values[spec.name], join(path, spec.name), errors);
    if (v !== undefined) out[spec.name] = v;
  }
  return out;
}

/**
 * The parameters to send, checked with the command's own schema: the parsed parameters, or the errors by
 * field path (a required field left empty says so before the schema's finer rules).
 */
export function checkParams(
  schema: z.ZodObject,
  specs: readonly ParamSpec[],
  values: FormValues,
): { ok: true; params: Record<string, unknown> } | { ok: false; errors: ParamErrors } {
  const early: ParamErrors = {};
  const params = convertAll(specs, values, '', early);
  const result = schema.safeParse(params);
  const errors: ParamErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || '_';
      errors[path] ??= hasText(issue.message) ? issue.message : 'admin.common.invalid';
    }
  }
  Object.assign(errors, early);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, params: (result.success ? result.data : params) as Record<string, unknown> };
}

// ---- The fields -------------------------------------------------------------------------------------------

export interface ParamFieldsProps {
  tr: Translate;
  specs: readonly ParamSpec[];
  values: FormValues;
  errors: ParamErrors;
  onChange: (values: FormValues) => void;
  /** The path of these fields inside the parameters ('' at the top). */
  path?: string;
  disabled?: boolean;
}

/** One field per parameter; errors are shown by path and translated when they are catalog keys. */
export function ParamFields(props: ParamFieldsProps) {
  const { specs, values, onChange } = props;
  return (
    <Stack gap="3">
      {specs
        .filter((spec) => !hidden(spec, values))
        .map((spec) => (
          <ParamField
            key={spec.name}
            {...props}
            spec={spec}
            value={values[spec.name]}
            onValue={(v) => onChange({ ...values, [spec.name]: v })}
            siblings={values}
          />
        ))}
    </Stack>
  );
}

function ParamField(
  props: ParamFieldsProps & {
    spec: ParamSpec;
    value: FormValue | undefined;
    onValue: (v: FormValue) => void;
    siblings?: FormValues;
  },
) {
  const { tr, spec, value, onValue, errors, disabled } = props;
  const helpKey = spec.helpBy
    ? `${spec.helpBy.key}.${String(props.siblings?.[spec.helpBy.field] ?? '')}`
    : undefined;
  const path = join(props.path ?? '', spec.name);
  const label = paramLabel(tr, spec.name);
  const error = errors[path] ? tr(errors[path]) : undefined;
  const text = typeof value === 'string' ? value : '';
  const set = (e: { currentTarget: { value: string } }) => onValue(e.currentTarget.value);

  if (spec.kind === 'object' || spec.kind === 'list') {
    const fields = spec.fields ?? [];
    return (
      <Fieldset.Root invalid={Boolean(error)} disabled={disabled} borderWidth="1px" rounded="l2" p="3">
        <Fieldset.Legend fontSize="sm" fontWeight="medium" px="1">
          {label}
          {spec.required ? <RequiredMark /> : null}
        </Fieldset.Legend>
        <Fieldset.Content mt="1">
          {spec.kind === 'object' ? (
            <ParamFields
              {...props}
              specs={fields}
              values={(value ?? {}) as FormValues}
              onChange={onValue}
              path={path}
            />
          ) : (
            <Rows
              {...props}
              fields={fields}
              rows={(value ?? []) as FormValues[]}
              onRows={onValue}
              path={path}
            />
          )}
        </Fieldset.Content>
        {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    );
  }

  if (spec.kind === 'checks') {
    const checked = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {label}
          {spec.required ? <RequiredMark /> : null}
        </Fieldset.Legend>
        <Fieldset.Content mt="1">
          <CheckboxGroup value={checked} onValueChange={(next) => onValue(next)} disabled={disabled}>
            <Wrap gap="4">
              {(spec.options ?? []).map((o) => (
                <Checkbox.Root key={String(o)} value={String(o)} size="sm">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{optionText(tr, spec.name, o)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </CheckboxGroup>
        </Fieldset.Content>
        {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    );
  }

  if (spec.kind === 'tags') {
    const tags = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Field.Root invalid={Boolean(error)} disabled={disabled}>
        <TagsInput.Root
          value={tags}
          onValueChange={(e) => onValue(e.value)}
          blurBehavior="add"
          addOnPaste
          size="sm"
          invalid={Boolean(error)}
          disabled={disabled}
        >
          <TagsInput.Label>
            {label}
            {spec.required ? <RequiredMark /> : null}
          </TagsInput.Label>
          <TagsInput.Control>
            <TagsInput.Items />
            <TagsInput.Input placeholder={tr('commandConsole.form.tagsHelp')} />
          </TagsInput.Control>
        </TagsInput.Root>
        <Field.HelperText>{tr('commandConsole.form.tagsHelp')}</Field.HelperText>
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    );
  }

  return (
    <Field.Root invalid={Boolean(error)} required={spec.required} disabled={disabled}>
      {spec.kind === 'switch' ? null : (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {spec.kind === 'switch' ? (
        <Switch.Root checked={Boolean(value)} onCheckedChange={(e) => onValue(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      ) : spec.kind === 'select' ? (
        <NativeSelect.Root>
          <NativeSelect.Field value={text} onChange={set}>
            {/* A choice with a default has no empty one: leaving it is the default. */}
            {spec.defaultValue === undefined ? (
              <option value="" disabled={spec.required}>
                {spec.required ? tr('admin.common.choose') : tr('admin.common.none')}
              </option>
            ) : null}
            {(spec.options ?? []).map((o) => (
              <option key={String(o)} value={String(o)}>
                {optionText(tr, spec.name, o)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : spec.kind === 'number' ? (
        <Input type="number" inputMode="numeric" value={text} onChange={set} min={spec.min} max={spec.max} />
      ) : spec.kind === 'datetime' ? (
        <DateField
          granularity="second"
          label={label}
          value={text}
          invalid={Boolean(error)}
          disabled={disabled}
          onChange={onValue}
        />
      ) : spec.kind === 'json' ? (
        <Textarea value={text} onChange={set} rows={4} fontFamily="mono" fontSize="sm" />
      ) : (
        <Input value={text} onChange={set} />
      )}
      {spec.kind === 'json' ? (
        <Field.HelperText>{tr('commandConsole.form.jsonHelp')}</Field.HelperText>
      ) : null}
      {spec.kind === 'datetime' ? (
        <Field.HelperText>{tr('commandConsole.form.datetimeHelp')}</Field.HelperText>
      ) : null}
      {helpKey && hasText(helpKey) ? <Field.HelperText>{tr(helpKey)}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function Rows(
  props: ParamFieldsProps & {
    fields: ParamSpec[];
    rows: FormValues[];
    onRows: (rows: FormValues[]) => void;
    path: string;
  },
) {
  const { tr, fields, rows, onRows, path } = props;
  return (
    <Stack gap="3">
      {rows.map((row, i) => (
        <Box key={i} borderTopWidth={i ? '1px' : undefined} pt={i ? '3' : undefined}>
          <HStack justify="space-between" mb="2">
            <Text fontSize="sm" color="fg.muted">
              {tr('commandConsole.form.row', { n: i + 1 })}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => onRows(rows.filter((_, j) => j !== i))}
              disabled={props.disabled}
            >
              {tr('commandConsole.form.removeRow', { n: i + 1 })}
            </Button>
          </HStack>
          <ParamFields
            {...props}
            specs={fields}
            values={row}
            onChange={(next) => onRows(rows.map((r, j) => (j === i ? next : r)))}
            path={join(path, i)}
          />
        </Box>
      ))}
      <Box>
        <Button
          size="xs"
          variant="outline"
          onClick={() => onRows([...rows, initialValues(fields)])}
          disabled={props.disabled}
        >
          {tr('commandConsole.form.addRow')}
        </Button>
      </Box>
    </Stack>
  );
}

function RequiredMark() {
  return (
    <Text as="span" color="fg.error" ms="1" aria-hidden>
      *
    </Text>
  );
}
