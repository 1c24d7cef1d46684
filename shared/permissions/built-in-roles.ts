/**
 * The roles the platform seeds (infra/local/seed/identity.ts), by their stable role code, with the name each
 * is seeded with. The console shows a built-in role in the user's language (`builtIn.roles.{code}`) while it
 * keeps that name; a role a company or the platform created, or a built-in one renamed, shows its own name
 * (docs/decisions/453-built-in-data-in-the-users-language.md).
 */
export const BUILT_IN_ROLE_NAMES = {
  ROLE_ADMIN: 'Platform administrator',
  ROLE_OPERATOR_ADMIN: 'Company administrator',
  ROLE_OPS: 'Ops staff',
  ROLE_FLEET_ADMIN: 'Fleet administrator',
  SUB_PRO: 'Pro package',
  SUB_BASIC: 'Basic package',
  SUB_PENDING: 'Awaiting subscription',
  SUB_NONE: 'No subscription needed',
} as const;

export type BuiltInRoleCode = keyof typeof BUILT_IN_ROLE_NAMES;

/** The code of a built-in role that still has its seeded name, else undefined. */
export function builtInRoleCode(role: {
  roleCode?: unknown;
  roleName?: unknown;
}): BuiltInRoleCode | undefined {
  const code = String(role.roleCode ?? '');
  return Object.hasOwn(BUILT_IN_ROLE_NAMES, code) &&
    BUILT_IN_ROLE_NAMES[code as BuiltInRoleCode] === role.roleName
    ? (code as BuiltInRoleCode)
    : undefined;
}
