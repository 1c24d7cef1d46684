/** Console screens of the CRM (issue 19: app users, their page, the ops view, the insight), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { lazy, Suspense } from 'react';
import { AppUserDetailPage } from './app-user-detail.tsx';
import { appUserDecl } from './app-user.tsx';
import { opsUserDecl } from './ops-user.tsx';

// The insight's chart stays out of the main bundle until the page is shown.
const LazyInsight = lazy(() => import('./app-insight.tsx').then((m) => ({ default: m.AppInsightPage })));

/** Every CRM declaration (tests walk them). */
export const crmDecls: ResourceDecl[] = [appUserDecl, opsUserDecl];

export const crmPages: Record<string, ComponentType> = {
  '/appUser': function AppUserPage() {
    return createElement(ResourceListPage, { decl: appUserDecl });
  },
  '/appUserDetail': AppUserDetailPage,
  '/opsUser': function OpsUserPage() {
    return createElement(ResourceListPage, { decl: opsUserDecl });
  },
  '/appInsight': function AppInsightRoute() {
    const tr = useTr();
    return createElement(
      Suspense,
      { fallback: createElement(LoadingState, { label: tr('crm.insight.loading') }) },
      createElement(LazyInsight),
    );
  },
};
