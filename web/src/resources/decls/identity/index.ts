/** Console screens of users, roles, companies and the audit log, by route (web/src/resources/screens.ts). */
import { logDecl } from '@web/resources/decls/log.ts';
import { operatorDecl, operatorLimitDecl } from '@web/resources/decls/operator.ts';
import { roleDecl, subRoleDecl } from '@web/resources/decls/role.ts';
import { userDecl } from '@web/resources/decls/user.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { OperatorDetailPage, OperatorsPage } from '@web/resources/operator-pages.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';

/** Every identity declaration (tests walk them). */
export const identityDecls: ResourceDecl[] = [
  userDecl,
  roleDecl,
  subRoleDecl,
  operatorDecl,
  operatorLimitDecl,
  logDecl,
];

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const identityPages: Record<string, ComponentType> = {
  '/user': listPage(userDecl),
  '/role': listPage(roleDecl),
  '/subRole': listPage(subRoleDecl),
  '/operator': OperatorsPage,
  '/operatorDetail': OperatorDetailPage,
  '/operatorLimit': listPage(operatorLimitDecl),
  '/log': listPage(logDecl),
};
