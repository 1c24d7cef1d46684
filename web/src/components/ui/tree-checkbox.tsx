/**
 * A checkbox tree (a role's menus and buttons). Each node is granted on its own: checking a node grants it,
 * everything below it and the groups above it (a granted button needs its page); unchecking a node takes
 * it and everything below it away. A node shows "partly" when only some of what is below it is granted.
 */
import { Box, Checkbox, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';

export interface CheckNode {
  id: string;
  children?: CheckNode[];
}

function descendants(node: CheckNode, out: string[] = []): string[] {
  for (const child of node.children ?? []) {
    out.push(child.id);
    descendants(child, out);
  }
  return out;
}

function parentsOf(nodes: readonly CheckNode[]): Map<string, string> {
  const parents = new Map<string, string>();
  const walk = (list: readonly CheckNode[], parent?: string) => {
    for (const node of list) {
      if (parent) parents.set(node.id, parent);
      walk(node.children ?? [], node.id);
    }
  };
  walk(nodes);
  return parents;
}

/** The ids after a click on `node`, given the ids granted before. */
export function toggleNode(
  nodes: readonly CheckNode[],
  granted: readonly string[],
  node: CheckNode,
): string[] {
  const set = new Set(granted);
  const below = descendants(node);
  const full = set.has(node.id) && below.every((id) => set.has(id));
  if (full) {
    for (const id of [node.id, ...below]) set.delete(id);
  } else {
    for (const id of [node.id, ...below]) set.add(id);
    const parents = parentsOf(nodes);
    for (let up = parents.get(node.id); up; up = parents.get(up)) set.add(up);
  }
  return [...set];
}

export function TreeCheckbox<N extends CheckNode>(props: {
  nodes: readonly N[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  labelOf: (node: N) => string;
  expandLabel: string;
  disabled?: boolean;
}) {
  const set = useMemo(() => new Set(props.value), [props.value]);
  const [open, setOpen] = useState<Set<string>>(() => new Set(props.nodes.map((n) => n.id)));

  const render = (node: N, depth: number) => {
    const below = descendants(node);
    const some = below.some((id) => set.has(id));
    const all = below.every((id) => set.has(id));
    const state = set.has(node.id) ? (all ? true : 'indeterminate') : some ? 'indeterminate' : false;
    const children = (node.children ?? []) as N[];
    const expanded = open.has(node.id);
    return (
      <Box key={node.id} role="treeitem" aria-expanded={children.length ? expanded : undefined}>
        <HStack gap="1" ps={depth * 5}>
          {children.length ? (
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={`${props.expandLabel}: ${props.labelOf(node)}`}
              onClick={() =>
                setOpen((prev) => {
                  const next = new Set(prev);
                  if (next.has(node.id)) next.delete(node.id);
                  else next.add(node.id);
                  return next;
                })
              }
            >
              {expanded ? '▾' : '▸'}
            </IconButton>
          ) : (
            <Box w="6" />
          )}
          <Checkbox.Root
            size="sm"
            checked={state}
            disabled={props.disabled}
            onCheckedChange={() => props.onChange(toggleNode(props.nodes, props.value, node))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{props.labelOf(node)}</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
        {children.length && expanded ? (
          <Stack gap="0.5" mt="0.5" role="group">
            {children.map((child) => render(child, depth + 1))}
          </Stack>
        ) : null}
      </Box>
    );
  };

  return (
    <Stack gap="0.5" role="tree">
      {props.nodes.map((node) => render(node, 0))}
    </Stack>
  );
}
