/**
 * The main layout of every authenticated page (docs/product.md section 2): the server-driven left menu, the
 * header, the page title and the second-level tabs, the page, and the expiry warning. It loads user info and
 * menus first (use-console-session.ts), logs out after 30 minutes without input and keeps the access token
 * fresh.
 */
import '@web/lib/zod-config.ts';
import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { logout } from '@web/auth/logout.ts';
import { useTokenRefresh } from '@web/auth/token-refresh.ts';
import { CurrentUserContext, type CurrentUser } from '@web/auth/user-context.tsx';
import { STORAGE, writeStored } from '@web/auth/storage.ts';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { ChangePasswordDialog, UpdateInfoDialog } from '@web/layout/account-dialogs.tsx';
import { ExpiryWarning } from '@web/layout/expiry-warning.tsx';
import { Header, type AccountAction } from '@web/layout/header.tsx';
import { KeptPages } from '@web/layout/kept-pages.tsx';
import { findInTree, pagesOf } from '@web/layout/menu-tree.ts';
import { usePageTitle } from '@web/layout/page-title.ts';
import { useRouteHandle } from '@web/layout/route-handle.ts';
import { NoAccessPage } from '@web/pages/no-access-page.tsx';
import { Sidebar } from '@web/layout/sidebar.tsx';
import { TabBar } from '@web/layout/tab-bar.tsx';
import { useConsoleSession } from '@web/layout/use-console-session.ts';
import { useIdle } from '@web/layout/use-idle-logout.ts';
import { ServerErrorPage } from '@web/pages/server-error-page.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, retryMenus, updateUser } = useConsoleSession();
  useTokenRefresh();
  useIdle(() => {
    showMessage('warning', t('session.idle'));
    void logout().then(() => navigate('/login', { replace: true }));
  });

  const current = useMemo<CurrentUser | null>(() => {
    if (session.status !== 'ready') return null;
    const { info } = session;
    return {
      user: info.sysUser,
      permissions: new Set(info.permissions ?? []),
      roles: info.roles ?? [],
      agentName: info.agentName ?? info.sysUser.agentName ?? null,
      mapKey: info.googleMap ?? null,
      updateUser,
    };
  }, [session, updateUser]);

  if (session.status === 'failed') return <ServerErrorPage />;
  if (session.status === 'loading' || !current) {
    return (
      <Flex minH="100dvh" align="center" justify="center">
        <LoadingState label={t('shell.loading')} />
      </Flex>
    );
  }

  return (
    <CurrentUserContext.Provider value={current}>
      <Frame session={session} onRetryMenus={() => void retryMenus()} />
    </CurrentUserContext.Provider>
  );
}

function Frame({
  session,
  onRetryMenus,
}: {
  session: Extract<ReturnType<typeof useConsoleSession>['session'], { status: 'ready' }>;
  onRetryMenus: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const title = usePageTitle(handle);
  const [collapsed, setCollapsed] = useState(false);
  const [dialog, setDialog] = useState<AccountAction | null>(null);

  const items = session.menu.status === 'ready' ? session.menu.items : [];
  const found = findInTree(items, { code: handle.code, path: pathname });
  // A route outside the account's menus and codes shows "no access" instead of its screen and the API's
  // refusals (decision 467); while the menus load (or when they failed) the codes are not second-guessed.
  const permitted =
    !handle.code ||
    session.menu.status !== 'ready' ||
    (session.info.permissions ?? []).includes(handle.code) ||
    findInTree(items, { code: handle.code }) !== null;
  // Routes outside the menu (the not-found and no-access pages) bring their own heading.
  const titled = permitted && !!(handle.code || handle.titleKey);
  const activeCode = found?.node.id ?? handle.code ?? null;
  const tabs = found && !handle.hideTabs ? pagesOf(found.group) : [];

  useEffect(() => {
    if (activeCode) writeStored(STORAGE.activeKey, activeCode);
  }, [activeCode]);
  useEffect(() => {
    document.title = titled ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, titled, t]);

  const onAccountAction = (action: AccountAction) => {
    if (action === 'logout') void logout().then(() => navigate('/login', { replace: true }));
    else setDialog(action);
  };

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Sidebar
        menu={session.menu}
        collapsed={collapsed}
        activeGroupId={found?.group.id ?? null}
        activeCode={activeCode}
        onRetry={onRetryMenus}
      />
      <Flex direction="column" flex="1" minW="0">
        <Header
          collapsed={collapsed}
          onToggleMenu={() => setCollapsed((c) => !c)}
          onAccountAction={onAccountAction}
        />
        <Box as="main" px={{ base: '4', md: '6' }} py="5" flex="1">
          <Stack gap="4">
            {titled ? (
              <Heading as="h1" size="lg">
                {title}
              </Heading>
            ) : null}
            {permitted ? (
              <>
                <TabBar pages={tabs} activeCode={activeCode} />
                <KeptPages />
              </>
            ) : (
              <NoAccessPage />
            )}
          </Stack>
        </Box>
      </Flex>
      <ExpiryWarning user={session.info.sysUser} permissions={new Set(session.info.permissions ?? [])} />
      <ChangePasswordDialog open={dialog === 'changePassword'} onClose={() => setDialog(null)} />
      <UpdateInfoDialog open={dialog === 'updateInfo'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
