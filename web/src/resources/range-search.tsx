/**
 * A search form over a time range: the caller's own fields, then From and To (to the second), Search and,
 * when given, Reset; under them how far back one may ask and why the last range was refused.
 */
import { Box, Button, Field, HStack, Text } from '@chakra-ui/react';
import { DateField } from '@web/components/ui/date-field.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { FormEvent, ReactNode } from 'react';

export function RangeSearch(props: {
  /** The form's accessible name. */
  label: string;
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onRange: (range: { from?: string; to?: string }) => void;
  onSubmit: () => void;
  onReset?: () => void;
  /** How far back one may ask, in words. */
  help: string;
  /** Why the last range was refused, or null. */
  problem: string | null;
  /** More fields, before the range. */
  children?: ReactNode;
}) {
  const tr = useTr();
  const bound = (name: 'from' | 'to', label: string) => (
    <Field.Root w="auto" minW="64">
      <Field.Label>{label}</Field.Label>
      <DateField
        granularity="second"
        size="sm"
        label={label}
        value={props[name]}
        onChange={(value) => props.onRange({ [name]: value })}
      />
    </Field.Root>
  );
  return (
    <Box
      as="form"
      aria-label={props.label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <HStack align="flex-end" wrap="wrap" gap="3">
        {props.children}
        {bound('from', props.fromLabel)}
        {bound('to', props.toLabel)}
        <Button type="submit" size="sm" colorPalette="blue">
          {tr('admin.common.search')}
        </Button>
        {props.onReset ? (
          <Button size="sm" variant="outline" onClick={props.onReset}>
            {tr('admin.common.reset')}
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {props.help}
      </Text>
      {props.problem ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1">
          {props.problem}
        </Text>
      ) : null}
    </Box>
  );
}
