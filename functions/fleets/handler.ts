/**
 * Fleets domain (issue 18): the fleet resource and its balance operations. The one place binding these
 * routes to the services: each request is read and checked here with the shared schemas.
 */
import { FLEET_STATUS, fleetTopUpSchema } from '@shared/resources/fleet/fleet.ts';
import { refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, who, type Route } from '@functions/lib/http.ts';
import { present, resourceHandlers, type Record_ } from '@functions/lib/resources.ts';
import type { Stored } from '@functions/lib/store.ts';
import { parse } from '@functions/lib/validate.ts';
import { fleetRecords, latestFundRecords, resetFleet, setFleetStatus, topUpFleet } from './accounts.ts';

const shown = (fleet: object) => present(fleetRecords, fleet as Record_ & Stored);
const idOf = (query: Record<string, string | undefined>) => String(query.id ?? '');

export const handler = httpHandler({
  ...resourceHandlers([fleetRecords]),
  // A fleet holds money and its drivers' and vehicles' tags: it is disabled, never deleted.
  'POST /biz/fleet/del': async () => {
    throw refused('fleetRes.server.noDelete');
  },
  'POST /biz/fleet/enable': async (req) =>
    ok(shown(await setFleetStatus(idOf(req.query), who(req).scope, FLEET_STATUS.enabled))),
  'POST /biz/fleet/disable': async (req) =>
    ok(shown(await setFleetStatus(idOf(req.query), who(req).scope, FLEET_STATUS.disabled))),
  'POST /biz/fleet/topUp': async (req) => {
    const { id, amount } = parse(fleetTopUpSchema, req.body);
    return ok(shown(await topUpFleet(id, amount, who(req).scope)));
  },
  'POST /biz/fleet/reset': async (req) => ok(shown(await resetFleet(idOf(req.query), who(req).scope))),
  /** The fleet's latest fund records, newest first (SPEC.md section 3: operType, before, after, change). */
  'POST /biz/fleet/funds': async (req) => ok(await latestFundRecords(idOf(req.query), who(req).scope)),
} satisfies Record<string, Route>);
