/**
 * OCPI 2.2.1 hubclientinfo module (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): the
 * ClientInfo a roaming hub gives of each party connected to it. Field names are OCPI's own, as on the wire.
 */
import { z } from 'zod';
import { ocpiRoleSchema } from './ocpi.ts';

/** OCPI ConnectionStatus: how the hub sees a party. */
export const HUB_CONNECTION_STATUSES = ['CONNECTED', 'OFFLINE', 'PLANNED', 'SUSPENDED'] as const;

/** OCPI ClientInfo. */
export const ocpiClientInfoSchema = z.object({
  party_id: ocpiRoleSchema.shape.party_id,
  country_code: ocpiRoleSchema.shape.country_code,
  role: ocpiRoleSchema.shape.role,
  status: z.enum(HUB_CONNECTION_STATUSES),
  last_updated: z.iso.datetime({ offset: true }),
});
export type OcpiClientInfo = z.infer<typeof ocpiClientInfoSchema>;
