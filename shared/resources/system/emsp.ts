/**
 * eMsp roaming partners (docs/product.md section 3): name, OCPI country code and party id, the partner's and
 * our URLs, both tokens (write-only), enable and register flags. Each is one OCPI 2.2.1 registration
 * (functions/ocpi, docs/decisions/426): the register flag and the OCPI state are kept by the server. The
 * sites published to a partner are bound apart (`/admin/emsp/bind`, the /emspBind screen): `stationIds` and
 * `bindFlag` are kept by the server.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { flag, secret, url } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const EMSP_FLAG = { no: 0, yes: 1 } as const;

export const emspSchema = z
  .object({
    name: requiredText(64),
    countryCode: requiredText(16)
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'systemRes.validation.countryCode' }),
    partyId: requiredText(16)
      .toUpperCase()
      .regex(/^[A-Z0-9]{3}$/, { error: 'systemRes.validation.partyId' }),
    requestUrl: url(),
    cpoUrl: url(),
    emspToken: secret(),
    cpoToken: secret(),
    enableFlag: flag(EMSP_FLAG.yes),
    /** Kept by the server from the OCPI handshake (functions/ocpi); a value sent is ignored. */
    registerFlag: flag(EMSP_FLAG.no),
  })
  .strict();

/** The bind call: the whole set of the caller's sites published to one partner. */
export const emspBindSchema = z
  .object({
    id: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    stationIds: z.array(z.string().min(1).max(64), { error: 'validation.required' }).max(5000),
    version: z.number({ error: 'validation.required' }).int(),
  })
  .strict();

export const emspResource = defineResource({
  module: 'admin',
  name: 'emsp',
  type: 'EMSP',
  label: 'systemRes.names.emsp',
  tenancy: 'platform',
  permissions: { view: CODE.emsp, add: CODE.emspEdit, edit: CODE.emspEdit, del: CODE.emspEdit },
  schema: emspSchema,
  filters: {
    name: 'contains',
    countryCode: 'contains',
    partyId: 'contains',
    enableFlag: 'eq',
    bindFlag: 'eq',
  },
  sortable: ['name', 'countryCode', 'partyId', 'enableFlag', 'bindFlag'],
  views: [{ sort: 'createTime' }],
  // partyKey (country code and party id together) is set by the server from the two fields; cpoTokenKey (the
  // hash of the platform token the partner calls with) finds the partner of an OCPI call (functions/ocpi).
  unique: [
    { field: 'partyKey', message: 'systemRes.server.emspPartyTaken' },
    { field: 'cpoTokenKey', message: 'systemRes.server.emspTokenTaken' },
  ],
  secrets: ['emspToken', 'cpoToken'],
});
