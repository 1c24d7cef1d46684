/**
 * Companies (operators; functions/admin/operators.ts). Access patterns:
 * - the operator item, keys `OPERATOR#{id}` / `OPERATOR`: the repository's entity (repository.ts), the
 *   company name unique;
 * - whether a company's subtree (its tenant path) holds any item of a type, on the tenant listing index every
 *   repository entity shares (gsi1 `{TYPE}`, `{tenant}{createTime}#{id}`), read one item deep (deletion guards).
 */
import type { Operator } from '@shared/schemas/admin.ts';
import { Repository } from './repository.ts';
import { defineEntity, model, send } from './table.ts';

export interface OperatorRecord extends Omit<Operator, 'createTime' | 'version'> {
  /** Path in the operator tree, `/A/A1/`: the tenant of everything the company owns. */
  path: string;
  /** The current subscription and its end (functions/plans/activation.ts writes these). */
  subscribeId?: string;
  subscribeExpireAt?: string;
  /** A paid renewal waiting for its start. */
  nextSubscribeId?: string;
  /** The subscription being paid (one payment per company at a time) and since when. */
  payingId?: string;
  payingAt?: string;
}

export const operators = new Repository<OperatorRecord>({
  type: 'OPERATOR',
  idField: 'id',
  unique: (o) => ({ operatorName: o.operatorName }),
  uniqueMessage: { operatorName: 'server.operatorNameTaken' },
});

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
