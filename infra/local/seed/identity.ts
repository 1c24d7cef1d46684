/**
 * Identity seed (docs/architecture.md section 8). Always: the role catalogue (platform administrator, company
 * roles, the four subscription roles) and the platform administrator `admin`. Demo: the demo operator company
 * (the demo chargers' owner), its administrator `operator`, and the fleet administrator `fleet@demo.local`.
 * Local demo data only: these passwords are published in the README.
 */
import { BUILT_IN_ROLE_NAMES } from '@shared/permissions/built-in-roles.ts';
import { menuCatalogue, type MenuDef } from '@shared/permissions/menus.ts';
import { LOCK_FLAG, ROLE_FLAG, ROLE_TYPE, SUB_STATUS } from '@shared/schemas/admin.ts';
import { hashSeedSecret } from '@functions/lib/password.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { operators } from '@functions/data/operators.ts';
import { roles, type RoleRecord } from '@functions/data/roles.ts';
import { users } from '@functions/data/users.ts';
import { parameters, PARAMETER_CODE } from '@functions/admin/parameters.ts';
import { DEMO_AGENT_ID } from './demo-chargers.ts';
import type { SeedStep } from './index.ts';

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin12345' },
  operator: { username: 'operator', password: 'Operator12345' },
  fleet: { username: 'fleet@demo.local', password: 'Fleet12345' },
} as const;

const ids = (keep: (menu: MenuDef) => boolean) => menuCatalogue.filter(keep).map((m) => m.id);
const company = (m: MenuDef) => !m.platformOnly;
const under =
  (...roots: string[]) =>
  (m: MenuDef) =>
    roots.some((r) => m.id === r || m.id.startsWith(r.slice(0, -3)));

/** Fixed ids so a re-run finds them and tests can name them. */
export const SEED_ROLE = {
  admin: 'role-platform-admin',
  operatorAdmin: 'role-operator-admin',
  opsStaff: 'role-ops-staff',
  fleetAdmin: 'role-fleet-admin',
  pro: 'role-sub-pro',
  basic: 'role-sub-basic',
  subscribeable: 'role-sub-subscribeable',
  unsubscribeable: 'role-sub-unsubscribeable',
} as const;

const seedRoles: RoleRecord[] = [
  {
    roleId: SEED_ROLE.admin,
    roleName: BUILT_IN_ROLE_NAMES.ROLE_ADMIN,
    roleCode: 'ROLE_ADMIN',
    roleFlag: ROLE_FLAG.admin,
    roleType: ROLE_TYPE.normal,
    menuIds: ids(() => true),
  },
  {
    roleId: SEED_ROLE.operatorAdmin,
    roleName: BUILT_IN_ROLE_NAMES.ROLE_OPERATOR_ADMIN,
    roleCode: 'ROLE_OPERATOR_ADMIN',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.normal,
    menuIds: ids(company),
  },
  {
    roleId: SEED_ROLE.opsStaff,
    roleName: BUILT_IN_ROLE_NAMES.ROLE_OPS,
    roleCode: 'ROLE_OPS',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.normal,
    menuIds: ids(
      (m) =>
        company(m) &&
        /^(1\d{3}|2\d{3}|5\d{3})$/.test(m.id) &&
        !['2101', '2103', '2201', '2203'].includes(m.id),
    ),
  },
  {
    roleId: SEED_ROLE.fleetAdmin,
    roleName: BUILT_IN_ROLE_NAMES.ROLE_FLEET_ADMIN,
    roleCode: 'ROLE_FLEET_ADMIN',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.normal,
    menuIds: ids(under('11000')),
  },
  {
    roleId: SEED_ROLE.pro,
    roleName: BUILT_IN_ROLE_NAMES.SUB_PRO,
    roleCode: 'SUB_PRO',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.pro,
    menuIds: ids(company),
  },
  {
    roleId: SEED_ROLE.basic,
    roleName: BUILT_IN_ROLE_NAMES.SUB_BASIC,
    roleCode: 'SUB_BASIC',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.basic,
    menuIds: ids((m) => company(m) && !m.pro),
  },
  {
    roleId: SEED_ROLE.subscribeable,
    roleName: BUILT_IN_ROLE_NAMES.SUB_PENDING,
    roleCode: 'SUB_PENDING',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.subscribeable,
    // A company that has not subscribed yet may only complete the subscription wizard.
    menuIds: [
      '6000',
      '6500',
      '6502',
      '6504',
      '6910',
      'sys_planoper_edit',
      'sys_payChannel_mgr',
      'sys_mail_mgr',
      'sys_user_edit',
    ],
  },
  {
    roleId: SEED_ROLE.unsubscribeable,
    roleName: BUILT_IN_ROLE_NAMES.SUB_NONE,
    roleCode: 'SUB_NONE',
    roleFlag: ROLE_FLAG.company,
    roleType: ROLE_TYPE.unsubscribeable,
    menuIds: ids(company),
  },
];

