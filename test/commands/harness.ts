/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * What the command tests share: simulated chargers connected to a test runtime, and sending a command
 * through the API then waiting for its end in the results list.
 */
import { expect } from 'vitest';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api } from '../helpers/identity.ts';
import { waitFor } from '../helpers/runtime.ts';

/** Demo chargers (two connectors, fast simulated time), connected and booted. */
export async function startChargers(
  url: string,
  list: readonly (readonly [id: string, ocpp: '1.6' | '2.0.1'])[],
): Promise<Map<string, SimulatedCharger>> {
  const chargers = new Map<string, SimulatedCharger>();
  for (const [id, ocpp] of list) {
    const charger = new SimulatedCharger({
      url: url.replace(/^http/, 'ws'),
      id,
      password: DEMO_CHARGER_PASSWORD,
      ocpp,
      connectors: 2,
      timeScale: 200,
      idTags: ['SIM-TAG-001'],
    });
    chargers.set(id, charger);
    await charger.start();
    await charger.whenBooted();
  }
  return chargers;
}

/** POST /biz/command/send and the results list, at the runtime's URL as a user (both read when called). */
export function commandClient(target: () => { url: string; token: string }) {
  const send = (body: Record<string, unknown>, as = target().token) =>
    api(target().url, as, '/biz/command/send', body);

  /** The command's row in the results list. */
  const row = async (chargePointId: string, commandId: string) => {
    const { url, token } = target();
    const list = await api(url, token, '/biz/command/list', { chargePointId, current: 1, size: 50 });
    return list.data.records.find((r: any) => r.commandId === commandId);
  };

  /** Sends a command (it must be accepted) and waits for its end in the results list. */
  const run = async (
    chargePointId: string,
    command: string,
    params: Record<string, unknown> = {},
    connectorNo?: number,
  ) => {
    const sent = await send({ chargePointId, command, params, connectorNo });
    expect(sent.code, `${command}: ${sent.msg} ${JSON.stringify(sent.data)}`).toBe(0);
    expect(sent.msg).toBe('Command issued successfully, please check the result');
    return waitFor(
      async () => {
        const r = await row(chargePointId, sent.data.commandId);
        return r && !['queued', 'sent'].includes(r.status) ? r : undefined;
      },
      15_000,
      `${command} on ${chargePointId}`,
    );
  };

  return { send, row, run };
}
