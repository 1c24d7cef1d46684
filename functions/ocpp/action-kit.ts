/**
 * Building blocks of the per-version action handlers (v16/, v201/): payload readers and the wrapper that
 * gives an action its charger.
 */
import { recordProgress } from '@functions/commands/store.ts';
import { setLive, type BootInfo } from '@functions/chargepoints/live.ts';
import { logger } from '@functions/lib/logger.ts';
import type { Action, ActionInput } from '@functions/ocpp-messages/frames.ts';
import { chargerContext, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { heartbeatIntervalSeconds } from './heartbeat.ts';

export type Payload = Record<string, unknown>;
export const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
export const now = () => new Date().toISOString();

/**
 * An action of a registered charger, speaking `protocol`; `unknown` answers a charger whose record is gone
 * (deleted after it connected).
 */
export const knownCharger =
  (protocol: string) =>
  (
    run: (charger: ChargerContext, payload: Payload, input: ActionInput) => Promise<Payload>,
    unknown: () => Payload,
  ): Action =>
  async (input) => {
    const charger = await chargerContext(input.chargePointId);
    if (!charger) return unknown();
    return run({ ...charger, protocol }, input.payload, input);
  };

/** A notification whose status is kept on the live item under `field` (firmware, diagnostics, log upload). */
export const liveStatusAction =
  (protocol: string) =>
  (field: string): Action =>
    knownCharger(protocol)(
      async (charger, p) => {
        await setLive(charger.chargePointId, { [field]: String(p.status), [`${field}At`]: now() });
        // The progress of the firmware update or log upload command it answers (never fails the message).
        await recordProgress(charger.chargePointId, field, p).catch((error: unknown) =>
          logger.warn('Command progress not recorded', { error: String(error) }),
        );
        return {};
      },
      () => ({}),
    );

/** Security events are logged (the platform keeps no security event store). */
export const securityEvent: Action = async (input) => {
  logger.info('Security event', { chargePointId: input.chargePointId, ...input.payload });
  return {};
};

/** Vendor extensions are not supported: the standard answer names the vendor unknown. */
export const dataTransfer: Action = async () => ({ status: 'UnknownVendorId' });

export const heartbeat: Action = async () => ({ currentTime: now() });

/**
 * BootNotification of either version: what the charger says about itself is kept on its live item and it is
 * accepted with the heartbeat interval; a charger no longer registered is rejected. `read` takes the facts
 * out of the version's payload.
 */
export const bootAction = (protocol: string, read: (p: Payload) => Omit<BootInfo, 'at'>): Action =>
  knownCharger(protocol)(
    async (charger, p) => {
      const at = now();
      const boot = read(p);
      await setLive(charger.chargePointId, { boot: { ...boot, at }, firmwareVersion: boot.firmwareVersion });
      return { status: 'Accepted', currentTime: at, interval: heartbeatIntervalSeconds() };
    },
    () => ({ status: 'Rejected', currentTime: now(), interval: heartbeatIntervalSeconds() }),
  );
