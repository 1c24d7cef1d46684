/**
 * Charging sites (docs/product.md sections 3 and 5, /equipment and the station wizard): where a company's
 * charge points stand, when the site is open, how fees are set and how its power is balanced. Pictures and
 * the reservation switch are Pro features (code 2105).
 */
import { z } from 'zod';
import { decimalUnits } from '@shared/pricing/money.ts';
import { defineResource } from '../define.ts';
import { HHMM_END, money, PERCENT_OFF } from '../fee/money.ts';
import { optional, optionalText, requiredText } from '@shared/schemas/fields.ts';
import { dec, flag, int, numericChoice, optionalNumber, requiredNumber } from '../catalogue/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const STATION_STATUS = { closed: 0, open: 1 } as const;
export const LOCATION_TYPES = [
  'ON_STREET',
  'PARKING_GARAGE',
  'UNDERGROUND_GARAGE',
  'PARKING_LOT',
  'OTHER',
  'UNKNOWN',
] as const;
/** Who may charge there: 1 public, 2 private (staff, residents), 3 a fleet depot. */
export const STATION_TYPE = { public: 1, private: 2, depot: 3 } as const;
/** 0 open all day, 1 open on the chosen week days in the given periods. */
export const OPEN_FLAG = { allDay: 0, specified: 1 } as const;
/** Where fee rules are bound: 1 one rule for the whole station, 2 per charge point, 3 per connector. */
export const FEE_SET_MODE = { station: 1, chargePoint: 2, connector: 3 } as const;
/**
 * The fee rule of a connector: its own, else its charge point's, else its station's (the most specific
 * binding wins; the station's fee-set mode says where the console asks for one).
 */
export function boundRuleId(
  station: Record<string, unknown>,
  pile: Record<string, unknown>,
  connector: Record<string, unknown> | undefined,
): string | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return text(connector?.feeRuleId) ?? text(pile.feeRuleId) ?? text(station.feeRuleId);
}

/** 0 run by the operator, 1 a personal (home) site. */
export const OWNER_TYPE = { operator: 0, personal: 1 } as const;
/** docs/product.md section 4: 0 off, 1 average / power sharing, 2 maximum output / best efforts. */
export const POWER_MODE = { off: 0, average: 1, maximum: 2 } as const;

export const STATION_IMAGES_MAX = 6;
export const PROFIT_SHARES_MAX = 10;
export const STATION_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const STATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Codes of the site menu (docs/product.md section 6: 2100 to 2105, Pro gates pictures and reservation). */
export const SITE_CODE = {
  view: CODE.stations,
  add: CODE.stationAdd,
  edit: CODE.stationEdit,
  del: CODE.stationDelete,
  detail: CODE.stationDetail,
  pro: CODE.stationPro,
};

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const period = z
  .object({
    start: z.string({ error: 'validation.required' }).regex(HHMM_END, { error: 'siteRes.validation.time' }),
    end: z.string({ error: 'validation.required' }).regex(HHMM_END, { error: 'siteRes.validation.time' }),
  })
  .strict();

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const stationSchema = z
  .object({
    name: requiredText(64),
    status: numericChoice(Object.values(STATION_STATUS)),
    address: requiredText(255),
    country: requiredText(64),
    countryCode: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2,3}$/, { error: 'siteRes.validation.countryCode' }),
    ),
    city: requiredText(64),
    postalCode: optionalText(32),
    longitude: optionalNumber(
      z
        .number({ error: 'siteRes.validation.longitude' })
        .min(-180, { error: 'siteRes.validation.longitude' })
        .max(180, {
          error: 'siteRes.validation.longitude',
        }),
    ),
    latitude: optionalNumber(
      z
        .number({ error: 'siteRes.validation.latitude' })
        .min(-90, { error: 'siteRes.validation.latitude' })
        .max(90, {
          error: 'siteRes.validation.latitude',
        }),
    ),
    timeZone: requiredText(64).refine(isTimeZone, { error: 'siteRes.validation.timeZone' }),
    locationType: z.enum(LOCATION_TYPES, { error: 'validation.required' }),
    type: numericChoice(Object.values(STATION_TYPE)),
    serviceHotline: requiredText(32).regex(/^[+\d][\d\s()-]{2,31}$/, { error: 'validation.phoneFormat' }),
    openFlag: numericChoice(Object.values(OPEN_FLAG)),
    /** ISO week days, 1 Monday to 7 Sunday. */
    workDays: z.array(int(1, 7)).max(7).default([]),
    openPeriods: z.array(period).max(12).default([]),
    /** Keys in the images bucket (uploaded through /biz/station/upload). */
    images: z
      .array(z.string().max(255))
      .max(STATION_IMAGES_MAX, { error: 'siteRes.validation.tooManyImages' })
      .default([]),
    reserveFlag: flag.default(false),
    /** The reservation fee of the station (a reserve fee of the same company; Pro, with reserveFlag). */
    reserveFeeId: optionalText(64),
    feeSetMode: numericChoice(Object.values(FEE_SET_MODE)),
    /** The charging fee of the whole station (fee-set mode 1; the broadest binding in the others). */
    feeRuleId: optionalText(64),
    ownerType: numericChoice(Object.values(OWNER_TYPE)),
    /** Who shares the operator's revenue of the station's orders (after the platform tariff), in percent. */
    profitShares: z
      .array(z.object({ party: requiredText(64), percent: money(PERCENT_OFF) }).strict())
      .max(PROFIT_SHARES_MAX)
      .default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    const shared = value.profitShares.reduce((sum, s) => sum + decimalUnits(s.percent, 2), 0n);
    if (shared > 100_00n)
      ctx.addIssue({
        code: 'custom',
        path: ['profitShares'],
        message: 'siteRes.validation.profitSharesOver',
      });
    if (value.openFlag !== OPEN_FLAG.specified) return;
    if (value.workDays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['workDays'], message: 'siteRes.validation.workDaysRequired' });
    if (new Set(value.workDays).size !== value.workDays.length)
      ctx.addIssue({ code: 'custom', path: ['workDays'], message: 'siteRes.validation.workDaysRequired' });
    if (value.openPeriods.length === 0)
      ctx.addIssue({ code: 'custom', path: ['openPeriods'], message: 'siteRes.validation.periodsRequired' });
    const sorted = value.openPeriods
      .map((p, index) => ({ index, start: minutesOf(p.start), end: minutesOf(p.end) }))
      .sort((a, b) => a.start - b.start);
    sorted.forEach((p, i) => {
      if (p.end <= p.start)
        ctx.addIssue({
          code: 'custom',
          path: ['openPeriods', p.index, 'end'],
          message: 'siteRes.validation.endAfterStart',
        });
      else if (i > 0 && p.start < sorted[i - 1]!.end)
        ctx.addIssue({
          code: 'custom',
          path: ['openPeriods', p.index, 'start'],
          message: 'siteRes.validation.periodsOverlap',
        });
    });
  });
