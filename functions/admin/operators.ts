/**
 * Companies (operators) and their tree (docs/product.md sections 3 and 5). A company's path (`/A/A1/`) is the
 * tenant of everything it owns. The parent is fixed at creation (moving a company would move its whole
 * subtree's data between tenants). Deleting a company needs its sub-companies and business data gone first;
 * it then disables sign-in for all its users.
 */
import type { z } from 'zod';
import {
  operatorForm,
  SUB_STATUS,
  type OperatorForm,
  type operatorUpdate,
  type PageQuery,
} from '@shared/schemas/admin.ts';
import { tenantHasItems } from '@functions/data/operators.ts';
import { forbidden, notFound, refused } from '@functions/lib/errors.ts';
import { newId, paginate, type Stored } from '@functions/lib/records.ts';
import { forgetIdentities, type Identity } from '@functions/identity/access.ts';
import { storedMailServer } from '@functions/identity/company-mail.ts';
import { operatorLimits } from '@functions/data/operator-limits.ts';
import { operators, type OperatorRecord } from '@functions/data/operators.ts';
import { users } from '@functions/data/users.ts';
import { closeUserSessions } from '@functions/auth/sessions.ts';

/** Business entities that keep a company from being deleted (their domains store them under these types). */
export const DELETE_GUARDS = ['STATION', 'CHARGEPOINT', 'CARD', 'ORDER'] as const;

type Stored_ = OperatorRecord & Stored;

function view(operator: Stored_, all: Stored_[]) {
  const { path: _path, tenant: _tenant, ...rest } = operator;
  return { ...rest, parentName: all.find((o) => o.id === operator.parentId)?.operatorName };
}

export async function listOperators(
  identity: Identity,
  query: PageQuery & { operatorName?: string; subStatus?: number | string },
) {
  const all = await operators.list(identity.scope);
  const name = query.operatorName?.trim().toLowerCase();
  const status =
    query.subStatus === undefined || query.subStatus === '' ? undefined : Number(query.subStatus);
  const found = all
    .filter(
      (o) =>
        (!name || o.operatorName.toLowerCase().includes(name)) &&
        (status === undefined || o.subStatus === status),
    )
    .sort((a, b) => b.createTime.localeCompare(a.createTime))
    .map((o) => view(o, all));
  return paginate(found, query);
}

export async function operatorInfo(identity: Identity, id: string | undefined) {
  const operator = await operators.mustGet(identity.scope, id);
  const parent = operator.parentId ? await operators.getAny(operator.parentId) : undefined;
  return view(operator, parent ? [parent] : []);
}

export async function addOperator(identity: Identity, input: OperatorForm) {
  const parentId = input.parentId ?? identity.operator?.id;
  const parent = parentId ? await operators.get(identity.scope, parentId) : undefined;
  if (parentId && !parent) throw refused('server.parentNotFound');
  const id = newId();
  const path = `${parent?.path ?? '/'}${id}/`;
  // A sub-company shares its parent's subscription; the platform decides a top company's.
  const subscription = parent
    ? { subStatus: parent.subStatus, featurePackageType: parent.featurePackageType }
    : {
        subStatus: identity.platform
          ? (input.subStatus ?? SUB_STATUS.notSubscribed)
          : SUB_STATUS.notSubscribed,
      };
  const mail = await mailBinding(identity, input);
  const record: OperatorRecord = { ...input, ...mail, ...subscription, parentId: parent?.id, id, path };
  const created = await operators.create(record, path);
  return view(created, parent ? [parent] : []);
}

export async function updateOperator(identity: Identity, input: z.infer<typeof operatorUpdate>) {
  const current = await operators.mustGet(identity.scope, input.id);
  if (input.version !== undefined && input.version !== current.version) throw refused('server.staleUpdate');
  if ((input.parentId ?? current.parentId) !== current.parentId) throw refused('server.parentFixed');
  const { version: _v, ...fields } = input;
  // The form's fields are replaced as sent (an emptied optional field is cleared); system fields are kept.
  const kept = Object.fromEntries(Object.entries(current).filter(([k]) => !(k in operatorForm.shape)));
  const next: OperatorRecord = {
    ...(kept as Omit<OperatorRecord, keyof typeof operatorForm.shape>),
    ...fields,
    ...(await mailBinding(identity, input, current)),
    id: current.id,
    path: current.path,
    parentId: current.parentId,
    subStatus: identity.platform ? (input.subStatus ?? current.subStatus) : current.subStatus,
  };
  const updated = await operators.update(current, next);
  forgetIdentities();
  return view(updated, []);
}

/**
 * The mail server a company is bound to (decision 130): only the platform chooses it (/mail is
 * platform-only), and it must exist; anyone else's save keeps what the company had.
 */
async function mailBinding(
  identity: Identity,
  input: { mailId?: string; mailName?: string },
  current?: { mailId?: string; mailName?: string },
) {
  if (!identity.platform) return { mailId: current?.mailId, mailName: current?.mailName };
  if (input.mailId && !(await storedMailServer(input.mailId))) throw refused('systemRes.server.mailMissing');
  return { mailId: input.mailId, mailName: input.mailId ? input.mailName : undefined };
}

export async function deleteOperator(identity: Identity, id: string | undefined) {
  const current = await operators.mustGet(identity.scope, id);
  if (current.id === identity.operator?.id) throw forbidden('server.cannotDeleteOwnCompany');
  const subtree = await operators.list(current.path);
  if (subtree.some((o) => o.id !== current.id)) throw refused('server.companyHasChildren');
  for (const type of DELETE_GUARDS)
    if (await tenantHasItems(type, current.path)) throw refused('server.companyHasData');
  const members = (await users.list(current.path)).filter((u) => u.delFlag !== 1);
  for (const member of members) {
    await users.update(member, { ...member, delFlag: 1 });
    await closeUserSessions(member.userId);
  }
  for (const limit of await operatorLimits.list('/')) {
    if (limit.agentId === current.id) await operatorLimits.update(limit, { ...limit, agentId: undefined });
  }
  await operators.remove(current);
  forgetIdentities();
}

export interface TreeNode {
  id: string;
  operatorName: string;
  parentId?: string;
  children: TreeNode[];
}

export async function operatorTree(identity: Identity): Promise<TreeNode[]> {
  const all = await operators.list(identity.scope);
  const nodes = new Map(
    all.map((o) => [
      o.id,
      { id: o.id, operatorName: o.operatorName, parentId: o.parentId, children: [] as TreeNode[] },
    ]),
  );
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function childrenOf(identity: Identity, parentId: string | undefined) {
  const all = await operators.list(identity.scope);
  const ids = new Set(all.map((o) => o.id));
  const found = parentId
    ? all.filter((o) => o.parentId === parentId)
    : all.filter((o) => !o.parentId || !ids.has(o.parentId));
  if (parentId && !ids.has(parentId)) throw notFound();
  return found.map((o) => view(o, all));
}

export async function operatorOptions(identity: Identity) {
  return (await operators.list(identity.scope)).map((o) => ({ id: o.id, operatorName: o.operatorName }));
}
