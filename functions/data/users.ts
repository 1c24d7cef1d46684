/**
 * Console users, keys `USER#{userId}` / `USER`: the repository's entity (repository.ts), the username unique
 * platform-wide (a deleted user keeps it). Sign-in and access are functions/identity and functions/auth.
 */
import type { SysUser } from '@shared/schemas/admin.ts';
import { Repository } from './repository.ts';

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

export const users = new Repository<UserRecord>({
  type: 'USER',
  idField: 'userId',
  unique: (u) => ({ username: u.username }),
  uniqueMessage: { username: 'server.usernameTaken' },
});
