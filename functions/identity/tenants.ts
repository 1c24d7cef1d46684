/** The tenants a scope covers: its company and every company below it (and the platform for `/`). */
import { CURRENCIES } from '@shared/schemas/admin.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { operators } from '@functions/data/operators.ts';

export async function tenantsInScope(scope: string): Promise<string[]> {
  return tenantsOf(scope, await operators.list(scope));
}

/** The tenants a scope covers, from the companies of the scope already read. */
export function tenantsOf(scope: string, companies: { path: string }[]): string[] {
  const paths = companies.map((o) => o.path);
  return scope === PLATFORM_TENANT ? [PLATFORM_TENANT, ...paths] : paths.length ? paths : [scope];
}

/** The paths of a company and the companies above it, nearest first (the platform not included): `/a/b/` → `/a/b/`, `/a/`. */
export function companyAndAbove(tenant: string): string[] {
  const parts = tenant.split('/').filter(Boolean);
  const out: string[] = [];
  for (let n = parts.length; n >= 1; n--) out.push(`/${parts.slice(0, n).join('/')}/`);
  return out;
}

/** The company a tenant path is (its last segment, the operator's id): `/a/b/` → `b`; the platform: ''. */
export const companyOfTenant = (tenant: string) => tenant.split('/').filter(Boolean).at(-1) ?? '';

/** A company's currency (EUR when it has none the product supports, or for the platform). */
export async function companyCurrency(agentId: string): Promise<string> {
  const company = agentId ? await operators.getAny(agentId) : undefined;
  const currency = String(company?.currency ?? '');
  return (CURRENCIES as readonly string[]).includes(currency) ? currency : 'EUR';
}
