/** The tenants a scope covers: its company and every company below it (and the platform for `/`). */
import { PLATFORM_TENANT } from '@functions/lib/store.ts';
import { operators } from './entities.ts';

export async function tenantsInScope(scope: string): Promise<string[]> {
  const paths = (await operators.list(scope)).map((o) => o.path);
  return scope === PLATFORM_TENANT ? [PLATFORM_TENANT, ...paths] : paths.length ? paths : [scope];
}
