/** Console screens of users, roles, companies and the audit log, by route (web/src/resources/screens.ts). */
import { logDecl } from '@web/resources/decls/log.ts';
import { operatorDecl, operatorLimitDecl } from '@web/resources/decls/operator.ts';
import { roleDecl, subRoleDecl } from '@web/resources/decls/role.ts';
import { userDecl } from '@web/resources/decls/user.tsx';
import { listPageOf } from '@web/resources/list-page.tsx';
import { OperatorDetailPage, OperatorsPage } from '@web/resources/operator-pages.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';

/** Every identity declaration (tests walk them). */
export const identityDecls: ResourceDecl[] = [
  userDecl,
  roleDecl,
  subRoleDecl,
  operatorDecl,
  operatorLimitDecl,
  logDecl,
];

export const identityPages: Record<string, ComponentType> = {
  '/user': listPageOf(userDecl),
  '/role': listPageOf(roleDecl),
  '/subRole': listPageOf(subRoleDecl),
  '/operator': OperatorsPage,
  '/operatorDetail': OperatorDetailPage,
  '/operatorLimit': listPageOf(operatorLimitDecl),
  '/log': listPageOf(logDecl),
};
