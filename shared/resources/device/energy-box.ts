/**
 * Energy boxes (docs/product.md section 3, /energyBox): load-management devices on MQTT (IoT Core; aedes
 * locally) that measure a site's supply and limit the piles behind it. The record is the company's (code,
 * name, rated current, load limit, the piles it is linked to); what the box reports (per-phase usable and
 * load currents, faults, wifi/bluetooth, firmware) is its live state. Upgrading needs a box linked to a pile:
 * boxes without one are flagged and skipped.
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { numericChoice, requiredNumber, int } from '../catalogue/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const EBOX_CODE = { view: CODE.energyBoxes, edit: CODE.energyBoxEdit, upgrade: CODE.energyBoxUpgrade };
/** The MQTT client id and topic segment: letters, digits, `_` and `-`. */
export const EBOX_CODE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;
/** The energy box detail shows this much history. */
export const EBOX_HISTORY_MINUTES = 60;

export const energyBoxSchema = z
  .object({
    code: requiredText(64).regex(EBOX_CODE_FORMAT, { error: 'deviceRes.validation.eboxCode' }),
    name: requiredText(64),
    /** A per phase. */
    ratedCurrent: requiredNumber(int(1, 2000)),
    /** Percent of the rated current the piles behind it may draw together. */
    loadLimit: requiredNumber(int(1, 100)),
    phases: numericChoice([1, 3]),
    chargePointIds: z.array(z.string().min(1)).max(100).default([]),
    remark: optionalText(255),
  })
  .strict();

export const loadLimitSchema = z
  .object({ id: requiredText(64), loadLimit: requiredNumber(int(1, 100)) })
  .strict();

export const eboxUpgradeSchema = z
  .object({
    ids: z.array(z.string().min(1)).min(1, { error: 'validation.required' }).max(100),
    firmwareVersion: requiredText(64),
    url: requiredText(500).regex(/^https?:\/\//, { error: 'deviceRes.validation.url' }),
  })
  .strict();

export const energyBoxResource = defineResource({
  module: 'biz',
  name: 'energyBox',
  type: 'EBOX',
  label: 'deviceRes.names.energyBox',
  tenancy: 'tenant',
  permissions: { view: EBOX_CODE.view, add: EBOX_CODE.edit, edit: EBOX_CODE.edit, del: EBOX_CODE.edit },
  schema: energyBoxSchema,
  filters: { code: 'contains', name: 'contains' },
  sortable: ['code', 'name', 'ratedCurrent', 'loadLimit'],
  views: [{ sort: 'createTime' }],
  // The MQTT topic names the box: its code is its id, unique platform-wide.
  idFrom: { field: 'code', message: 'deviceRes.server.eboxTaken' },
});
