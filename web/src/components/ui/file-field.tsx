/** A required file input with its label, help and error: the upload dialogs' one field. */
import { Field, Input } from '@chakra-ui/react';

export function FileField(props: {
  label: string;
  accept: string;
  error?: string;
  help?: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)} required>
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="file"
        p="1"
        accept={props.accept}
        onChange={(e) => props.onChange(e.currentTarget.files?.[0] ?? null)}
      />
      {props.help ? <Field.HelperText>{props.help}</Field.HelperText> : null}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
