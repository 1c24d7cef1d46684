/**
 * Charge points (piles) and their connectors (guns) (docs/product.md sections 3 and 5, /device and the pile
 * wizard). A charge point's id is its OCPP identity: the last segment of `ws://host/ocpp/{id}` and the
 * Basic-auth user name. Live facts (online, boot information, firmware, connector states) are the
 * platform's and are kept apart from the record the console edits.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { choice, dec, flag, int, optionalNumber, requiredNumber } from '../catalogue/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number];
export const POWER_TYPES = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;
export const CONNECTOR_FORMATS = ['SOCKET', 'CABLE'] as const;
/** OCPI connector standards the console offers. */
export const CONNECTOR_STANDARDS = [
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'CHADEMO',
  'GBT_AC',
  'GBT_DC',
  'DOMESTIC',
] as const;
/** How the pile wizard identifies the pile: typed in, or taken from an asset (its code and secret key). */
export const BIND_MODES = ['manual', 'asset'] as const;

/** docs/product.md sections 5 and 9. */
export const GUN_NUMBER = { min: 0, max: 999 } as const;
export const PILE_POWER = { min: 1, max: 10_000 } as const;
export const CONNECTORS_MAX = 32;
/** Codes of the pile menu (docs/product.md section 6). */
export const PILE_CODE = {
  view: CODE.chargePoints,
  add: CODE.chargePointAdd,
  edit: CODE.chargePointEdit,
  del: CODE.chargePointDelete,
  detail: CODE.chargePointDetail,
  import: CODE.chargePointImport,
};

/** OCPP 1.6 identity: CiString, kept to characters that are safe in a URL path segment. */
export const CHARGE_POINT_ID = /^[A-Za-z0-9._:-]{1,48}$/;

export const connectorSchema = z
  .object({
    /** The gun number: the OCPP connectorId (1.6) / evseId (2.0.1) the charger reports it with. */
    connectorNo: requiredNumber(int(GUN_NUMBER.min, GUN_NUMBER.max)),
    name: optionalText(32),
    /**
     * Fee rule bound to this connector when the station sets fees per connector
     * (docs/decisions/262-which-rule-prices-a-session.md).
     */
    feeRuleId: optionalText(64),
  })
  .strict();
export type Connector = z.infer<typeof connectorSchema>;

export const chargePointSchema = z
  .object({
    chargePointId: requiredText(48).regex(CHARGE_POINT_ID, { error: 'siteRes.validation.chargePointId' }),
    name: requiredText(64),
    stationId: requiredText(64),
    protocol: choice(OCPP_PROTOCOLS),
    bindMode: choice(BIND_MODES).default('manual'),
    /** The asset the pile was bound by (bind mode asset). */
    assetCode: optionalText(64),
    brandId: optionalText(64),
    modelId: optionalText(64),
    /** kW, a whole number (docs/product.md section 5). */
    maxPower: requiredNumber(int(PILE_POWER.min, PILE_POWER.max)),
    /** kW, not above the maximum. */
    minPower: optionalNumber(dec(0, PILE_POWER.max)),
    /** V. */
    voltage: optionalNumber(dec(0, 2000)),
    /** A. */
    maxCurrent: optionalNumber(dec(0, 2000)),
    powerType: choice(POWER_TYPES),
    connectorStandard: choice(CONNECTOR_STANDARDS),
    format: choice(CONNECTOR_FORMATS),
    /** Telematics control unit id. */
    tcu: optionalText(64),
    reserveFlag: flag.default(false),
    personalFlag: flag.default(false),
    /**
     * Fee rule of the pile when the station sets fees per charge point
     * (docs/decisions/262-which-rule-prices-a-session.md).
     */
    feeRuleId: optionalText(64),
    // A count (an import's cell) stands for guns 1 to n.
    connectors: z.preprocess(
      (v) =>
        typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))
          ? Array.from({ length: Math.min(Number(v), CONNECTORS_MAX + 1) }, (_, i) => ({
              connectorNo: i + 1,
            }))
          : v,
      z
        .array(connectorSchema)
        .min(1, { error: 'siteRes.validation.connectorRequired' })
        .max(CONNECTORS_MAX, { error: 'siteRes.validation.tooManyConnectors' }),
    ),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.minPower !== undefined && value.minPower > value.maxPower)
      ctx.addIssue({ code: 'custom', path: ['minPower'], message: 'siteRes.validation.minAboveMax' });
    const seen = new Set<number>();
    value.connectors.forEach((connector, index) => {
      if (seen.has(connector.connectorNo))
        ctx.addIssue({
          code: 'custom',
          path: ['connectors', index, 'connectorNo'],
          message: 'siteRes.validation.gunNumberTaken',
        });
      seen.add(connector.connectorNo);
    });
    if (value.bindMode === 'asset' && !value.assetCode)
      ctx.addIssue({ code: 'custom', path: ['assetCode'], message: 'validation.required' });
  });
export type ChargePointInput = z.infer<typeof chargePointSchema>;

/**
 * What the add call takes besides the record when binding by asset: the asset's secret key, checked with
 * its code and never stored on the pile (decision 150). Required of a caller who may not list the assets.
 */
export const assetKeySchema = z.object({ assetSecretKey: optionalText(255) });

export const chargePointResource = defineResource({
  module: 'biz',
  name: 'chargePoint',
  type: 'CHARGEPOINT',
  label: 'siteRes.names.chargePoint',
  tenancy: 'tenant',
  permissions: {
    view: PILE_CODE.view,
    add: PILE_CODE.add,
    edit: PILE_CODE.edit,
    del: PILE_CODE.del,
    import: PILE_CODE.import,
  },
  schema: chargePointSchema,
  idFrom: { field: 'chargePointId', message: 'siteRes.server.chargePointIdTaken' },
  // personalFlag: the personal (home) piles an app user can be linked to
  // (docs/decisions/468-app-user-home-piles.md).
  filters: {
    chargePointId: 'contains',
    name: 'contains',
    stationId: 'eq',
    protocol: 'eq',
    powerType: 'eq',
    personalFlag: 'eq',
  },
  sortable: ['chargePointId', 'name', 'maxPower', 'protocol'],
  views: [{ sort: 'createTime' }, { eq: ['stationId'], sort: 'name' }],
  importable: true,
});
