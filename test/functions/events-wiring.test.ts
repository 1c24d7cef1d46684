/**
 * Cross-domain reactions go through functions/lib/events.ts (docs/decisions/400): a module emits, the domain
 * above subscribes in its `subscriptions.ts`, and each Lambda entry imports the subscriptions. A forgotten
 * import would silently drop a reaction the direct call used to make (a reservation never used, a failed
 * remote start without its order), so: every entry of the topology whose modules can emit an event (an
 * `emit('…')` anywhere in what it imports) must, once loaded on its own, have exactly the subscribers the
 * direct calls had.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { EventName } from '@functions/lib/events.ts';
import { distinctFunctionRefs } from '@shared/topology/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The reactions the direct calls made, by event (commands/ended.ts, orders/session-hooks.ts, ...). */
const EXPECTED: Record<string, string[]> = {
  // One per command action (ReserveNow/CancelReservation, remote starts, ChangeAvailability): any order.
  commandEnded: [
    'loadLimitRejected',
    'pileAvailability',
    'remoteStart',
    'reservationCommand',
    'roamingCommandEnded',
  ],
  // In this order, as orders/session-hooks.ts called them.
  sessionStarted: [
    'reservationUsedBySession',
    'queueServed',
    'timeTargetNoted',
    'fleetMemberCharging',
    'roamingSessionQueued',
    'loadRebalancedAtStart',
  ],
  sessionEnded: ['loadRebalancedAtEnd'],
  powerBalanceSaved: ['planApplied'],
  energyBoxReported: ['renewableProduced'],
  sessionMetered: ['chargeTarget'],
  connectorAvailable: ['queueCalled'],
  connectorSuspended: ['fleetMemberPaused'],
  connectorStatesChanged: ['evseStatusQueued', 'loadLimitsToAChargerThatCame'],
  roamingOrderSettled: ['cdrQueued'],
  reservationStatusChanged: ['reservationStatus'],
};
const ORDERED = new Set(['sessionStarted']);

const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EMIT = /\bemit\(\s*'(\w+)'/g;

function resolve(from: string, spec: string): string | undefined {
  if (spec.startsWith('@functions/')) return path.join(root, 'functions', spec.slice('@functions/'.length));
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  return undefined; // packages, @shared and @infra: they import nothing of functions/
}

/** The events the module's code can emit: every `emit` in the modules it imports, transitively. */
function emittable(entry: string): Set<string> {
  const events = new Set<string>();
  const seen = new Set<string>();
  const todo = [path.join(root, entry)];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(EMIT)) events.add(name!);
    for (const [, spec] of text.matchAll(IMPORT)) {
      const next = resolve(file, spec!);
      if (next?.endsWith('.ts')) todo.push(next);
    }
  }
  return events;
}

const entries = [...new Set(distinctFunctionRefs().map((ref) => ref.module))];

describe('events wiring', () => {
  it('finds the emitters (the scan reads the code it checks)', () => {
    // Every event but an energy box's report can follow from a charger's message.
    expect([...emittable('functions/ocpp/handler.ts')].sort()).toEqual(
      Object.keys(EXPECTED)
        .filter((e) => e !== 'energyBoxReported')
        .sort(),
    );
    expect([...emittable('functions/energybox/telemetry.ts')]).toContain('energyBoxReported');
    expect([...emittable('functions/commands/timeout-sweep.ts')]).toContain('commandEnded');
  });

  it.each(entries)('%s, loaded alone, has the subscribers of every event it can emit', async (entry) => {
    const events = emittable(entry);
    for (const event of events) expect(EXPECTED, `an event nobody expects: ${event}`).toHaveProperty(event);
    vi.resetModules();
    await import(path.join(root, entry));
    const { subscribers } = await import('@functions/lib/events.ts');
    for (const event of events) {
      const names = subscribers(event as EventName);
      if (ORDERED.has(event)) expect(names, `${entry}: ${event}`).toEqual(EXPECTED[event]);
      else expect([...names].sort(), `${entry}: ${event}`).toEqual(EXPECTED[event]);
    }
  });
});
