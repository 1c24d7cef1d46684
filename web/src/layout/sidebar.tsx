/**
 * The left menu (docs/product.md section 2), built from the server's menu tree: a group per top-level menu
 * with its icon, its pages under it. 240 px wide, 100 px collapsed; collapsed, a group shows its icon and
 * short name and opens its first page. Open groups are kept under `openKeys`, the current menu under
 * `activeKey`.
 */
import { Box, Button, Flex, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { readStoredJson, STORAGE, writeStored } from '@web/auth/storage.ts';
import { ChevronIcon, MenuIcon } from '@web/layout/menu-icons.tsx';
import { menuNameKey, pagesOf, type MenuNode } from '@web/layout/menu-tree.ts';
import type { MenuState } from '@web/layout/use-console-session.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';

export const MENU_WIDTH = 240;
export const MENU_COLLAPSED_WIDTH = 100;

const RouterLink = chakra(NavLink);

export function Sidebar(props: {
  menu: MenuState;
  collapsed: boolean;
  /** Group of the current page: open and highlighted. */
  activeGroupId: string | null;
  activeCode: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => readStoredJson<string[]>(STORAGE.openKeys) ?? []);
  const width = props.collapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH;
  const name = (node: MenuNode) => translateKey(t, menuNameKey(node), node.path ?? node.id);

  const toggle = (id: string) => {
    const next = openKeys.includes(id) ? openKeys.filter((key) => key !== id) : [...openKeys, id];
    setOpenKeys(next);
    writeStored(STORAGE.openKeys, next);
  };

  return (
    <Box
      as="nav"
      aria-label={t('layout.mainMenu')}
      data-collapsed={props.collapsed ? '' : undefined}
      style={{ width, minWidth: width }}
      flexShrink={0}
      bg="gray.900"
      color="gray.100"
      minH="100dvh"
      position="sticky"
      top="0"
      alignSelf="flex-start"
      maxH="100dvh"
      overflowY="auto"
      transition="width 0.15s, min-width 0.15s"
    >
      <Flex
        minH="14"
        py="2"
        align="center"
        justify="center"
        gap="2"
        px="3"
        borderBottomWidth="1px"
        borderColor="gray.700"
      >
        <Text as="span" aria-hidden color="green.400" fontSize="xl">
          ⚡
        </Text>
        {props.collapsed ? null : (
          // The whole name, wrapped at word boundaries (Thai too), never cut (decision 452).
          <Text as="span" fontWeight="semibold" lineHeight="short" {...WRAP_WORDS}>
            {t('app.name')}
          </Text>
        )}
      </Flex>

      {props.menu.status === 'loading' ? (
        <Flex justify="center" py="6" role="status" aria-label={t('layout.menuLoading')}>
          <Spinner size="sm" />
        </Flex>
      ) : null}

      {props.menu.status === 'failed' ? (
        <Stack p="3" gap="2" role="alert">
          <Text fontSize="sm">{t('layout.menuFailed')}</Text>
          {props.menu.msg ? (
            <Text fontSize="xs" color="gray.400">
              {props.menu.msg}
            </Text>
          ) : null}
          <Button size="xs" variant="outline" colorPalette="gray" color="gray.100" onClick={props.onRetry}>
            {t('actions.retry')}
          </Button>
        </Stack>
      ) : null}

      {props.menu.status === 'ready' ? (
        <chakra.ul listStyle="none" m="0" p="2" display="flex" flexDirection="column" gap="1">
          {props.menu.items.map((group) => {
            const pages = pagesOf(group).filter((page) => page !== group);
            const active = group.id === props.activeGroupId;
            const open = active || openKeys.includes(group.id);
            if (pages.length === 0 && group.path) {
              return (
                <li key={group.id}>
                  <MenuLink
                    to={group.path}
                    collapsed={props.collapsed}
                    icon={group.icon}
                    label={name(group)}
                  />
                </li>
              );
            }
            if (pages.length === 0) return null;
            const first = pages[0];
            return (
              <li key={group.id}>
                <chakra.button
                  type="button"
                  aria-expanded={props.collapsed ? undefined : open}
                  title={props.collapsed ? name(group) : undefined}
                  onClick={() => (props.collapsed ? first?.path && navigate(first.path) : toggle(group.id))}
                  {...itemStyle(props.collapsed, active)}
                >
                  <MenuIcon icon={group.icon} />
                  <Text
                    as="span"
                    flex="1"
                    textAlign={props.collapsed ? 'center' : 'start'}
                    {...labelStyle(props.collapsed)}
                  >
                    {name(group)}
                  </Text>
                  {props.collapsed ? null : <ChevronIcon open={open} />}
                </chakra.button>
                {open && !props.collapsed ? (
                  <chakra.ul
                    listStyle="none"
                    m="0"
                    mt="1"
                    p="0"
                    display="flex"
                    flexDirection="column"
                    gap="0.5"
                  >
                    {pages.map((page) => (
                      <li key={page.id}>
                        <RouterLink
                          to={page.path ?? '/'}
                          aria-current={page.id === props.activeCode ? 'page' : undefined}
                          display="block"
                          py="1.5"
                          ps="11"
                          pe="3"
                          rounded="md"
                          fontSize="sm"
                          color={page.id === props.activeCode ? 'white' : 'gray.300'}
                          bg={page.id === props.activeCode ? 'blue.600' : undefined}
                          _hover={{
                            bg: page.id === props.activeCode ? 'blue.600' : 'gray.800',
                            color: 'white',
                          }}
                          onClick={() => writeStored(STORAGE.activeKey, page.id)}
                        >
                          {name(page)}
                        </RouterLink>
                      </li>
                    ))}
                  </chakra.ul>
                ) : null}
              </li>
            );
          })}
        </chakra.ul>
      ) : null}
    </Box>
  );
}

function MenuLink(props: {
  to: string;
  collapsed: boolean;
  icon?: string | null | undefined;
  label: string;
}) {
  return (
    <RouterLink
      to={props.to}
      title={props.collapsed ? props.label : undefined}
      {...itemStyle(props.collapsed, false)}
    >
      <MenuIcon icon={props.icon} />
      <Text as="span" flex="1" {...labelStyle(props.collapsed)}>
        {props.label}
      </Text>
    </RouterLink>
  );
}

function itemStyle(collapsed: boolean, active: boolean) {
  return {
    display: 'flex',
    flexDirection: collapsed ? ('column' as const) : ('row' as const),
    alignItems: 'center',
    gap: collapsed ? '1' : '3',
    w: 'full',
    px: '3',
    py: collapsed ? '2.5' : '2',
    rounded: 'md',
    fontSize: 'sm',
    cursor: 'pointer',
    color: active ? 'white' : 'gray.200',
    bg: active && collapsed ? 'blue.600' : 'transparent',
    _hover: { bg: 'gray.800', color: 'white' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.400' },
  };
}

/**
 * Titles wrap at word boundaries and are never cut: the browser breaks Thai, which has no spaces, between its
 * words as it does at spaces; only a single word wider than the line breaks inside
 * (docs/decisions/452-no-raw-values-in-the-console.md).
 */
export const WRAP_WORDS = {
  whiteSpace: 'normal',
  wordBreak: 'normal',
  overflowWrap: 'anywhere',
  minW: '0',
} as const;

function labelStyle(collapsed: boolean) {
  return collapsed
    ? { fontSize: 'xs', lineClamp: 2, lineHeight: 'short', wordBreak: 'break-word' as const }
    : { ...WRAP_WORDS, lineHeight: 'short' };
}
