/**
 * A select over a long server list (docs/product.md section 9: pages of 10 from page 1): type to search,
 * pick, load more. The list loads only when opened, so a form that never opens it costs no call.
 */
import { Box, Button, HStack, Input, Spinner, Stack, Text, useFieldContext } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

export interface RemoteOption {
  value: string;
  label: string;
  /** The record behind the option. */
  data?: unknown;
}

export const REMOTE_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

export function RemoteSelect(props: {
  value: string;
  valueLabel: string;
  load: (page: number, search: string) => Promise<{ options: RemoteOption[]; total: number }>;
  onChange: (option: RemoteOption | null) => void;
  labels: {
    placeholder: string;
    search: string;
    loadMore: string;
    /** Shown once more than one page was loaded and nothing is left ("no more data"). */
    noMore?: string;
    clear: string;
    empty: string;
    error: string;
  };
  disabled?: boolean;
}) {
  const field = useFieldContext();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const { load } = props;

  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(
      () => {
        setState('loading');
        load(page, search).then(
          (result) => {
            if (!live) return;
            setOptions((prev) => (page === 1 ? result.options : [...prev, ...result.options]));
            setTotal(result.total);
            setState('idle');
          },
          () => live && setState('error'),
        );
      },
      page === 1 && search ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, page, search, load]);

  const pick = (option: RemoteOption | null) => {
    props.onChange(option);
    setOpen(false);
  };

  return (
    <Stack gap="1" width="full">
      <Button
        id={field?.ids.control}
        aria-describedby={field?.ariaDescribedby}
        aria-invalid={field?.invalid || undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        variant="outline"
        justifyContent="space-between"
        fontWeight="normal"
        disabled={props.disabled}
        borderColor={field?.invalid ? 'border.error' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Text truncate color={props.value ? 'fg' : 'fg.muted'}>
          {props.value ? props.valueLabel || props.value : props.labels.placeholder}
        </Text>
        <span aria-hidden>{open ? '▴' : '▾'}</span>
      </Button>
      {open ? (
        <Box borderWidth="1px" rounded="l2" p="2" bg="bg.panel">
          <Input
            size="sm"
            autoFocus
            aria-label={props.labels.search}
            placeholder={props.labels.search}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Stack
            role="listbox"
            aria-label={props.labels.placeholder}
            gap="0"
            mt="2"
            maxH="60"
            overflowY="auto"
          >
            {options.map((option) => (
              <Button
                key={option.value}
                role="option"
                aria-selected={option.value === props.value}
                size="sm"
                variant={option.value === props.value ? 'subtle' : 'ghost'}
                justifyContent="flex-start"
                fontWeight="normal"
                onClick={() => pick(option)}
              >
                {option.label}
              </Button>
            ))}
          </Stack>
          {state === 'idle' && options.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" px="2">
              {props.labels.empty}
            </Text>
          ) : null}
          {state === 'error' ? (
            <Text fontSize="sm" color="fg.error" px="2">
              {props.labels.error}
            </Text>
          ) : null}
          <HStack justify="space-between" mt="1">
            {state === 'loading' ? <Spinner size="sm" /> : <span />}
            <HStack>
              {options.length < total && state !== 'loading' ? (
                <Button size="xs" variant="outline" onClick={() => setPage((p) => p + 1)}>
                  {props.labels.loadMore}
                </Button>
              ) : null}
              {page > 1 && options.length >= total && state === 'idle' && props.labels.noMore ? (
                <Text fontSize="xs" color="fg.muted" role="status">
                  {props.labels.noMore}
                </Text>
              ) : null}
              {props.value ? (
                <Button size="xs" variant="ghost" onClick={() => pick(null)}>
                  {props.labels.clear}
                </Button>
              ) : null}
            </HStack>
          </HStack>
        </Box>
      ) : null}
    </Stack>
  );
}
