/**
 * The wiring of the event reactions (docs/decisions/400-layers-and-events.md,
 * docs/decisions/444-layers-you-can-see.md). A module low in the layers emits through functions/lib/events.ts;
 * the domains above react in their own `reactions.ts`; every Lambda entry whose modules can emit imports this
 * module once, so that it has every subscriber (test/functions/events-wiring.test.ts). Only entries import it:
 * it sits above every domain. The order below is the order in which the reactions to one event run
 * (`sessionStarted`: the orders', then the fleets', the roaming and the load management's).
 */
import '@functions/chargepoints/reactions.ts';
import '@functions/orders/reactions.ts';
import '@functions/fleets/reactions.ts';
import '@functions/ocpi/reactions.ts';
import '@functions/energy/reactions.ts';
