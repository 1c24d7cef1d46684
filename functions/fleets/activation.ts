/**
 * The fleet wizard (docs/product.md section 2: create fleet, settings, create account): a company's new
 * fleet and the account its administrator signs in with on the fleet tab, made in ONE transaction with the
 * opening balance's fund record and the sign-in name's unique guard. Any refusal (a taken e-mail, a rule of
 * the settings) leaves nothing behind: no fleet without its account, no account without its fleet. The
 * console reports any failure as "Fleet activation failure" with the reason.
 */
import type { fleetActivationSchema } from '@shared/resources/fleet/fleet.ts';
import type { z } from 'zod';
import type { Identity } from '@functions/identity/access.ts';
import { users, type UserRecord } from '@functions/data/users.ts';
import { refused } from '@functions/lib/errors.ts';
import { hashSecret } from '@functions/lib/password.ts';
import { present } from '@functions/api/resources.ts';
import { newId } from '@functions/lib/records.ts';
import { LOCK_FLAG } from '@shared/schemas/admin.ts';
import { fleetRecords, newFleetWrites } from '@functions/accounts/fleets.ts';

export type FleetActivation = z.infer<typeof fleetActivationSchema>;

/** Creates the fleet and its administrator's account; answers the fleet and the account's sign-in name. */
export async function activateFleet(identity: Identity, input: FleetActivation) {
  // A fleet is a company's: its account signs in under the company's Pro package.
  const company = identity.operator;
  if (!company) throw refused('fleetWizard.server.companyOnly');
  const { password, ...fleetInput } = input;
  const tenant = identity.scope;
  const { fleet, writes } = newFleetWrites(fleetInput, tenant);
  const account: UserRecord = {
    userId: newId(),
    username: input.admin,
    email: input.admin,
    passwordHash: await hashSecret(password),
    role: [],
    agentId: company.id,
    lockFlag: LOCK_FLAG.normal,
    parentUserId: identity.user.userId,
    kind: 'fleet',
    fleetId: fleet.id,
  };
  // The account's create carries the fleet's writes: one transaction, each refusal named (store.ts).
  await users.create(account, tenant, {}, writes);
  const stored = await fleetRecords.repo.mustGet(tenant, fleet.id);
  return { fleet: present(fleetRecords, stored), username: account.username };
}
