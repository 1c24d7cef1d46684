/**
 * Renewable sources of a station (/renewable; docs/decisions/428): a PV array or a wind turbine on
 * site (its peak power; its production reported by an energy box over MQTT, or imported), or a green supply
 * contract (the share of the grid energy bought that is certified renewable). A PV array may feed a transformer
 * group's solar-surplus mode: while it is on, the group charges with no more than the array produces beyond the
 * site's other load (functions/energy/balancer.ts).
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { choice, dec, flag, int, optionalNumber } from '../catalogue/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const RENEWABLE_TYPES = ['PV', 'WIND', 'GREEN_CONTRACT'] as const;
export type RenewableType = (typeof RENEWABLE_TYPES)[number];
/** The grid's CO2 per kWh (g) when the system parameter CO2_GRID_FACTOR is not set. */
export const DEFAULT_GRID_FACTOR_G_PER_KWH = 380;
/** The system parameter that sets it. */
export const GRID_FACTOR_PARAMETER = 'CO2_GRID_FACTOR';
/** The longest period the renewable report covers (days). */
export const RENEWABLE_PERIOD_DAYS_MAX = 92;

export const renewableSourceSchema = z
  .object({
    name: requiredText(64),
    stationId: requiredText(64),
    sourceType: choice(RENEWABLE_TYPES),
    /** kW: a PV array's or turbine's peak power. */
    peakPower: optionalNumber(dec(0.01, 100_000)),
    /** Percent of the grid energy that is renewable: a green supply contract's. */
    share: optionalNumber(int(1, 100)),
    /** The energy box that reports its production (`pvEnergyWh`, a register in Wh). */
    energyBoxCode: optionalText(64),
    /** The transformer group (by name) whose solar-surplus mode this array feeds. */
    surplusGroup: optionalText(64),
    /** Solar-surplus mode on: the group charges from this array's surplus only. */
    surplusMode: flag.default(false),
    remark: optionalText(255),
  })
  .strict()
  .superRefine((value, ctx) => {
    const onSite = value.sourceType !== 'GREEN_CONTRACT';
    if (onSite && value.peakPower === undefined)
      ctx.addIssue({ code: 'custom', path: ['peakPower'], message: 'validation.required' });
    if (!onSite && value.share === undefined)
      ctx.addIssue({ code: 'custom', path: ['share'], message: 'validation.required' });
    if (value.sourceType !== 'PV' && (value.surplusMode || value.surplusGroup))
      ctx.addIssue({ code: 'custom', path: ['surplusMode'], message: 'energyRes.validation.surplusPvOnly' });
    if (value.surplusMode && !value.surplusGroup)
      ctx.addIssue({ code: 'custom', path: ['surplusGroup'], message: 'validation.required' });
  });
export type RenewableSource = z.infer<typeof renewableSourceSchema>;

export const renewableSourceResource = defineResource({
  module: 'biz',
  name: 'renewableSource',
  type: 'RENEWSRC',
  label: 'energyRes.names.renewableSource',
  tenancy: 'tenant',
  permissions: {
    view: CODE.renewable,
    add: CODE.renewableEdit,
    edit: CODE.renewableEdit,
    del: CODE.renewableEdit,
  },
  schema: renewableSourceSchema,
  filters: { name: 'contains', stationId: 'eq', sourceType: 'eq' },
  sortable: ['name', 'sourceType', 'peakPower'],
  views: [{ sort: 'createTime' }],
  importable: true,
});

/** The report's query: a station (or all in scope) and a period. */
export const renewableReportQuery = z
  .object({
    stationId: optionalText(64),
    from: z.iso.datetime({ offset: true, error: 'validation.required' }),
    to: z.iso.datetime({ offset: true, error: 'validation.required' }),
  })
  .strict()
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    error: 'energyRes.validation.period',
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= RENEWABLE_PERIOD_DAYS_MAX * 86_400_000, {
    path: ['to'],
    error: 'energyRes.validation.periodTooLong',
  });

/** Production imported for a source (Excel rows): the hour it started and its energy. */
export const productionImportSchema = z
  .object({
    sourceId: requiredText(64),
    rows: z
      .array(
        z
          .object({
            hour: z.iso.datetime({ offset: true, error: 'validation.required' }),
            kwh: optionalNumber(dec(0, 1_000_000)).pipe(z.number({ error: 'validation.required' })),
          })
          .strict(),
      )
      .min(1, { error: 'validation.required' })
      .max(24 * RENEWABLE_PERIOD_DAYS_MAX, { error: 'energyRes.validation.tooManyRows' }),
  })
  .strict();