export type StationInput = z.infer<typeof stationSchema>;

/** A transformer group: the piles behind one transformer share its rated power. */
export const transformerGroupSchema = z
  .object({
    name: requiredText(64),
    /** kW. */
    ratedPower: requiredNumber(dec(0.01, 100_000)),
    /** kW: above it an alarm is raised; below the rated power. */
    alarmPower: requiredNumber(dec(0.01, 100_000)),
    chargePointIds: z.array(z.string().min(1)).min(1, { error: 'siteRes.validation.pilesRequired' }),
  })
  .strict()
  .refine((g) => g.ratedPower > g.alarmPower, {
    path: ['alarmPower'],
    error: 'siteRes.validation.ratedAboveAlarm',
  });

/** The power balance plan of a station (the power balance wizard: plan, then groups). */
export const powerBalanceSchema = z
  .object({
    powerMode: numericChoice(Object.values(POWER_MODE)),
    /** Seconds between two adjustments in normal operation. */
    normalCycle: requiredNumber(int(1, 86_400)),
    /** Seconds between two adjustments while an alarm is on; shorter than the normal cycle. */
    alarmCycle: requiredNumber(int(1, 86_400)),
    /** Seconds between two samples while an alarm is on; shorter than the alarm cycle. */
    samplingCycle: requiredNumber(int(1, 86_400)),
    /** Stop delivering energy when the group stays above its rated power. */
    stopElectricity: flag.default(false),
    /** kW a pile may draw when it loses its connection to the platform. */
    offlineMaxPower: requiredNumber(dec(0, 10_000)),
    groups: z.array(transformerGroupSchema).max(50).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.powerMode === POWER_MODE.off)
      ctx.addIssue({ code: 'custom', path: ['powerMode'], message: 'siteRes.validation.powerModeOff' });
    if (!(value.normalCycle > value.alarmCycle))
      ctx.addIssue({ code: 'custom', path: ['alarmCycle'], message: 'siteRes.validation.cycleOrder' });
    if (!(value.alarmCycle > value.samplingCycle))
      ctx.addIssue({ code: 'custom', path: ['samplingCycle'], message: 'siteRes.validation.cycleOrder' });
    const names = new Set<string>();
    const piles = new Set<string>();
    value.groups.forEach((group, index) => {
      const name = group.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['groups', index, 'name'],
          message: 'siteRes.validation.transformerNameTaken',
        });
      names.add(name);
      for (const pile of group.chargePointIds) {
        if (piles.has(pile))
          ctx.addIssue({
            code: 'custom',
            path: ['groups', index, 'chargePointIds'],
            message: 'siteRes.validation.pileInTwoGroups',
          });
        piles.add(pile);
      }
    });
  });
export type PowerBalance = z.infer<typeof powerBalanceSchema>;

export const stationResource = defineResource({
  module: 'biz',
  name: 'station',
  type: 'STATION',
  label: 'siteRes.names.station',
  tenancy: 'tenant',
  permissions: { view: SITE_CODE.view, add: SITE_CODE.add, edit: SITE_CODE.edit, del: SITE_CODE.del },
  schema: stationSchema,
  filters: { name: 'contains', city: 'contains', status: 'eq', type: 'eq', locationType: 'eq' },
  sortable: ['name', 'city', 'status', 'type'],
  views: [{ sort: 'createTime' }, { eq: ['status'], sort: 'name' }],
  unique: [{ field: 'name', message: 'siteRes.server.stationNameTaken' }],
});
