/** The filter bar of a list screen: the declared filters, Search (applies them) and Reset (clears them). */
import { Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { useState, type FormEvent } from 'react';

type Filters = NonNullable<ResourceDecl['filters']>;

const blank = (filters: Filters): Row =>
  Object.fromEntries(filters.map((f) => [f.name, toInput(f, undefined)]));

/** Filter values as the list call takes them: empty ones left out. */
export function cleanFilters(filters: Filters, draft: Row): Row {
  const out: Row = {};
  for (const f of filters) {
    const value = fromInput(f, draft[f.name]);
    if (value !== '' && value !== undefined && value !== null && !(Array.isArray(value) && !value.length))
      out[f.name] = value;
  }
  return out;
}

export function FilterBar(props: {
  decl: ResourceDecl;
  onApply: (filters: Row) => void;
  /** Input values the bar starts with (the filters a link named). */
  initial?: Row;
}) {
  const tr = useTr();
  const can = useCan();
  // A filter on a field the user may not see (a fleet account's fleet) is not offered.
  const filters = (props.decl.filters ?? []).filter((f) => can(f.permission));
  const [draft, setDraft] = useState<Row>(() => ({ ...blank(filters), ...props.initial }));
  if (!filters.length) return null;
  // A filter's help goes under the bar, not under its field: every field then has the same height and the
  // fields of one row (From and To) line up.
  const helps = filters.filter((f) => f.help).map((f) => f.help as string);
  return (
    <Box
      as="form"
      role="search"
      bg="bg.panel"
      p="4"
      rounded="l2"
      borderWidth="1px"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onApply(cleanFilters(filters, draft));
      }}
    >
      <Wrap gap="3" align="flex-end">
        {filters.map((f) => (
          <Box key={f.name} minW="48" flex="1" maxW="72">
            <FormField
              field={f.help ? { ...f, help: undefined } : f}
              filter
              scope={`${props.decl.id}:filter`}
              value={draft[f.name]}
              onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
              onAssign={(more) => setDraft((d) => ({ ...d, ...more }))}
            />
          </Box>
        ))}
        <HStack>
          <Button type="submit" colorPalette="blue">
            {tr('admin.common.search')}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setDraft(blank(filters));
              props.onApply({});
            }}
          >
            {tr('admin.common.reset')}
          </Button>
        </HStack>
      </Wrap>
      {helps.length ? (
        <Stack gap="0" mt="2">
          {helps.map((help) => (
            <Text key={help} fontSize="xs" color="fg.muted">
              {tr(help)}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
