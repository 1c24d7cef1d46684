/**
 * Operator limits (docs/product.md section 3): connector allowance and the platform's revenue tariff per
 * company.
 */
import type { z } from 'zod';
import type { operatorLimitForm, operatorLimitUpdate, PageQuery } from '@shared/schemas/admin.ts';
import { refused } from '@functions/lib/errors.ts';
import { newId, paginate, PLATFORM_TENANT } from '@functions/lib/records.ts';
import type { Identity } from '@functions/identity/access.ts';
import { operatorLimits } from '@functions/data/operator-limits.ts';
import { operators } from '@functions/data/operators.ts';

async function withCompany<T extends { agentId?: string }>(limit: T) {
  const company = limit.agentId ? await operators.getAny(limit.agentId) : undefined;
  return { ...limit, operatorName: company?.operatorName };
}

async function checkCompany(agentId: string | undefined) {
  if (agentId && !(await operators.getAny(agentId))) throw refused('server.companyNotFound');
}

export async function listLimits(identity: Identity, query: PageQuery & { name?: string }) {
  const name = query.name?.trim().toLowerCase();
  const found = (await operatorLimits.list(identity.scope))
    .filter((l) => !name || l.name.toLowerCase().includes(name))
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  // Names first: the company column sorts too.
  return paginate(await Promise.all(found.map(withCompany)), query);
}

export async function limitInfo(identity: Identity, id: string | undefined) {
  return withCompany(await operatorLimits.mustGet(identity.scope, id));
}

export async function addLimit(_identity: Identity, input: z.infer<typeof operatorLimitForm>) {
  await checkCompany(input.agentId);
  return operatorLimits.create({ ...input, id: newId() }, PLATFORM_TENANT);
}

export async function updateLimit(identity: Identity, input: z.infer<typeof operatorLimitUpdate>) {
  const current = await operatorLimits.mustGet(identity.scope, input.id);
  if (input.version !== undefined && input.version !== current.version) throw refused('server.staleUpdate');
  await checkCompany(input.agentId);
  const { version: _v, ...fields } = input;
  return operatorLimits.update(current, { ...fields, id: current.id });
}

export async function deleteLimit(identity: Identity, id: string | undefined) {
  await operatorLimits.remove(await operatorLimits.mustGet(identity.scope, id));
}
