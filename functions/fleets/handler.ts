/**
 * Fleets domain (docs/decisions/192-fleets-on-the-registry.md): the fleet resource and its balance
 * operations. The one place binding these routes to the services: each request is read and checked here with
 * the shared schemas.
 */
import { FLEET_STATUS, fleetActivationSchema, fleetTopUpSchema } from '@shared/resources/fleet/fleet.ts';
import { decryptPassword } from '@functions/auth/keys.ts';
import { refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, who, type Request, type Route } from '@functions/api/http.ts';
import { fileResponse, present, resourceHandlers, type Record_ } from '@functions/api/resources.ts';
import {
  fleetAlertQuery,
  fleetAlertRead,
  fleetAlertReadAll,
  fleetAnalysisQuery,
  fleetOrderQuery,
  fundHistoryQuery,
} from '@shared/resources/fleet/members.ts';
import type { Stored } from '@functions/lib/records.ts';
import { namedId } from '@functions/lib/named-record.ts';
import { parse } from '@functions/lib/validate.ts';
import {
  driverRecords,
  fleetRecords,
  latestFundRecords,
  resetFleet,
  setFleetStatus,
  topUpFleet,
  vehicleRecords,
} from '@functions/accounts/fleets.ts';
import { activateFleet } from './activation.ts';
import { listFleetAlerts, readAllFleetAlerts, readFleetAlert } from '@functions/accounts/fleet-alerts.ts';
import { fleetAnalysis, fleetAnalysisFile } from './analysis.ts';
import { fleetOrderList, fundHistory, fundHistoryFile } from './fund-history.ts';
import { fleetDashboard } from './dashboard.ts';

const shown = (fleet: object) => present(fleetRecords, fleet as Record_ & Stored);
const idOf = (query: Record<string, string | undefined>) => String(query.id ?? '');
/**
 * A fleet call's query with its fleet: `fleetId` in the body or `?id=` (as the dashboard takes it). A fleet
 * named either way is loaded in the caller's reach before any figure (fleetInReach): another company's is
 * "does not exist" (docs/decisions/435-foreign-ids-ocpp-framing-log-context.md).
 */
const withFleet = <T extends { fleetId?: string }>(req: Request, query: T): T => ({
  ...query,
  fleetId: namedId(req.query, query, 'fleetId'),
});

export const handler = httpHandler({
  ...resourceHandlers([fleetRecords, driverRecords, vehicleRecords]),
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
  /** The fleet wizard: the fleet and its administrator's account together (the password arrives encrypted). */
  'POST /biz/fleet/activate': async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = parse(fleetActivationSchema, { ...body, password: await decryptPassword(body.password) });
    return ok(await activateFleet(who(req), input));
  },
  'POST /biz/fleet/dashboard': async (req) => ok(await fleetDashboard(who(req), req.query.id)),
  /**
   * The fleet's latest fund records, newest first (docs/product.md section 3: operType, before, after,
   * change).
   */
  'POST /biz/fleet/funds': async (req) => ok(await latestFundRecords(idOf(req.query), who(req).scope)),
  /** /alerts: a fleet's alerts newest first with the unread count; one or all marked read. */
  'POST /biz/fleetAlert/list': async (req) =>
    ok(await listFleetAlerts(who(req), withFleet(req, parse(fleetAlertQuery, req.body)))),
  'POST /biz/fleetAlert/read': async (req) => {
    const { fleetId, id } = parse(fleetAlertRead, req.body);
    return ok(await readFleetAlert(who(req), fleetId, id));
  },
  'POST /biz/fleetAlert/readAll': async (req) =>
    ok(await readAllFleetAlerts(who(req), parse(fleetAlertReadAll, req.body ?? {}).fleetId)),
  /** /analysis: the window's figures by day and per vehicle or driver, from the fleet rollups. */
  'POST /biz/fleet/analysis': async (req) =>
    ok(await fleetAnalysis(who(req), withFleet(req, parse(fleetAnalysisQuery, req.body ?? {})))),
  'POST /biz/fleet/analysisDownload': async (req) => {
    const { fleetId, days, kind } = withFleet(req, parse(fleetAnalysisQuery, req.body ?? {}));
    const file = await fleetAnalysisFile(who(req), { fleetId, days, kind });
    return fileResponse(file.body, file.name);
  },
  /** A fleet's orders with its balances before and after each (the dashboard, the fleet's page). */
  'POST /biz/fleetOrder/list': async (req) =>
    ok(await fleetOrderList(who(req), withFleet(req, parse(fleetOrderQuery, req.body ?? {})))),
  /** /fundHistory: a fleet's fund records newest first, and the same as an Excel file. */
  'POST /biz/fleetFund/list': async (req) =>
    ok(await fundHistory(who(req), withFleet(req, parse(fundHistoryQuery, req.body ?? {})))),
  'POST /biz/fleetFund/download': async (req) => {
    const { fleetId, operType } = withFleet(req, parse(fundHistoryQuery, req.body ?? {}));
    const file = await fundHistoryFile(who(req), { fleetId, operType });
    return fileResponse(file.body, file.name);
  },
} satisfies Record<string, Route>);
