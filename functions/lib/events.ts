/**
 * Cross-domain reactions (docs/decisions/400, 444). Folders of functions/ import downward only, in the order
 * of `FUNCTION_LAYERS` (eslint.config.js): lib, data, identity, api → accounts → chargepoints → sessions →
 * commands → orders → ocpi → ocpp and the console domains → Lambda entries; when something done below must
 * make a domain above react (a command ended, a session started, ...), the module below emits an event here
 * and the domain above subscribes in its `reactions.ts`. functions/reactions.ts imports every domain's
 * reactions and each Lambda entry whose modules can emit imports it (test/functions/events-wiring.test.ts
 * checks the subscribers), so an emit finds the same reactions the direct call had. The lint rules
 * import-x/no-restricted-paths and import-x/no-cycle keep functions/ free of upward imports and cycles.
 *
 * An event and its payload are declared by the module that emits it, next to the payload's type:
 *   declare module '@functions/lib/events.ts' { interface Events { commandEnded: CommandRecord } }
 * so this module imports nothing and every layer may use it.
 *
 * `emit` awaits the handlers one after another in the order they were registered; a handler's error
 * propagates to the emitter, as the direct call's did (a reaction that must not fail the emitter catches
 * its own errors where it subscribes).
 */

/** Every event with its payload; filled by the emitting modules (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Events {}

export type EventName = keyof Events;
export type Handler<E extends EventName> = (payload: Events[E]) => Promise<void>;

const handlers = new Map<EventName, Handler<never>[]>();

/** Subscribes a handler (a named function: its name is what `subscribers` lists). */
export function on<E extends EventName>(event: E, handler: Handler<E>): void {
  handlers.set(event, [...(handlers.get(event) ?? []), handler as Handler<never>]);
}

export async function emit<E extends EventName>(event: E, payload: Events[E]): Promise<void> {
  for (const handler of handlers.get(event) ?? []) await (handler as Handler<E>)(payload);
}

/** The names of an event's handlers, in order (for the wiring test). */
export const subscribers = (event: EventName): string[] => (handlers.get(event) ?? []).map((h) => h.name);
