/**
 * App users (docs/product.md section 3; /appUser 7100, /appUserDetail 7101;
 * docs/decisions/193-app-users-and-ops-view.md): the drivers who registered with a company's driver app. They
 * sign themselves up (the driver-app API); staff read them, correct their profile, lock and unlock them with
 * a cause (a locked user's tag is refused at the charger) and adjust their balance with a cause (a ledger
 * entry). The balance, the frozen amount, the lock and the login facts are the server's: the edit form never
 * sends them. An app user holds money: never added or deleted by staff.
 */
import { z } from 'zod';
import { CODE } from '@shared/permissions/menus.ts';
import { defineResource } from '@shared/resources/define.ts';
import { optional, optionalText, requiredText, signedAmount } from '@shared/schemas/fields.ts';
import { pageQuery } from '@shared/schemas/admin.ts';
import { numericChoice } from '../catalogue/fields.ts';
import { PRINTABLE_ASCII } from '../device/common.ts';
import { payerTagUnique } from '../payer-tag.ts';

/** docs/product.md section 3: userLevel ordinary, VIP, other. */
export const USER_LEVEL = { ordinary: 0, vip: 1, other: 2 } as const;

/** Where a user signed up or last signed in (regSource, lastLoginSource): the app version types and more. */
export const APP_SOURCE = { android: 1, ios: 2, web: 3, console: 4 } as const;

/** lockFlag: 0 normal, 1 locked. */
export const LOCK_FLAG = { normal: 0, locked: 1 } as const;

/** The OCPP idTag the user charges with (1.6 CiString20). */
const idTag = requiredText(20).regex(PRINTABLE_ASCII, { error: 'deviceRes.validation.ascii' });

/** What staff may correct of a user's profile. */
export const appUserSchema = z
  .object({
    userName: requiredText(64),
    phone: optional(z.string().trim().max(20, { error: 'validation.tooLong' })),
    email: optional(z.email({ error: 'validation.emailFormat' }).max(60, { error: 'validation.tooLong' })),
    userLevel: numericChoice(Object.values(USER_LEVEL)),
    cardNo: optional(idTag),
    /** The ticket (support case or invoice) number staff keep with the user. */
    ticketNo: optionalText(32),
  })
  .strict();

export const appUserResource = defineResource({
  module: 'biz',
  name: 'appUser',
  type: 'APPUSER',
  label: 'crm.names.appUser',
  tenancy: 'tenant',
  permissions: {
    view: CODE.appUsers,
    add: CODE.appUserEdit,
    edit: CODE.appUserEdit,
    del: CODE.appUserEdit,
  },
  schema: appUserSchema,
  filters: {
    userName: 'contains',
    phone: 'contains',
    email: 'contains',
    cardNo: 'contains',
    userLevel: 'eq',
    lockFlag: 'eq',
  },
  sortable: ['userName', 'accountBalance', 'lastLoginTime'],
  views: [{ sort: 'createTime' }],
  // The driver app's sign-in secret: stored, never shown or exported.
  secrets: ['passwordHash'],
  unique: [
    // The guard settlement and authorisation find the user by (functions/accounts/app-users.ts).
    { field: 'cardNo', message: 'crm.server.tagTaken', guard: 'APPUSERTAG' },
    // One payer per tag in the company: no card, fleet driver or vehicle holds it (decision 432).
    payerTagUnique('cardNo'),
    // The driver app signs in by e-mail within a company's app.
    { field: 'email', message: 'crm.server.emailTaken' },
  ],
});

const id = requiredText(64);
const cause = requiredText(200);

/** Locks a user (their tag is refused at the charger from now on): the cause is required. */
export const appUserLockSchema = z.object({ id, cause }).strict();

/** Unlocks a user; the cause of the unlock is kept beside the lock's. */
export const appUserUnlockSchema = z.object({ id, cause: optionalText(200) }).strict();

/** A signed amount with four decimals at most, not zero: the one strict money field. */
export const adjustmentAmount = signedAmount;

/**
 * A balance adjustment by staff (a goodwill credit, a correction): added to the balance (negative takes
 * away, never below what is frozen), with its cause in the ledger.
 */
export const appUserAdjustSchema = z.object({ id, amount: adjustmentAmount(), cause }).strict();

/** The user's ledger, newest first, a page at a time. */
export const appUserLedgerQuery = pageQuery.extend({ id });

/** Ledger entry types: a session paid, a top-up in the app, a staff adjustment. */
export const LEDGER_TYPES = ['consume', 'recharge', 'adjust'] as const;

/** Why /opsUser lists a user (docs/decisions/193). */
export const OPS_REASONS = ['locked', 'frozen', 'unpaid'] as const;
export type OpsReason = (typeof OPS_REASONS)[number];

/** /opsUser: a page of the users needing attention, of one reason when given. */
export const opsUserQuery = pageQuery.extend({ reason: optional(z.enum(OPS_REASONS)) });
export type OpsUserQuery = z.infer<typeof opsUserQuery>;

/**
 * An app user's personal (home) pile (docs/decisions/468-app-user-home-piles.md): the pile (a charge point of
 * the user's company whose personal flag is set) and whether the user owns it (ownerFlag 1, at most one per
 * pile) or shares it (0).
 */
export const OWNER_FLAG = { shared: 0, owner: 1 } as const;
export const appUserPileLinkSchema = z
  .object({ id, chargePointId: requiredText(64), ownerFlag: numericChoice(Object.values(OWNER_FLAG)) })
  .strict();
export const appUserPileUnlinkSchema = z.object({ id, chargePointId: requiredText(64) }).strict();
export const appUserPilesQuery = z.object({ id }).strict();
