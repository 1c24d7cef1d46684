/**
 * Network configurations (docs/product.md section 3; OCPP 2.0.1 NetworkConnectionProfile): how a charger
 * reaches the central system, with an optional VPN and an optional mobile (APN) connection. Passwords, the
 * VPN key and the SIM PIN are write-only secrets. Lengths are OCPP's. Sending one to a charger is a command
 * (docs/decisions/232-commands-that-name-a-record.md).
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optional, requiredText, text } from '@shared/schemas/fields.ts';
import { choice, given, integer } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const NETWORK_OCPP_VERSIONS = ['OCPP12', 'OCPP15', 'OCPP16', 'OCPP20'] as const;
export const NETWORK_TRANSPORTS = ['JSON', 'SOAP'] as const;
export const VPN_TYPES = ['IKEv2', 'IPSec', 'L2TP', 'PPTP'] as const;
export const APN_AUTHENTICATIONS = ['CHAP', 'NONE', 'PAP', 'AUTO'] as const;

/** The VPN group: any of its fields makes server, user, password and type required. */
export const VPN_FIELDS = ['vpnServer', 'vpnUser', 'vpnGroup', 'vpnPassword', 'vpnKey', 'vpnType'] as const;
/** The APN group: any of its fields makes the APN and its authentication required. */
export const APN_FIELDS = [
  'apn',
  'apnUserName',
  'apnPassword',
  'simPin',
  'preferredNetwork',
  'useOnlyPreferredNetwork',
  'apnAuthentication',
] as const;
export const NETWORK_SECRETS = ['vpnPassword', 'vpnKey', 'apnPassword', 'simPin'] as const;

/** A ws:// or wss:// URL with a host. */
export function isWebSocketUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'ws:' || url.protocol === 'wss:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const isGiven = (value: unknown) => given(value) && value !== false;

export const networkSchema = z
  .object({
    name: requiredText(64),
    ocppVersion: choice(NETWORK_OCPP_VERSIONS),
    ocppTransport: choice(NETWORK_TRANSPORTS),
    ocppCsmsUrl: requiredText(512).refine(isWebSocketUrl, { error: 'deviceRes.validation.wsUrl' }),
    messageTimeout: integer(1, 3600, 'deviceRes.validation.timeoutRange'),
    securityProfile: integer(0, 3, 'deviceRes.validation.profileRange'),
    configurationSlot: integer(1, 2_147_483_647, 'deviceRes.validation.slotRange'),
    vpnServer: optional(text(512)),
    vpnUser: optional(text(20)),
    vpnGroup: optional(text(20)),
    vpnPassword: optional(text(20)),
    vpnKey: optional(text(255)),
    vpnType: optional(choice(VPN_TYPES)),
    apn: optional(text(512)),
    apnUserName: optional(text(20)),
    apnPassword: optional(text(20)),
    simPin: optional(
      z
        .string()
        .trim()
        .regex(/^\d{4,8}$/, { error: 'deviceRes.validation.simPin' }),
    ),
    // A PLMN: mobile country code and network code, 5 or 6 digits.
    preferredNetwork: optional(
      z
        .string()
        .trim()
        .regex(/^\d{5,6}$/, { error: 'deviceRes.validation.preferredNetwork' }),
    ),
    useOnlyPreferredNetwork: z.boolean().default(false),
    apnAuthentication: optional(choice(APN_AUTHENTICATIONS)),
  })
  .strict()
  .superRefine((value, ctx) => {
    const need = (field: keyof typeof value, message = 'deviceRes.validation.requiredInGroup') => {
      if (!isGiven(value[field])) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    // Security profiles 2 and 3 run over TLS.
    if (value.securityProfile >= 2 && value.ocppCsmsUrl.startsWith('ws:'))
      ctx.addIssue({ code: 'custom', path: ['ocppCsmsUrl'], message: 'deviceRes.validation.wssForProfile' });
    // The password of a stored VPN is not sent back on update: the server checks it on the stored record.
    if (VPN_FIELDS.some((f) => isGiven(value[f])))
      for (const f of ['vpnServer', 'vpnUser', 'vpnType'] as const) need(f);
    if (APN_FIELDS.some((f) => isGiven(value[f])))
      for (const f of ['apn', 'apnAuthentication'] as const) need(f);
  });

/** On create the VPN password is part of the request: a VPN needs one. */
export const networkCreateSchema = networkSchema.superRefine((value, ctx) => {
  if (VPN_FIELDS.some((f) => isGiven(value[f])) && !isGiven(value.vpnPassword))
    ctx.addIssue({ code: 'custom', path: ['vpnPassword'], message: 'deviceRes.validation.requiredInGroup' });
});

export const networkResource = defineResource({
  module: 'biz',
  name: 'network',
  type: 'NETWORK',
  label: 'deviceRes.names.network',
  tenancy: 'tenant',
  permissions: { view: CODE.network, add: CODE.networkEdit, edit: CODE.networkEdit, del: CODE.networkEdit },
  schema: networkSchema,
  filters: { name: 'contains', ocppVersion: 'eq', ocppTransport: 'eq' },
  sortable: ['name', 'ocppVersion', 'securityProfile', 'configurationSlot'],
  views: [{ sort: 'createTime' }],
  secrets: [...NETWORK_SECRETS],
});
