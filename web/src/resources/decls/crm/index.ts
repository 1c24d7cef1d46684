/** Console screens of the CRM (issue 19), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { AppUserDetailPage } from './app-user-detail.tsx';
import { appUserDecl } from './app-user.tsx';

/** Every CRM declaration (tests walk them). */
export const crmDecls: ResourceDecl[] = [appUserDecl];

export const crmPages: Record<string, ComponentType> = {
  '/appUser': function AppUserPage() {
    return createElement(ResourceListPage, { decl: appUserDecl });
  },
  '/appUserDetail': AppUserDetailPage,
};
