/**
 * Loads what the main layout needs after login (docs/product.md sections 4 and 8): user info and the menu
 * tree in parallel, then the account check.
 * - both fail: the 500 page;
 * - user info fails (non-zero code or no answer) or the check refuses: session cleared, back to login;
 * - the menu fails: the layout shows "failed to load user menu" with a retry;
 * - subStatus 0 with an agentId: the subscription wizard (/subsplan).
 * A 401 on any of them is the session-expiry flow's (its message, then login); nothing else is shown.
 */
import { API } from '@shared/api/paths.ts';
import { endSession, isSessionExpiring, type SysUser } from '@web/auth/session.ts';
import { STORAGE, writeStored } from '@web/auth/storage.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { request, type Envelope } from '@web/lib/api.ts';
import { menuItems, type MenuNode } from '@web/layout/menu-tree.ts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export interface UserInfo {
  sysUser: SysUser;
  permissions?: string[];
  roles?: string[];
  googleMap?: string | null;
  agentName?: string | null;
}

export type MenuState =
  { status: 'loading' } | { status: 'ready'; items: MenuNode[] } | { status: 'failed'; msg: string };

export type ConsoleSession =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: UserInfo; menu: MenuState };

type Settled<T> = PromiseSettledResult<Envelope<T>>;

const ok = <T>(result: Settled<T>): result is PromiseFulfilledResult<Envelope<T>> =>
  result.status === 'fulfilled' && result.value.code === 0;

function loadMenus() {
  return request<unknown>(API.admin.menu.list, { silent: true });
}

function menuState(result: Settled<unknown>): MenuState {
  if (ok(result)) {
    writeStored(STORAGE.menus, (result.value.data ?? []) as object);
    return { status: 'ready', items: menuItems(result.value.data) };
  }
  const answered = result as PromiseSettledResult<Envelope<unknown>>;
  return { status: 'failed', msg: answered.status === 'fulfilled' ? answered.value.msg : '' };
}

function storeUserInfo(info: UserInfo): void {
  writeStored(STORAGE.user, info.sysUser);
  writeStored(STORAGE.permissions, info.permissions ?? []);
  writeStored(STORAGE.roles, info.roles ?? []);
  writeStored(STORAGE.mapKey, info.googleMap || null);
  const agentId = info.sysUser.agentId;
  writeStored(
    STORAGE.agentId,
    agentId === null || agentId === undefined || agentId === '' ? null : String(agentId),
  );
}

/** docs/product.md section 2: a company without a subscription must first complete the wizard. */
export function needsSubscription(user: SysUser): boolean {
  const hasAgent = user.agentId !== null && user.agentId !== undefined && user.agentId !== '';
  return hasAgent && user.subStatus !== null && user.subStatus !== undefined && Number(user.subStatus) === 0;
}

export function useConsoleSession() {
  const navigate = useNavigate();
  const [session, setSession] = useState<ConsoleSession>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    void (async () => {
      const [info, menus] = await Promise.allSettled([
        request<UserInfo>(API.admin.user.info, { method: 'GET', silent: true }),
        loadMenus(),
      ]);
      if (!active || isSessionExpiring()) return;
      const infoOk = ok(info) && !!info.value.data?.sysUser;
      if (!infoOk && !ok(menus)) return setSession({ status: 'failed' });
      if (!infoOk) return endSession(); // the guard sends the user to /login

      const data = info.value.data;
      storeUserInfo(data);
      const check = await request<{ valid?: boolean }>(API.admin.user.check, { silent: true }).catch(
        () => null,
      );
      if (!active || isSessionExpiring()) return;
      if (!check || check.code !== 0 || check.data?.valid === false) {
        if (check?.msg) showMessage('error', check.msg);
        endSession();
        return;
      }
      if (needsSubscription(data.sysUser)) {
        navigate('/subsplan', { replace: true });
        return;
      }
      setSession({ status: 'ready', info: data, menu: menuState(menus) });
    })();
    return () => {
      active = false;
    };
  }, [navigate]);

  const retryMenus = useCallback(async () => {
    setSession((s) => (s.status === 'ready' ? { ...s, menu: { status: 'loading' } } : s));
    const [result] = await Promise.allSettled([loadMenus()]);
    if (isSessionExpiring()) return;
    setSession((s) => (s.status === 'ready' ? { ...s, menu: menuState(result) } : s));
  }, []);

  const updateUser = useCallback((changes: Partial<SysUser>) => {
    setSession((s) => {
      if (s.status !== 'ready') return s;
      const sysUser = { ...s.info.sysUser, ...changes };
      writeStored(STORAGE.user, sysUser);
      return { ...s, info: { ...s.info, sysUser } };
    });
  }, []);

  return { session, retryMenus, updateUser };
}
