/** A labelled text input with its error message (Chakra Field): the label names the input for assistive tech. */
import { Field, Flex, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function TextField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error?: string | undefined;
  type?: 'text' | 'password' | 'email' | 'tel';
  required?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  maxLength?: number;
  size?: InputProps['size'];
  /** Shown right of the input (the image code picture). */
  addon?: ReactNode;
}) {
  const input = (
    <Input
      name={props.name}
      type={props.type ?? 'text'}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      readOnly={props.readOnly}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength}
      size={props.size}
      flex={props.addon ? '1' : undefined}
    />
  );
  return (
    <Field.Root invalid={!!props.error} required={props.required} readOnly={props.readOnly}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.addon ? (
        <Flex gap="2" align="center" w="full">
          {input}
          {props.addon}
        </Flex>
      ) : (
        input
      )}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
