/**
 * A declared form as a dialog (types.ts FieldsForm): a row action's `form`, or a toolbar's form with no row.
 * The fields render with FormField, the submit runs through useFieldsSubmit.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import type { ApiPath } from '@shared/api/paths.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Field, FieldsForm, Row } from '@web/resources/types.ts';
import { useFieldsSubmit } from '@web/resources/use-fields-submit.ts';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';

export interface FormDialogProps {
  form: FieldsForm;
  row?: Row;
  /** The fields shown now, when they depend on what was picked (else the form's). */
  fields?: readonly Field[];
  /** A remote pick that sets other values (a charge point's connectors). */
  onAssign?: (values: Row) => void;
  onClose: () => void;
  /** Called with the translated success message. */
  onDone: (message: string) => void;
}

export function FieldsDialog(props: FormDialogProps) {
  const tr = useTr();
  const { form } = props;
  const row = props.row ?? {};
  const fields = props.fields ?? form.fields;
  const state = useFieldsSubmit(form, { row, fields, onDone: props.onDone });
  const title = form.title(row);
  const intro = form.intro?.(row);
  return (
    <ActionDialog
      title={tr(title.message, title.values)}
      submitLabel={form.submitLabel ? tr(form.submitLabel) : undefined}
      busy={state.busy}
      failure={state.failure}
      failureTitle={form.failureTitle ? tr(form.failureTitle) : undefined}
      onClose={props.onClose}
      onSubmit={() => void state.submit()}
    >
      <Stack gap="4">
        {intro ? (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
            {typeof intro === 'string' ? intro : tr(intro.message, intro.values)}
          </Text>
        ) : null}
        {fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope={form.scope}
            value={state.values[field.name]}
            onChange={(v) => state.change(field.name, v)}
            onAssign={(values) => {
              state.setValues((old) => ({ ...old, ...values }));
              props.onAssign?.(values);
            }}
            error={state.errors[field.name] ? tr(state.errors[field.name]!, form.errorValues) : undefined}
            disabled={state.busy}
          />
        ))}
      </Stack>
    </ActionDialog>
  );
}

/**
 * A list toolbar's button that opens a declared form (types.ts `toolbar`), for holders of `permission`; on
 * success it says so and reloads the list at `listUrl`.
 */
export function formButton(spec: {
  /** i18n key of the button. */
  label: string;
  permission: string;
  form: FieldsForm;
  listUrl: ApiPath;
  /** The dialog, when its fields depend on what was picked (else FieldsDialog with the form's). */
  Dialog?: ComponentType<FormDialogProps>;
}): () => ReactNode {
  const Dialog = spec.Dialog ?? FieldsDialog;
  return function FormButton() {
    const tr = useTr();
    const can = useCan();
    const { mutate } = useSWRConfig();
    const [open, setOpen] = useState(false);
    if (!can(spec.permission)) return null;
    return (
      <>
        <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)}>
          {tr(spec.label)}
        </Button>
        {open ? (
          <Dialog
            form={spec.form}
            onClose={() => setOpen(false)}
            onDone={(message) => {
              setOpen(false);
              showMessage('success', message);
              void mutate((key) => Array.isArray(key) && key[0] === spec.listUrl);
            }}
          />
        ) : null}
      </>
    );
  };
}
