/**
 * What every stored record carries apart from its storage (docs/decisions/445-one-way-to-store-an-entity.md):
 * its tenant and whether a scope sees it, its metadata, a new id, and the in-memory paging of small lists.
 * The repository that stores records is the data layer's (functions/data/repository.ts).
 *
 * A tenant is the path of the operator that owns the item in the operator tree (`/A/A1/`), `/` for the
 * platform. A caller's scope is the path of their own operator (`/` for platform users): an item is visible
 * when its tenant starts with the scope, so an operator sees its own and its sub-companies' items and nothing
 * of another operator's (docs/architecture.md section 3).
 */
import { randomUUID } from 'node:crypto';

export const PLATFORM_TENANT = '/';

/** The metadata the repository keeps on every record. */
export interface Stored {
  tenant: string;
  version: number;
  createTime: string;
  updateTime?: string;
}

export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function visible(scope: string, tenant: string | undefined): boolean {
  return (tenant ?? PLATFORM_TENANT).startsWith(scope);
}

export interface PageRequest {
  current: number;
  size: number;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Sorts (when asked) and pages an in-memory list: system lists are small (a tenant's users, roles,
 * companies). Missing values sort last either way.
 */
export function paginate<T>(items: T[], page: PageRequest) {
  let rows = items;
  const field = page.orderBy;
  if (field) {
    const sign = page.order === 'desc' ? -1 : 1;
    const value = (row: T) => (row as Record<string, unknown>)[field];
    rows = [...items].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === undefined || x === null || x === '') return y === undefined || y === null || y === '' ? 0 : 1;
      if (y === undefined || y === null || y === '') return -1;
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
      return collator.compare(String(x), String(y)) * sign;
    });
  }
  const start = (page.current - 1) * page.size;
  return {
    records: rows.slice(start, start + page.size),
    total: rows.length,
    current: page.current,
    size: page.size,
  };
}
