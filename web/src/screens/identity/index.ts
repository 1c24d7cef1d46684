/**
 * The identity screens (users, roles, companies, limits, the audit log), loaded together the first time one
 * of their routes is shown (web/src/screens/registry.ts names the screen of each route).
 */
import { logDecl } from '@web/resources/decls/identity/log.ts';
import { operatorLimitDecl } from '@web/resources/decls/identity/operator.ts';
import { roleDecl, subRoleDecl } from '@web/resources/decls/identity/role.ts';
import { userDecl } from '@web/resources/decls/identity/user.tsx';
import { listPageOf } from '@web/resources/list-page.tsx';

export { OperatorDetailPage, OperatorsPage } from './operator-pages.tsx';
export const UsersPage = listPageOf(userDecl);
export const RolesPage = listPageOf(roleDecl);
export const SubRolesPage = listPageOf(subRoleDecl);
export const OperatorLimitsPage = listPageOf(operatorLimitDecl);
export const LogPage = listPageOf(logDecl);
