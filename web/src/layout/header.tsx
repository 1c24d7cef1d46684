/**
 * Top bar of the main layout (docs/product.md section 2): the menu collapse toggle, the language select and
 * the username dropdown (change password; update info with sys_user_edit; log out).
 */
import { Button, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { PERMISSION } from '@shared/permissions/menus.ts';
import { useCurrentUser } from '@web/auth/user-context.tsx';
import { LanguageSelect } from '@web/layout/language-select.tsx';
import { ChevronIcon, MenuToggleIcon } from '@web/layout/menu-icons.tsx';
import { useTranslation } from 'react-i18next';

export const HEADER_HEIGHT = '14';

export type AccountAction = 'changePassword' | 'updateInfo' | 'logout';

export function Header(props: {
  collapsed: boolean;
  onToggleMenu: () => void;
  onAccountAction: (action: AccountAction) => void;
}) {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const canEditInfo = current?.permissions.has(PERMISSION.userEdit) ?? false;

  return (
    <Flex
      as="header"
      h={HEADER_HEIGHT}
      px={{ base: '3', md: '5' }}
      align="center"
      justify="space-between"
      borderBottomWidth="1px"
      bg="bg.panel"
      position="sticky"
      top="0"
      zIndex="sticky"
      gap="3"
    >
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={props.collapsed ? t('layout.expand') : t('layout.collapse')}
        aria-expanded={!props.collapsed}
        onClick={props.onToggleMenu}
      >
        <MenuToggleIcon collapsed={props.collapsed} />
      </IconButton>
      <HStack gap="3">
        <LanguageSelect />
        <Menu.Root onSelect={(details) => props.onAccountAction(details.value as AccountAction)}>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm">
              <Text as="span" maxW="48" truncate>
                {current?.user.username ?? ''}
              </Text>
              <ChevronIcon open={false} />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44">
                <Menu.Item value="changePassword">{t('account.changePassword')}</Menu.Item>
                {canEditInfo ? <Menu.Item value="updateInfo">{t('account.updateInfo')}</Menu.Item> : null}
                <Menu.Separator />
                <Menu.Item value="logout" color="fg.error">
                  {t('account.logout')}
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}
