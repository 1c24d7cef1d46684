/** The company deletion guard reads the tenant listing index as functions/admin/operators.ts did by hand. */
import { describe, expect, it } from 'vitest';
import { tenantHasItems } from '@functions/data/operators.ts';
import { rawPut, withDatabase } from './helpers.ts';

withDatabase();

/** A repository item on the tenant listing index. */
const item = (type: string, id: string, tenant: string) => ({
  pk: `${type}#${id}`,
  sk: type,
  gsi1pk: type,
  gsi1sk: `${tenant}2026-01-01T00:00:00.000Z#${id}`,
  id,
  tenant,
});

describe('tenant items', () => {
  it('finds an item of a type in a company or below it, and none elsewhere', async () => {
    await rawPut(item('STATION', 'S1', '/A/B/'));
    await rawPut(item('ORDER', 'O1', '/C/'));
    expect(await tenantHasItems('STATION', '/A/')).toBe(true);
    expect(await tenantHasItems('STATION', '/A/B/')).toBe(true);
    expect(await tenantHasItems('STATION', '/A/C/')).toBe(false);
    expect(await tenantHasItems('ORDER', '/A/')).toBe(false);
    expect(await tenantHasItems('ORDER', '/C/')).toBe(true);
  });
});
