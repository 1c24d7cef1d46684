/**
 * Charging cards (docs/product.md sections 3 to 5, /card): the identity tokens chargers authorise. The card
 * number is the OCPP idTag, unique within a company. Authorization: 0 normal, 1 blacklist (refused
 * everywhere), 2 whitelist (also sent to chargers in local lists). A scope of stations (Pro, code 2805)
 * limits where it charges. The card screens and actions (bind, activate, recharge, import) are the console's;
 * the OCPP endpoint authorises against these records (docs/decisions/240-id-token-authorisation.md).
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { balanceMoney, optional, optionalText, requiredText, topUpAmount } from '@shared/schemas/fields.ts';
import { numericChoice } from '../catalogue/fields.ts';
import { isoDateTime, PRINTABLE_ASCII } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { payerTagUnique } from '../payer-tag.ts';

/** The card menu's codes. */
export const CARD_CODE = {
  view: CODE.cards,
  add: CODE.cardAdd,
  edit: CODE.cardEdit,
  import: CODE.cardImport,
  recharge: CODE.cardRecharge,
  scope: CODE.cardScope,
};

export const CARD_STATUS = { normal: 0, lost: 1, replacement: 2, returned: 3, disabled: 4 } as const;
export const RECEIVE_STATUS = { blank: 0, appUser: 1, company: 2, nonCompany: 3 } as const;
export const BLACK_FLAG = { normal: 0, blacklist: 1, whitelist: 2 } as const;
export const CARD_TYPE = { private: 0, public: 1, whitelist: 2, fleet: 3, other: 4 } as const;

export const cardSchema = z
  .object({
    cardSn: requiredText(20).regex(PRINTABLE_ASCII, { error: 'deviceRes.validation.ascii' }),
    secretSn: optionalText(64),
    receiveStatus: numericChoice(Object.values(RECEIVE_STATUS)),
    status: numericChoice(Object.values(CARD_STATUS)),
    blackFlag: numericChoice(Object.values(BLACK_FLAG)),
    type: numericChoice(Object.values(CARD_TYPE)),
    username: optionalText(64),
    email: optional(z.email({ error: 'validation.emailFormat' }).max(60, { error: 'validation.tooLong' })),
    /** Station ids; empty: every station of the company (Pro, code 2805). */
    useScopeList: z.array(z.string().min(1)).max(200).default([]),
    /** Charge points the card is bound to; empty: any (the scope above still applies). */
    pileIds: z.array(z.string().min(1)).max(200).default([]),
    balance: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 0 : v),
      balanceMoney(0, 1_000_000_000),
    ),
    expireTime: optional(isoDateTime()),
  })
  .strict();

/** A recharge: a positive amount with at most four decimals. */
export const rechargeSchema = z
  .object({
    id: requiredText(64),
    amount: topUpAmount(),
  })
  .strict();

/** Binding a card to piles (at least one). */
export const cardBindSchema = z
  .object({
    id: requiredText(64),
    version: z.number({ error: 'validation.required' }).int(),
    pileIds: z.array(z.string().min(1)).min(1, { error: 'deviceRes.validation.pileRequired' }).max(200),
  })
  .strict();

export const cardResource = defineResource({
  module: 'biz',
  name: 'card',
  type: 'CARD',
  label: 'deviceRes.names.card',
  tenancy: 'tenant',
  // docs/product.md section 6 / the menu catalogue: 2801 add, 2802 edit (and delete), 2803 import, 2804
  // recharge, 2805 scope by site (Pro).
  permissions: {
    view: CARD_CODE.view,
    add: CARD_CODE.add,
    edit: CARD_CODE.edit,
    del: CARD_CODE.edit,
    import: CARD_CODE.import,
  },
  importable: true,
  schema: cardSchema,
  filters: { cardSn: 'contains', status: 'eq', type: 'eq', blackFlag: 'eq' },
  sortable: ['cardSn', 'status', 'type', 'balance'],
  views: [{ sort: 'createTime' }, { eq: ['status'], sort: 'cardSn' }],
  // The card number, unique among the company's cards and among all its payers' tags (decision 432).
  unique: [{ field: 'cardSn', message: 'deviceRes.server.cardTaken' }, payerTagUnique('cardSn')],
});
