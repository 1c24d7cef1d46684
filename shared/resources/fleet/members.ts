/**
 * A fleet's drivers (/driver, 11200) and vehicles (/vehicle, 11300) (docs/product.md section 3;
 * docs/decisions/192-fleets-on-the-registry.md): each charges with its own idTag, which chargers authorise
 * against the fleet. A tag belongs to one driver or vehicle of a company: both declare the shared unique
 * guard `FLEETTAG`, so a driver and a vehicle cannot hold the same tag either. The status (0 parked, 1
 * charging) is the server's, kept true by session start and stop; the forms never send it. Both import from
 * Excel (docs/product.md section 8: a success count and each refused row). Pro, like every fleet code.
 */
import { z } from 'zod';
import { CODE } from '@shared/permissions/menus.ts';
import { defineResource } from '@shared/resources/define.ts';
import { optional, optionalText, requiredText } from '@shared/schemas/fields.ts';
import { pageQuery } from '@shared/schemas/admin.ts';
import { numericChoice } from '../catalogue/fields.ts';
import { PRINTABLE_ASCII } from '../device/common.ts';
import { payerTagUnique } from '../payer-tag.ts';

/** docs/product.md section 3: a driver or vehicle is parked (0) or charging (1). */
export const MEMBER_STATUS = { parked: 0, charging: 1 } as const;

/** docs/product.md section 9: the 8 fleet alert types. */
export const FLEET_ALERT_TYPE = {
  balanceLow: 1,
  balanceWarning: 2,
  vehicleStarted: 3,
  vehicleStopped: 4,
  driverStarted: 5,
  driverStopped: 6,
  orderPaused: 7,
  orderStopped: 8,
} as const;

/** docs/product.md section 3: an alert is unread (0) or read (1). */
export const ALERT_READ = { unread: 0, read: 1 } as const;

/**
 * The unique guard drivers and vehicles share: one tag, one holder in a company (and the payer tag across
 * cards and app users too, decision 432).
 */
export const FLEET_TAG_GUARD = 'FLEETTAG';

/** The OCPP idTag (1.6 CiString20): printable ASCII, at most 20 characters. */
const idTag = requiredText(20).regex(PRINTABLE_ASCII, { error: 'deviceRes.validation.ascii' });

/** The fleet it belongs to: a fleet account's own when it leaves it out; staff must name one. */
const fleetId = optionalText(64);

export const driverSchema = z
  .object({
    fleetId,
    name: requiredText(64),
    /** The company's own number for the driver. */
    driverId: optionalText(32),
    /** The driver's app account e-mail (docs/product.md section 3: app email). */
    email: optional(z.email({ error: 'validation.emailFormat' }).max(60, { error: 'validation.tooLong' })),
    address: optionalText(200),
    idTag,
  })
  .strict();

/** A vehicle identification number: 17 characters, letters (never I, O or Q) and digits (ISO 3779). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;

export const vehicleSchema = z
  .object({
    fleetId,
    name: requiredText(64),
    licensePlateNumber: optionalText(16),
    vin: optional(z.string().trim().regex(VIN, { error: 'fleetMember.validation.vin' })),
    idTag,
  })
  .strict();

/** A fleet's members in order (the fleet console's lists), and the company's (staff lists). */
const memberViews = [{ eq: ['fleetId'], sort: 'createTime' }, { sort: 'createTime' }];

const tagUnique = { field: 'idTag', message: 'fleetMember.server.tagTaken', guard: FLEET_TAG_GUARD };

export const driverResource = defineResource({
  module: 'biz',
  name: 'driver',
  type: 'DRIVER',
  label: 'fleetMember.names.driver',
  tenancy: 'tenant',
  permissions: { view: CODE.drivers, add: CODE.drivers, edit: CODE.drivers, del: CODE.drivers },
  schema: driverSchema,
  filters: { fleetId: 'eq', name: 'contains', idTag: 'contains', status: 'eq' },
  views: memberViews,
  unique: [tagUnique, payerTagUnique('idTag')],
  importable: true,
});

export const vehicleResource = defineResource({
  module: 'biz',
  name: 'vehicle',
  type: 'VEHICLE',
  label: 'fleetMember.names.vehicle',
  tenancy: 'tenant',
  permissions: { view: CODE.vehicles, add: CODE.vehicles, edit: CODE.vehicles, del: CODE.vehicles },
  schema: vehicleSchema,
  filters: { fleetId: 'eq', name: 'contains', licensePlateNumber: 'contains', vin: 'contains', status: 'eq' },
  views: memberViews,
  unique: [tagUnique, payerTagUnique('idTag'), { field: 'vin', message: 'fleetMember.server.vinTaken' }],
  importable: true,
});

/** The fleet a fleet-console call is about: staff name one; a fleet account's own is used whatever is sent. */
const fleetOf = { fleetId: optionalText(64) };

/** /alerts: a page of a fleet's alerts, all or only the unread (readFlag 0) or read (1) ones. */
export const fleetAlertQuery = pageQuery.extend({
  ...fleetOf,
  readFlag: optional(numericChoice(Object.values(ALERT_READ))),
});

/** Marks one alert read. */
export const fleetAlertRead = z.object({ ...fleetOf, id: requiredText(80) });

/** Marks every unread alert of the fleet read. */
export const fleetAlertReadAll = z.object(fleetOf);

/** /fundHistory: a page of a fleet's fund records, of one operType when given. */
export const fundHistoryQuery = pageQuery.extend({
  ...fleetOf,
  operType: optional(numericChoice([1, 2, 3])),
});

/** A fleet's orders, newest first. */
export const fleetOrderQuery = pageQuery.extend(fleetOf);

/** docs/product.md section 9: the analytics windows, in days. */
export const FLEET_ANALYSIS_WINDOWS = [7, 14, 28, 30, 60] as const;

/** /analysis: a window's figures of the fleet by day, and a page of its vehicles' or drivers' sums. */
export const fleetAnalysisQuery = pageQuery.extend({
  ...fleetOf,
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? 7 : Number(v)),
    z.number().refine((n) => (FLEET_ANALYSIS_WINDOWS as readonly number[]).includes(n), {
      error: 'fleetAnalysis.badWindow',
    }),
  ),
  kind: z.enum(['vehicle', 'driver']).default('vehicle'),
});
