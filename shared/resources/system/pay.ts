/**
 * Payment channels (docs/product.md section 3): the card-payment provider account a company is paid through.
 * The API key and the maps key are write-only; the push (firebase) certificate is uploaded apart
 * (`/admin/pay/upload`) and is never answered or downloadable: a record only says whether one is stored
 * (`certificateKeySet`) and its file name (`certificateName`).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { flag, optionalUrl, secret } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** autoRefundFlag: 0 manual, 1 automatic refunds. */
export const AUTO_REFUND = { manual: 0, auto: 1 } as const;

/** The push certificate: at most this big, with one of these file extensions. */
export const CERTIFICATE = {
  maxBytes: 1024 * 1024,
  extensions: ['json', 'p12', 'pfx', 'p8', 'pem', 'cer', 'crt', 'key'],
} as const;

export const paySchema = z
  .object({
    payName: requiredText(64),
    payUuid: requiredText(128),
    apiKey: secret(),
    notifyUrl: optionalUrl(),
    autoRefundFlag: flag(AUTO_REFUND.manual),
    mapsKey: secret(),
  })
  .strict();

export const payResource = defineResource({
  module: 'admin',
  name: 'pay',
  type: 'PAY',
  label: 'systemRes.names.pay',
  tenancy: 'platform',
  permissions: {
    view: CODE.payChannels,
    add: CODE.payChannelEdit,
    edit: CODE.payChannelEdit,
    del: CODE.payChannelEdit,
  },
  schema: paySchema,
  // The company form's picker searches by payName (docs/product.md section 7).
  filters: { payName: 'contains', payUuid: 'contains', autoRefundFlag: 'eq' },
  sortable: ['payName', 'payUuid', 'autoRefundFlag'],
  views: [{ sort: 'createTime' }],
  // certificateKey (where the uploaded certificate is kept) is server-managed and never answered.
  secrets: ['apiKey', 'mapsKey', 'certificateKey'],
});
