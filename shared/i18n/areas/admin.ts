/** System administration screens built on the resource registry: users, roles, companies, limits, logs. */
import { area } from '../area.ts';

export const admin = area(
  {
    admin: {
      users: 'Users',
    },
  },
  {
    'zh-CN': { admin: { users: '用户' } },
    'zh-TW': { admin: { users: '使用者' } },
    de: { admin: { users: 'Benutzer' } },
    th: { admin: { users: 'ผู้ใช้' } },
  },
);
