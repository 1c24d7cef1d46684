/**
 * Charger models of a brand (docs/product.md section 3): the model name (unique within its brand), connector
 * number (1 to 99), connector standard, electrical limits (min power not above max power), current type,
 * socket type and protocol. A model's brand must exist. Listed per brand through an index (brandId, by model
 * name).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { choice, dec, int, optionalNumber, requiredNumber } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const CURRENT_TYPES = ['AC', 'DC'] as const;
export const SOCKET_TYPES = ['SOCKET', 'CABLE'] as const;
export const PROTOCOL_TYPES = ['OCPP1.6', 'OCPP2.0.1'] as const;

export const modelSchema = z
  .object({
    brandId: requiredText(64),
    deviceModel: requiredText(64),
    connectorNumber: requiredNumber(int(1, 99)),
    standard: optionalText(32),
    /** A. */
    maxCurrent: optionalNumber(dec(0, 10_000)),
    /** V. */
    maxVoltage: optionalNumber(dec(0, 10_000)),
    /** kW. */
    maxPower: requiredNumber(dec(0.01, 10_000)),
    /** kW, not above maxPower. */
    minPower: optionalNumber(dec(0, 10_000)),
    currentType: choice(CURRENT_TYPES),
    socketType: choice(SOCKET_TYPES),
    protocolType: choice(PROTOCOL_TYPES),
  })
  .strict();

export const modelResource = defineResource({
  module: 'biz',
  name: 'model',
  type: 'BRANDMODEL',
  label: 'catalogueRes.names.model',
  tenancy: 'shared',
  permissions: { view: CODE.brands, add: CODE.brandEdit, edit: CODE.brandEdit, del: CODE.brandEdit },
  schema: modelSchema,
  filters: { brandId: 'eq', deviceModel: 'contains', currentType: 'eq', protocolType: 'eq' },
  sortable: ['deviceModel', 'connectorNumber', 'maxPower', 'currentType'],
  views: [{ sort: 'createTime' }, { eq: ['brandId'], sort: 'deviceModel' }],
  // `brandModel` is `{brandId}:{deviceModel}`, set by the server: a model name is unique within its brand.
  unique: [{ field: 'brandModel', message: 'catalogueRes.server.modelTaken' }],
});
