/**
 * Companies: the list beside the company tree (/operator), and one company's page (/operatorDetail/{id})
 * with its fields, its sub-companies and its users, all from the same declarations.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Flex, Heading, HStack, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { asPage, errorMessage } from '@web/resources/api.ts';
import { renderValue } from '@web/resources/cells.tsx';
import {
  operatorDecl,
  operatorDetailFields,
  operatorDetailPath,
} from '@web/resources/decls/identity/operator.ts';
import { userDecl } from '@web/resources/decls/identity/user.tsx';
import { ResourceDetail } from '@web/resources/detail.tsx';
import { ResourceFormDrawer } from '@web/resources/form-drawer.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';

interface CompanyNode {
  id: string;
  operatorName: string;
  children?: CompanyNode[];
}

const TREE_URL = API.admin.operator.tree;

/** The company tree, each company a link to its page. */
function CompanyTree() {
  const tr = useTr();
  const { data, error, isLoading, mutate } = useSWR(TREE_URL, () => call<CompanyNode[]>(TREE_URL));
  const render = (nodes: CompanyNode[], depth: number) => (
    <Stack as="ul" role={depth ? 'group' : 'tree'} gap="1" ps={depth ? '4' : '0'} listStyleType="none">
      {nodes.map((node) => (
        <Box as="li" key={node.id} role="treeitem">
          <AppLink to={operatorDetailPath(node as unknown as Row)} fontSize="sm">
            {node.operatorName}
          </AppLink>
          {node.children?.length ? render(node.children, depth + 1) : null}
        </Box>
      ))}
    </Stack>
  );
  return (
    <Box as="aside" aria-label={tr('admin.operator.tree')} bg="bg.panel" borderWidth="1px" rounded="l2" p="4">
      <Heading as="h2" size="sm" mb="3">
        {tr('admin.operator.tree')}
      </Heading>
      {isLoading ? <LoadingState label={tr('admin.common.loading')} /> : null}
      {error ? (
        <ErrorState
          title={tr('admin.common.getError')}
          message={errorMessage(tr, error)}
          retryLabel={tr('actions.retry')}
          onRetry={() => void mutate()}
        />
      ) : null}
      {data && data.length === 0 ? <Text color="fg.muted">{tr('admin.common.empty')}</Text> : null}
      {data?.length ? render(data, 0) : null}
    </Box>
  );
}

export function OperatorsPage() {
  const { mutate } = useSWRConfig();
  return (
    <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="flex-start">
      <Box w={{ base: 'full', lg: '64' }} flexShrink={0}>
        <CompanyTree />
      </Box>
      <Box flex="1" minW="0">
        {/* A company added, changed or deleted in the list shows in the tree at once. */}
        <ResourceListPage decl={operatorDecl} onChanged={() => void mutate(TREE_URL)} />
      </Box>
    </Flex>
  );
}

/** The record id of a detail route: `:id`, else the last path segment. */
function useRouteId(): string {
  const params = useParams();
  const { pathname } = useLocation();
  return decodeURIComponent(params.id ?? pathname.split('/').filter(Boolean).pop() ?? '');
}

export function OperatorDetailPage() {
  const tr = useTr();
  const can = useCan();
  const id = useRouteId();
  const [editing, setEditing] = useState(false);
  const info = useSWR([API.admin.operator.info, id], () =>
    call<Row>(API.admin.operator.info, undefined, { id }),
  );
  const children = useSWR(
    [API.admin.operator.listByTree, id],
    async () => asPage(await call<unknown>(API.admin.operator.listByTree, { parentId: id })).records,
  );
  // The users of this company: the user list with the company fixed (and offered for new users).
  const companyUsers = useMemo<ResourceDecl>(
    () => ({
      ...userDecl,
      filters: userDecl.filters?.filter((f) => f.name !== 'agentId'),
      fields: userDecl.fields?.filter((f) => f.name !== 'agentId'),
      defaults: { ...userDecl.defaults, agentId: id },
    }),
    [id],
  );
  const fixed = useMemo(() => ({ agentId: id }), [id]);

  if (info.error)
    return (
      <ErrorState
        title={tr('admin.common.getError')}
        message={errorMessage(tr, info.error)}
        retryLabel={tr('actions.retry')}
        onRetry={() => void info.mutate()}
      />
    );
  if (!info.data) return <LoadingState label={tr('admin.common.loading')} />;
  const company = info.data;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {String(company.operatorName ?? '')}
        </Heading>
        {can(CODE.operatorEdit) ? (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing(true)}>
            {tr('admin.common.edit')}
          </Button>
        ) : null}
      </HStack>
      <Tabs.Root defaultValue="info" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="info">{tr('admin.operator.info')}</Tabs.Trigger>
          <Tabs.Trigger value="children">{tr('admin.operator.children')}</Tabs.Trigger>
          {can(CODE.users) ? <Tabs.Trigger value="users">{tr('admin.operator.users')}</Tabs.Trigger> : null}
        </Tabs.List>
        <Tabs.Content value="info">
          <Box bg="bg.panel" borderWidth="1px" rounded="l2" p="4">
            <ResourceDetail fields={operatorDetailFields} record={company} />
          </Box>
        </Tabs.Content>
        <Tabs.Content value="children">
          <SubCompanies rows={children.data} error={children.error} retry={() => void children.mutate()} />
        </Tabs.Content>
        {can(CODE.users) ? (
          <Tabs.Content value="users">
            <ResourceListPage decl={companyUsers} fixedQuery={fixed} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
      {editing ? (
        <ResourceFormDrawer
          decl={operatorDecl}
          mode="edit"
          row={company}
          open
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            showMessage('success', message);
            void info.mutate();
          }}
        />
      ) : null}
    </Stack>
  );
}

const childColumns = operatorDecl.columns.filter((c) =>
  ['operatorName', 'currency', 'subStatus', 'contactPerson', 'contactMail'].includes(c.key),
);

function SubCompanies(props: { rows?: Row[]; error?: unknown; retry: () => void }) {
  const tr = useTr();
  if (props.error)
    return (
      <ErrorState
        title={tr('admin.common.getError')}
        message={errorMessage(tr, props.error)}
        retryLabel={tr('actions.retry')}
        onRetry={props.retry}
      />
    );
  if (!props.rows) return <LoadingState label={tr('admin.common.loading')} />;
  if (props.rows.length === 0) return <EmptyState title={tr('admin.operator.noChildren')} />;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg.panel">
      <Table.Root size="sm" aria-label={tr('admin.operator.children')}>
        <Table.Header>
          <Table.Row>
            {childColumns.map((c) => (
              <Table.ColumnHeader key={c.key}>{tr(c.label)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row) => (
            <Table.Row key={String(row.id)}>
              {childColumns.map((c) => (
                <Table.Cell key={c.key}>
                  {c.key === 'operatorName' ? (
                    <AppLink to={operatorDetailPath(row)}>{String(row.operatorName ?? '')}</AppLink>
                  ) : (
                    renderValue(tr, c, row)
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
