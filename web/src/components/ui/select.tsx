import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select: keyboard, screen-reader and mobile friendly, and small. */
export function SimpleSelect(props: {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  'aria-label': string;
  size?: 'xs' | 'sm' | 'md';
  width?: string;
}) {
  return (
    <NativeSelect.Root size={props.size ?? 'sm'} width={props.width ?? 'auto'}>
      <NativeSelect.Field
        value={props.value}
        aria-label={props['aria-label']}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
