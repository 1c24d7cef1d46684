/**
 * What a paid subscription changes, and when (docs/payments.md). Each move is ONE DynamoDB transaction
 * of the subscription's status change (conditional on the status read) and the company's fields
 * (conditional on the company still being in the state the move expects), so nothing is activated twice,
 * and never without the pay request that locked the company (`payingId`):
 *
 * - activate (pending → active now, or → scheduled when it starts at the current one's next anniversary):
 *   the company's `subStatus` 1, `featurePackageType`, `subscribeId`, `subscribeExpireAt` (or only
 *   `nextSubscribeId` and the end `subscribeExpireAt` when scheduled);
 * - start (scheduled → active once its start passed): the same company fields; the one it follows ends;
 * - expire (active → expired once its validity ended): the company back to `subStatus` 0 (the wizard, the
 *   "Awaiting subscription" role) when this is still its current subscription.
 *
 * After an activation or start, the company's operator limit (gunNum = AC + DC, revenueTariff = the plan's
 * transaction fee) and its sub-companies (which share its subscription) follow; those writes are idempotent
 * and repeated on every replay, so a crash between them and the transaction is repaired by the next try.
 */
import { FEATURE_PACKAGE, PLAN_TYPE } from '@shared/schemas/subscription.ts';
import { DAY_MS } from '@shared/subscription/pricing.ts';
import { forgetIdentities } from '@functions/identity/access.ts';
import { operatorLimits } from '@functions/data/operator-limits.ts';
import { operators } from '@functions/data/operators.ts';
import {
  activateSubscription,
  endSubscription,
  expireCompanySubscription,
  startSubscription,
} from '@functions/data/plan-subscriptions.ts';
import { logger } from '@functions/lib/logger.ts';
import { newId, PLATFORM_TENANT } from '@functions/lib/records.ts';
import { markPlanUsed } from './plans.ts';
import {
  ACTIVE_SUBSCRIPTIONS,
  dueOn,
  getSubscription,
  SCHEDULED_SUBSCRIPTIONS,
  type SubscriptionRecord,
} from '@functions/accounts/plan-subscriptions.ts';

/**
 * pending → active (or scheduled), idempotent: an already activated subscription is returned as it is. Throws
 * when the subscription cannot be activated (not paid for, or the company moved on meanwhile).
 */
export async function activate(subscribeId: string, now = new Date()): Promise<SubscriptionRecord> {
  const record = await getSubscription(subscribeId);
  if (!record) throw new Error(`Subscription ${subscribeId} does not exist`);
  if (record.status === 'active' || record.status === 'scheduled') {
    if (record.status === 'active') await followUp(record);
    return record;
  }
  if (record.status !== 'pending') throw new Error(`Subscription ${subscribeId} is ${record.status}`);
  // A renewal waits for the current one's next anniversary; a first purchase (or a start already passed) is now.
  const later = !!record.lastSubscribeId && !!record.startAt && Date.parse(record.startAt) > now.getTime();
  const startAt = later ? record.startAt! : now.toISOString();
  const expireAt = new Date(Date.parse(startAt) + record.validDays * DAY_MS).toISOString();
  const activated = await activateSubscription({
    subscribeId,
    agentId: record.agentId,
    featurePackageType: record.row.featurePackageType,
    ...(record.lastSubscribeId ? { lastSubscribeId: record.lastSubscribeId } : {}),
    later,
    startAt,
    expireAt,
    activatedAt: now.toISOString(),
    paidFee: record.toPayFee,
  });
  if (!activated) {
    const again = await getSubscription(subscribeId);
    // A concurrent replay activated it: the same answer.
    if (again && (again.status === 'active' || again.status === 'scheduled')) return again;
    throw new Error(`Subscription ${subscribeId} could not be activated: the company moved on`);
  }
  const done = (await getSubscription(subscribeId))!;
  if (!later && record.lastSubscribeId) await supersede(record.lastSubscribeId, subscribeId, now);
  await followUp(done);
  return done;
}

/** The subscription a newer one replaced ends now (its unused part was credited to the newer one). */
async function supersede(oldId: string, newId_: string, now: Date) {
  await endSubscription(oldId, now.toISOString(), newId_);
}

/** One transaction fee for the company's limit: the plan's, the higher one when it has AC and DC connectors. */
export function revenueTariffOf(record: Pick<SubscriptionRecord, 'row'>): string {
  const { row } = record;
  if (row.featurePackageType === FEATURE_PACKAGE.basic || row.dcConnectorNumber === 0)
    return row.acTransactionFee;
  if (row.acConnectorNumber === 0) return row.dcTransactionFee;
  return Number(row.dcTransactionFee) > Number(row.acTransactionFee)
    ? row.dcTransactionFee
    : row.acTransactionFee;
}

