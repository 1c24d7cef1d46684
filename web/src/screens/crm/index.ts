/**
 * The CRM screens (app users, their page, the ops view), loaded together
 * (web/src/screens/registry.ts); the insight draws charts and is a module of its own (app-insight.tsx).
 */
import { appUserDecl } from '@web/resources/decls/crm/app-user.tsx';
import { opsUserDecl } from '@web/resources/decls/crm/ops-user.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { createElement } from 'react';

export { AppUserDetailPage } from './app-user-detail.tsx';

export function AppUserPage() {
  return createElement(ResourceListPage, { decl: appUserDecl });
}

export function OpsUserPage() {
  return createElement(ResourceListPage, { decl: opsUserDecl });
}
