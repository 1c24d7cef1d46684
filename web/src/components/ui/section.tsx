/** The pieces of a detail page: a titled panel and a list of label/value facts. */
import { Box, DataList, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled panel; `aside` stands at the heading's right (a badge, a button). */
export function Section(props: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Box as="section" aria-label={props.title} bg="bg.panel" borderWidth="1px" rounded="l2" p="4" minW="0">
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h2" size="md">
          {props.title}
        </Heading>
        {props.aside}
      </HStack>
      {props.children}
    </Box>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label/value rows; an empty value reads as "-". */
export function Facts(props: {
  items: Fact[];
  label?: string;
  labelMinW?: string;
  /**
   * Values break between words, and inside one only when it is wider than the line (an id, a URL): never
   * inside a word otherwise, Thai's included (docs/decisions/452-no-raw-values-in-the-console.md).
   * `break-all` for values that are codes.
   */
  wordBreak?: 'break-all' | 'break-word';
}) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={props.label}>
      {props.items.map((item) => (
        <DataList.Item key={item.label}>
          <DataList.ItemLabel minW={props.labelMinW ?? '36'}>{item.label}</DataList.ItemLabel>
          <DataList.ItemValue
            minW="0"
            wordBreak={props.wordBreak === 'break-all' ? 'break-all' : 'normal'}
            overflowWrap="anywhere"
          >
            {item.value === '' || item.value === undefined || item.value === null ? '-' : item.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
