/**
 * The operations view of app users (/opsUser, code 7200; docs/decisions/193): the users an ops
 * team has to act on, each with why. A user is listed when they are locked (with the cause), when part of
 * their balance is frozen (a session in progress, or a hold whose session never came), or when they owe an
 * unpaid order of the last 30 days (the balance did not cover it: top-up or adjustment, then reset the
 * order). Read from the users of the scope and the unpaid orders of its companies' last 30 days (one key
 * range per company, filtered on the pay flag), never a scan of the table.
 */
import { readOrderRange } from '@functions/data/orders.ts';
import type { Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { paginate, type Stored } from '@functions/lib/records.ts';
import { formatMinor, parseMinor } from '@shared/pricing/money.ts';
import { OPS_REASONS, type OpsReason, type OpsUserQuery } from '@shared/resources/crm/app-user.ts';
import { appUsers, shownAppUser, type AppUserRecord } from '@functions/accounts/app-users.ts';

/** How far back unpaid orders are looked for. */
export const OPS_UNPAID_DAYS = 30;
/** At most this many unpaid orders are read per company (the newest). */
const UNPAID_LIMIT = 2000;

interface Owed {
  orders: number;
  amounts: Map<string, bigint>;
}

async function unpaidByUser(scope: string): Promise<Map<string, Owed>> {
  const to = new Date().toISOString();
  const from = new Date(Date.now() - OPS_UNPAID_DAYS * 86_400_000).toISOString();
  const tenants = await tenantsInScope(scope);
  const ranges = await Promise.all(
    tenants.map((tenant) =>
      readOrderRange(
        { by: 'company', tenant, from, to: `${to}~` },
        [['payFlag', '=', 0]],
        UNPAID_LIMIT,
        50_000,
      ),
    ),
  );
  const owed = new Map<string, Owed>();
  for (const order of ranges.flatMap((r) => r.items)) {
    const userId = typeof order.appUserId === 'string' ? order.appUserId : undefined;
    if (!userId) continue;
    const entry = owed.get(userId) ?? owed.set(userId, { orders: 0, amounts: new Map() }).get(userId)!;
    entry.orders += 1;
    const currency = String(order.currency ?? '');
    if (currency && order.actualFee !== undefined)
      entry.amounts.set(
        currency,
        (entry.amounts.get(currency) ?? 0n) + parseMinor(String(order.actualFee), currency),
      );
  }
  return owed;
}

function reasonsOf(user: AppUserRecord, owed: Owed | undefined): OpsReason[] {
  const reasons: OpsReason[] = [];
  if (user.lockFlag === 1) reasons.push('locked');
  if (Number(user.frozenAmount) > 0) reasons.push('frozen');
  if (owed?.orders) reasons.push('unpaid');
  return reasons;
}

export async function opsUsers(identity: Identity, query: OpsUserQuery) {
  const [users, owed] = await Promise.all([appUsers.list(identity.scope), unpaidByUser(identity.scope)]);
  const rows = users.flatMap((user: AppUserRecord & Stored) => {
    const due = owed.get(user.id);
    const reasons = reasonsOf(user, due);
    if (!reasons.length || (query.reason && !reasons.includes(query.reason))) return [];
    return [
      {
        ...(shownAppUser(user) as Record<string, unknown>),
        reasons,
        unpaidOrders: due?.orders ?? 0,
        unpaidAmount: [...(due?.amounts ?? [])]
          .map(([currency, minor]) => `${formatMinor(minor, currency)} ${currency}`)
          .join(', '),
      },
    ];
  });
  // The latest change first: a lock, a hold, a sign-in.
  const when = (row: Record<string, unknown>) => String(row.lockTime ?? row.updateTime ?? '');
  rows.sort((a, b) => when(b).localeCompare(when(a)));
  return { ...paginate(rows, query), reasons: OPS_REASONS };
}
