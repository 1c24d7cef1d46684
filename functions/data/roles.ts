/** Roles, keys `ROLE#{roleId}` / `ROLE`: the repository's entity (repository.ts), the role code unique. */
import type { Role } from '@shared/schemas/admin.ts';
import { Repository } from './repository.ts';

export type RoleRecord = Omit<Role, 'createTime' | 'version'>;

export const roles = new Repository<RoleRecord>({
  type: 'ROLE',
  idField: 'roleId',
  unique: (r) => ({ roleCode: r.roleCode }),
  uniqueMessage: { roleCode: 'server.roleCodeTaken' },
});