/** The idempotent writes after a subscription became the company's current one. */
async function followUp(record: SubscriptionRecord) {
  await syncLimit(record);
  await syncSubCompanies(record.agentId);
  if (record.mode === 2 || record.row.planType === PLAN_TYPE.custom)
    await markPlanUsed(record.planId, record.subscribeId, record.expireAt ?? '');
  forgetIdentities();
}

/** The company's operator limit follows its subscription (created when it has none). */
export async function syncLimit(record: SubscriptionRecord): Promise<void> {
  const gunNum = record.row.acConnectorNumber + record.row.dcConnectorNumber;
  const revenueTariff = revenueTariffOf(record);
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = (await operatorLimits.list(PLATFORM_TENANT)).find((l) => l.agentId === record.agentId);
    try {
      if (!current) {
        const company = await operators.getAny(record.agentId);
        await operatorLimits.create(
          {
            id: newId(),
            name: (company?.operatorName ?? record.agentId).slice(0, 32),
            gunNum,
            revenueTariff,
            agentId: record.agentId,
          },
          PLATFORM_TENANT,
        );
      } else if (current.gunNum !== gunNum || current.revenueTariff !== revenueTariff) {
        await operatorLimits.update(current, { ...current, gunNum, revenueTariff });
      }
      return;
    } catch (error) {
      // A concurrent create or edit of the same limit: read again and apply on top.
      if (attempt === 3) throw error;
    }
  }
}

/** Sub-companies share their parent's subscription (functions/admin/operators.ts). */
async function syncSubCompanies(agentId: string) {
  const company = await operators.getAny(agentId);
  if (!company) return;
  for (const sub of await operators.list(company.path)) {
    if (sub.id === company.id) continue;
    if (
      sub.subStatus === company.subStatus &&
      sub.featurePackageType === company.featurePackageType &&
      sub.subscribeExpireAt === company.subscribeExpireAt
    )
      continue;
    await operators
      .update(sub, {
        ...sub,
        subStatus: company.subStatus,
        featurePackageType: company.featurePackageType,
        subscribeExpireAt: company.subscribeExpireAt,
      })
      .catch((error: unknown) =>
        logger.warn('Sub-company subscription sync failed', { id: sub.id, error: String(error) }),
      );
  }
}

/** scheduled → active once its start passed; the subscription it follows ends. Idempotent. */
export async function startScheduled(subscribeId: string, now = new Date()): Promise<boolean> {
  const record = await getSubscription(subscribeId);
  if (
    !record ||
    record.status !== 'scheduled' ||
    !record.startAt ||
    Date.parse(record.startAt) > now.getTime()
  )
    return false;
  const started = await startSubscription({
    subscribeId,
    agentId: record.agentId,
    featurePackageType: record.row.featurePackageType,
    expireAt: record.expireAt!,
    startedAt: now.toISOString(),
  });
  if (!started) return false;
  if (record.lastSubscribeId) await supersede(record.lastSubscribeId, subscribeId, now);
  await followUp({ ...record, status: 'active' });
  return true;
}

/** active → expired once its validity ended; the company goes back to subStatus 0 if this was its current one. */
export async function expireOne(subscribeId: string, now = new Date()): Promise<boolean> {
  const record = await getSubscription(subscribeId);
  if (
    !record ||
    record.status !== 'active' ||
    !record.expireAt ||
    Date.parse(record.expireAt) > now.getTime()
  )
    return false;
  // The company first: should the status change below be lost, the next run finds the subscription again.
  const company = await expireCompanySubscription(record.agentId, subscribeId);
  const done = await endSubscription(subscribeId, now.toISOString());
  if (company) {
    await syncSubCompanies(record.agentId);
    forgetIdentities();
  }
  return done;
}

/** The schedule's run: scheduled starts first (a start at an expiry takes over), then expiries. */
export async function runSchedule(now = new Date()): Promise<{ started: string[]; expired: string[] }> {
  const started: string[] = [];
  const expired: string[] = [];
  for (const { subscribeId } of await dueOn('gsi3', SCHEDULED_SUBSCRIPTIONS, now))
    if (await startScheduled(subscribeId, now)) started.push(subscribeId);
  for (const { subscribeId } of await dueOn('gsi1', ACTIVE_SUBSCRIPTIONS, now))
    if (await expireOne(subscribeId, now)) expired.push(subscribeId);
  return { started, expired };
}
