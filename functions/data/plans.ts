/**
 * Paid plans (functions/plans/plans.ts), keys `PLAN#{id}` / `PLAN`: the repository's entity (repository.ts),
 * the plan number unique platform-wide.
 */
import type { PlanForm } from '@shared/schemas/subscription.ts';
import { Repository } from './repository.ts';

export interface PlanRecord extends PlanForm {
  id: string;
  usedFlag: 0 | 1;
  /** The subscription bought with it (a custom plan is bought once) and when that one ends. */
  subscribeId?: string;
  expireTime?: string;
}

export const plans = new Repository<PlanRecord>({
  type: 'PLAN',
  idField: 'id',
  unique: (p) => ({ planNo: p.planNo }),
  uniqueMessage: { planNo: 'subscriptionRes.planNoTaken' },
});