async function createUser(input: {
  userId: string;
  username: string;
  password: string;
  role: string[];
  agentId?: string;
  tenant: string;
  kind: 'user' | 'fleet';
  email?: string;
  fleetId?: string;
}) {
  const existing = await users.getAny(input.userId);
  // A data folder seeded before fleet accounts were bound to their fleet gets the binding.
  if (existing && input.fleetId && !existing.fleetId)
    await users.update(existing, { ...existing, fleetId: input.fleetId });
  if (existing) return;
  await users.create(
    {
      userId: input.userId,
      username: input.username,
      passwordHash: await hashSeedSecret(input.password),
      role: input.role,
      agentId: input.agentId,
      lockFlag: LOCK_FLAG.normal,
      kind: input.kind,
      email: input.email,
      ...(input.fleetId ? { fleetId: input.fleetId } : {}),
    },
    input.tenant,
  );
}

/** The demo fleet's id (demo-accounts.ts creates the fleet). */
export const DEMO_FLEET_ID = 'demo-fleet';

export const identityCatalogue: SeedStep = {
  id: 'identity-catalogue',
  always: true,
  async run() {
    for (const role of seedRoles)
      if (!(await roles.getAny(role.roleId))) await roles.create(role, PLATFORM_TENANT);
    await createUser({
      userId: 'user-admin',
      ...DEMO_ACCOUNTS.admin,
      role: [SEED_ROLE.admin],
      tenant: PLATFORM_TENANT,
      kind: 'user',
    });
    if (!(await parameters.repo.getAny('copyright')))
      await parameters.repo.create(
        {
          id: 'copyright',
          type: 'system',
          code: PARAMETER_CODE.copyright,
          name: 'Copyright',
          value: '/charge/privacy/',
          description: '© 2026 EV Charging Network',
          sort: 1,
          enable: true,
          tenant: PLATFORM_TENANT,
        },
        PLATFORM_TENANT,
      );
  },
  describe: () => [
    `Platform administrator: ${DEMO_ACCOUNTS.admin.username} / ${DEMO_ACCOUNTS.admin.password}`,
  ],
};

export const demoIdentity: SeedStep = {
  id: 'identity-demo',
  always: false,
  async run() {
    const path = `/${DEMO_AGENT_ID}/`;
    if (!(await operators.getAny(DEMO_AGENT_ID)))
      await operators.create(
        {
          id: DEMO_AGENT_ID,
          path,
          operatorName: 'Demo Operator',
          currency: 'USD',
          contactMail: 'ops@demo.local',
          contactPerson: 'Demo Ops',
          subStatus: SUB_STATUS.notNeeded,
        },
        path,
      );
    await createUser({
      userId: 'user-operator',
      ...DEMO_ACCOUNTS.operator,
      role: [SEED_ROLE.operatorAdmin],
      agentId: DEMO_AGENT_ID,
      tenant: path,
      kind: 'user',
    });
    await createUser({
      userId: 'user-fleet',
      ...DEMO_ACCOUNTS.fleet,
      role: [SEED_ROLE.fleetAdmin],
      agentId: DEMO_AGENT_ID,
      tenant: path,
      kind: 'fleet',
      email: DEMO_ACCOUNTS.fleet.username,
      // The demo fleet "Demo Logistics" (demo-accounts.ts) is this account's.
      fleetId: DEMO_FLEET_ID,
    });
  },
  describe: () => [
    `Company administrator: ${DEMO_ACCOUNTS.operator.username} / ${DEMO_ACCOUNTS.operator.password}`,
    `Fleet administrator: ${DEMO_ACCOUNTS.fleet.username} / ${DEMO_ACCOUNTS.fleet.password}`,
  ],
};
