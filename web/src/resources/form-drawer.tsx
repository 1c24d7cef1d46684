/**
 * Create and edit of any declared resource, in a drawer. The declaration's zod schema validates the form
 * (the same one the API applies) with localised messages; a 400 from the server puts its per-field
 * messages on the fields, and any other refusal (a stale version, a duplicate) is shown above the form.
 */
import { Alert, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { ApiError, call } from '@web/lib/api.ts';
import { callOf, endpoints, errorMessage, fetchRecord, idOf } from '@web/resources/api.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { FormMode, ResourceDecl, Row } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import {
  cellErrors,
  fieldsFor,
  initialValues,
  settleErrors,
  toBody,
  validate,
  type FormValues,
} from '@web/resources/values.ts';
import { useCallback, useState, type FormEvent } from 'react';

export function ResourceFormDrawer(props: {
  decl: ResourceDecl;
  mode: FormMode;
  /** The list row being edited. */
  row?: Row;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const tr = useTr();
  const { decl, mode, row } = props;
  const { info } = endpoints(decl);
  // Edit starts from the server's current record (and its version), not the possibly stale row.
  const fresh = useLoad(
    props.open && mode === 'edit' && row && info ? `${decl.id}:${idOf(decl, row)}` : null,
    () => fetchRecord(decl, idOf(decl, row ?? {})),
  );
  const record = mode === 'edit' ? (info ? fresh.data : row) : undefined;
  const title = tr(mode === 'create' ? 'admin.common.addTitle' : 'admin.common.editTitle', {
    name: tr(decl.title),
  });

  return (
    <Drawer.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={title}
      open={props.open}
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
      size="md"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            {mode === 'edit' && info && fresh.loading ? (
              <Drawer.Body>
                <LoadingState label={tr('admin.common.loading')} />
              </Drawer.Body>
            ) : mode === 'edit' && info && fresh.error ? (
              <Drawer.Body>
                <ErrorState
                  title={tr('admin.common.getError')}
                  message={errorMessage(tr, fresh.error)}
                  retryLabel={tr('actions.retry')}
                  onRetry={fresh.retry}
                />
              </Drawer.Body>
            ) : props.open ? (
              <FormBody
                key={record ? JSON.stringify(record) : 'new'}
                decl={decl}
                mode={mode}
                record={record}
                onCancel={props.onClose}
                onSaved={props.onSaved}
              />
            ) : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={tr('admin.common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function FormBody(props: {
  decl: ResourceDecl;
  mode: FormMode;
  record?: Row;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const tr = useTr();
  const { decl, mode, record } = props;
  const [values, setValues] = useState<FormValues>(() => initialValues(decl, record));
  const [labels, setLabels] = useState<Record<string, string>>({});
  /** Field name → i18n key or server message. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const can = useCan();
  const fields = fieldsFor(decl, mode);
  const shown = fields.filter((f) => can(f.permission) && (!f.when || f.when(values)));

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // A change clears the field's messages (and those of its rows).
    setErrors((prev) =>
      Object.keys(prev).some((k) => k === name || k.startsWith(`${name}.`))
        ? Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name && !k.startsWith(`${name}.`)))
        : prev,
    );
  }, []);
  const assign = useCallback((more: Row) => setValues((prev) => ({ ...prev, ...more })), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const schema = mode === 'create' ? decl.schemas?.create : decl.schemas?.update;
    const body = toBody(decl, mode, values, record);
    const checked = validate(schema, decl.beforeValidate ? decl.beforeValidate(body, mode) : body);
    if (!checked.ok) {
      setErrors(settleErrors(checked.errors, fields));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const body = decl.beforeSave ? await decl.beforeSave(checked.data, mode) : checked.data;
      await call(callOf(decl, mode === 'create' ? 'add' : 'update'), body);
      props.onSaved(tr('admin.common.saved'));
    } catch (error) {
      // A validation answer (HTTP 400) carries {field: message}; only names of shown fields count (a
      // message on a period of a list, `periods.1.endTime`, is its field's).
      const fieldErrors = error instanceof ApiError ? (error.fields ?? {}) : {};
      const known = settleErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).filter(
            ([name, msg]) => typeof msg === 'string' && shown.some((f) => f.name === name.split('.')[0]),
          ),
        ) as Record<string, string>,
        fields,
      );
      setErrors(known);
      setFormError(Object.keys(known).length ? '' : errorMessage(tr, error));
    } finally {
      setSaving(false);
    }
  };

  // Errors on fields this form does not show still need to be read somewhere.
  const unshown = Object.entries(errors).filter(
    ([name, msg]) => msg && !shown.some((f) => f.name === name.split('.')[0]),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
      <Drawer.Body>
        <Stack gap="4">
          {formError || unshown.length ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{tr(decl.saveFailed ?? 'admin.common.saveError')}</Alert.Title>
                <Alert.Description>
                  {[formError, ...unshown.map(([name, msg]) => `${name}: ${tr(msg)}`)]
                    .filter(Boolean)
                    .join(' ')}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {shown.map((field) => (
            <FormField
              key={field.name}
              field={field}
              scope={decl.id}
              value={values[field.name]}
              onChange={(value) => setValue(field.name, value)}
              onAssign={assign}
              error={errors[field.name] ? tr(errors[field.name] ?? '') : undefined}
              errors={field.kind === 'rows' ? cellErrors(errors, field.name) : undefined}
              record={record}
              pickedLabel={labels[field.name]}
              onPicked={(label) => setLabels((prev) => ({ ...prev, [field.name]: label }))}
              disabled={saving}
            />
          ))}
        </Stack>
      </Drawer.Body>
      <Drawer.Footer>
        <Button variant="outline" onClick={props.onCancel} disabled={saving}>
          {tr('admin.common.cancel')}
        </Button>
        <Button type="submit" colorPalette="blue" loading={saving}>
          {tr('admin.common.save')}
        </Button>
      </Drawer.Footer>
    </form>
  );
}
