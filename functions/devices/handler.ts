/**
 * Devices domain: stations and charge points (the declared resources with their own add, detail and
 * power-balance calls) and the live monitor.
 */
import { energyBoxes, energyBoxRoutes } from '@functions/energybox/boxes.ts';
import { httpHandler, ok, who, type Route } from '@functions/lib/http.ts';
import { listResource, resourceHandlers } from '@functions/lib/resources.ts';
import {
  addChargePoint,
  chargePointDetail,
  chargePoints,
  monitorOverview,
  resetChargePointPassword,
  savePowerBalance,
  stationDetail,
  stations,
  visibleChargePoint,
  withLive,
} from './sites.ts';
import { fileRoutes, publicBaseUrl } from '@functions/commands/files.ts';
import { listCommands, sendCommand } from '@functions/commands/send.ts';
import { notFound } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { recentMessages } from '@functions/ocpp/message-log.ts';
import { parse } from '@functions/lib/validate.ts';
import { messageLogQuery } from '@shared/schemas/message-log.ts';
import { connectorUsage } from './connector-limit.ts';
import { stationImage, uploadStationImage } from './images.ts';
import { monitorRoutes } from './monitor-actions.ts';
// Reactions to the events its modules emit (functions/lib/events.ts, test/functions/events-wiring.test.ts).
import '@functions/devices/subscriptions.ts';
import '@functions/orders/subscriptions.ts';

export const handler = httpHandler({
  ...resourceHandlers([stations, chargePoints, energyBoxes]),
  ...energyBoxRoutes,
  'POST /biz/station/detail': async (req) => ok(await stationDetail(who(req), req.query.id)),
  'POST /biz/station/powerBalance': async (req) => ok(await savePowerBalance(who(req), req.body)),
  'POST /biz/station/upload': async (req) => ok(await uploadStationImage(who(req), req)),
  'POST /biz/station/image': async (req) => stationImage(who(req), req.query.id ?? req.query.key),
  'POST /biz/chargePoint/add': async (req) => ok(await addChargePoint(who(req), req.body)),
  'POST /biz/chargePoint/list': async (req) => {
    const page = await listResource(chargePoints, who(req), req.body);
    return ok({ ...page, records: await withLive(page.records) });
  },
  'POST /biz/chargePoint/usage': async (req) => ok(await connectorUsage(who(req).scope)),
  'POST /biz/chargePoint/detail': async (req) => ok(await chargePointDetail(who(req), req.query.id)),
  'POST /biz/chargePoint/resetPassword': async (req) =>
    ok(await resetChargePointPassword(who(req), req.query.id)),
  'POST /biz/chargePoint/messages': async (req) => {
    const { id, ...query } = parse(messageLogQuery, req.body);
    const record = await visibleChargePoint(who(req), id ?? req.query.id);
    if (!record) throw notFound();
    return ok(await recentMessages(record.id, query));
  },
  'POST /biz/command/send': async (req) => ({
    ...ok(await sendCommand(who(req), req.body, publicBaseUrl(req.event))),
    msg: translate(req.language, 'commandRes.server.issued'),
  }),
  'POST /biz/command/list': async (req) => ok(await listCommands(who(req), req.body)),
  'POST /biz/monitor/overview': async (req) => ok(await monitorOverview(who(req), req.body)),
  ...monitorRoutes,
  ...fileRoutes,
} satisfies Record<string, Route>);
