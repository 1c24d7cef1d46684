/**
 * Fleets (docs/product.md sections 3 to 5, /fleets; docs/decisions/192-fleets-on-the-registry.md): a
 * company's fleet account with its balance, warning balance and overdraft amount. The balance changes only
 * through the balance operations of docs/product.md section 4 (opening balance, top-up, reset; settlement's
 * consumptions), never through an edit. Pro (the menu codes are Pro-only, decision 204).
 */
import { z } from 'zod';
import { CODE } from '@shared/permissions/menus.ts';
import { defineResource } from '@shared/resources/define.ts';
import { balanceMoney, optional, optionalText, requiredText, topUpAmount } from '@shared/schemas/fields.ts';
import { LIMITS, password } from '@shared/schemas/identity.ts';
import { numericChoice } from '../catalogue/fields.ts';

export const FLEET_CODE = { view: CODE.fleets, detail: CODE.fleetDetail };

/** docs/product.md section 3: a fleet is enabled (0) or disabled (1). */
export const FLEET_STATUS = { enabled: 0, disabled: 1 } as const;

/** docs/product.md section 5: a fleet's warning balance must exceed its overdraft amount. */
export const warnAboveOverdraft = (fleet: { warnBalance?: unknown; overdraftAmount?: unknown }) =>
  Number(fleet.warnBalance) > Number(fleet.overdraftAmount);

export const fleetSchema = z
  .object({
    name: requiredText(64),
    /** The fleet administrator's e-mail (docs/product.md section 3: admin). */
    admin: optional(z.email({ error: 'validation.emailFormat' }).max(60, { error: 'validation.tooLong' })),
    manager: optionalText(64),
    address: optionalText(200),
    /** The balance below which the fleet is warned; above the overdraft amount (checked on the server). */
    warnBalance: balanceMoney(-1_000_000_000, 1_000_000_000),
    /** How far below zero the balance may go. */
    overdraftAmount: balanceMoney(0, 1_000_000_000),
    /** The opening balance (a top-up from 0); afterwards only the balance operations change it. */
    balance: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 0 : v),
      balanceMoney(0, 1_000_000_000),
    ),
    status: numericChoice(Object.values(FLEET_STATUS)),
  })
  .strict();

/**
 * The fleet wizard (docs/product.md section 2): the fleet, its settings and its administrator's account,
 * whose sign-in name is the administrator e-mail (required here) and whose password follows the password
 * rules.
 */
export const fleetActivationSchema = fleetSchema
  .extend({
    admin: z.email({ error: 'validation.emailFormat' }).max(LIMITS.emailMax, { error: 'validation.tooLong' }),
    password,
  })
  .strict();

/** A top-up: an amount above 0 with at most four decimals. */
export const fleetTopUpSchema = z
  .object({
    id: requiredText(64),
    amount: topUpAmount(),
  })
  .strict();

export const fleetResource = defineResource({
  module: 'biz',
  name: 'fleet',
  type: 'FLEET',
  label: 'fleetRes.names.fleet',
  tenancy: 'tenant',
  // docs/product.md section 6 names no button codes under /fleets: the page's code governs its calls.
  permissions: { view: FLEET_CODE.view, add: FLEET_CODE.view, edit: FLEET_CODE.view, del: FLEET_CODE.view },
  schema: fleetSchema,
  filters: { status: 'eq' },
});
