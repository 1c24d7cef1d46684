/**
 * Companies (operators) beyond what the identity repository covers (functions/admin/operators.ts). The
 * repository stores the operator item itself; this module holds the company's one other access pattern:
 * - whether a company's subtree (its tenant path) holds any item of a type, on the tenant listing index every
 *   repository entity shares (gsi1 `{TYPE}`, `{tenant}{createTime}#{id}`), read one item deep (deletion guards).
 */
import { defineEntity, model, send } from './table.ts';

/** Any item on the tenant listing index, by its type (only its listing keys are declared: nothing is written). */
export const tenantListings = defineEntity({
  model: model('TENANTLISTING'),
  attributes: {
    type: { type: 'string', required: true },
    id: { type: 'string', required: true },
    tenant: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['type', 'id'], template: '${type}#${id}', casing: 'none' },
      sk: { field: 'sk', composite: ['type'], template: '${type}', casing: 'none' },
    },
    byTenant: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['type'], template: '${type}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['tenant'], template: '${tenant}', casing: 'none' },
    },
  },
});

/** Whether the tenant path `path` (or a tenant below it) holds an item of `type`. */
export async function tenantHasItems(type: string, path: string): Promise<boolean> {
  const { Items } = await send.query(
    tenantListings.query.byTenant({ type }).begins({ tenant: path }).params({ limit: 1 }),
  );
  return (Items?.length ?? 0) > 0;
}
