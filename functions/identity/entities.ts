/** The stored identity entities and their repositories (functions/data/repository.ts does keys and tenancy). */
import type { Operator, Role, SysUser } from '@shared/schemas/admin.ts';
import { Repository } from '@functions/data/repository.ts';

export interface UserRecord extends Omit<
  SysUser,
  'roleNames' | 'roleCodes' | 'agentName' | 'createTime' | 'version'
> {
  passwordHash: string;
  /** Consecutive failed logins since the last success. */
  failCount?: number;
  /** 1: deleted (sign-in disabled; the username stays reserved). */
  delFlag?: number;
  /** Stations an ops user is bound to (POST /biz/station/bind). */
  stationIds?: string[];
  /** A fleet account's fleet (kind `fleet`): it sees and changes only that fleet (docs/decisions/366). */
  fleetId?: string;
}

export interface OperatorRecord extends Omit<Operator, 'createTime' | 'version'> {
  /** Path in the operator tree, `/A/A1/`: the tenant of everything the company owns. */
  path: string;
  /** The current subscription and its end (functions/plans/activation.ts writes these). */
  subscribeId?: string;
  subscribeExpireAt?: string;
  /** A paid renewal waiting for its start. */
  nextSubscribeId?: string;
  /** The subscription being paid (one payment per company at a time) and since when. */
  payingId?: string;
  payingAt?: string;
}

export type RoleRecord = Omit<Role, 'createTime' | 'version'>;

export interface OperatorLimitRecord {
  id: string;
  name: string;
  gunNum: number;
  revenueTariff: string;
  agentId?: string;
}

export const users = new Repository<UserRecord>({
  type: 'USER',
  idField: 'userId',
  unique: (u) => ({ username: u.username }),
  uniqueMessage: { username: 'server.usernameTaken' },
});

export const roles = new Repository<RoleRecord>({
  type: 'ROLE',
  idField: 'roleId',
  unique: (r) => ({ roleCode: r.roleCode }),
  uniqueMessage: { roleCode: 'server.roleCodeTaken' },
});

export const operators = new Repository<OperatorRecord>({
  type: 'OPERATOR',
  idField: 'id',
  unique: (o) => ({ operatorName: o.operatorName }),
  uniqueMessage: { operatorName: 'server.operatorNameTaken' },
});

export const operatorLimits = new Repository<OperatorLimitRecord>({
  type: 'OPERATORLIMIT',
  idField: 'id',
  unique: (l) => ({ limitCompany: l.agentId }),
  uniqueMessage: { limitCompany: 'server.limitCompanyTaken' },
});
