/**
 * Devices domain: stations and charge points (the declared resources with their own add, detail and
 * power-balance calls), energy boxes, the live monitor, remote commands and the chargers' file transfers.
 * The one place binding these routes to the services: each request is read and checked here with the
 * shared schemas (an upload's form split, a transfer's token and file taken from the path and the body), the
 * services take typed input, and the answers that are not JSON (a file, a charger's plain text) are built
 * here.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { sendCommandSchema } from '@shared/commands/catalogue.ts';
import { eboxUpgradeSchema, loadLimitSchema } from '@shared/resources/device/energy-box.ts';
import { assetKeySchema, chargePointSchema } from '@shared/resources/site/charge-point.ts';
import { powerBalanceSchema } from '@shared/resources/site/station.ts';
import { commandListQuery } from '@shared/schemas/command.ts';
import { messageLogQuery } from '@shared/schemas/message-log.ts';
import { monitorOverviewQuery, monitorTargetSchema } from '@shared/schemas/monitor.ts';
import {
  commandFile,
  FIRMWARE_PATH,
  firmwareFile,
  LOG_PATH,
  logCommand,
  publicBaseUrl,
  storeLog,
  type TransferFile,
  type TransferRefusal,
} from '@functions/commands/files.ts';
import { commandReport } from '@functions/commands/reports.ts';
import { chargerVariables } from '@functions/commands/device-model.ts';
import { listCommands, sendCommand } from '@functions/commands/send.ts';
import {
  energyBoxDetail,
  energyBoxes,
  listEnergyBoxes,
  setLoadLimit,
  upgradeBoxes,
} from '@functions/energybox/boxes.ts';
import { notFound } from '@functions/lib/errors.ts';
import { mustExist, namedId } from '@functions/lib/named-record.ts';
import { httpHandler, ok, RawResponse, who, type Request, type Route } from '@functions/api/http.ts';
import { translate } from '@functions/lib/i18n.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { listInput, listPage, resourceHandlers } from '@functions/api/resources.ts';
import { decodeComponent } from '@functions/lib/uri.ts';
import { parse } from '@functions/lib/validate.ts';
import { recentMessages } from '@functions/ocpp-messages/message-log.ts';
import { connectorUsage } from '@functions/chargepoints/connector-limit.ts';
import { stationImage, uploadStationImage } from '@functions/chargepoints/images.ts';
import {
  liveData,
  meterRecords,
  monitorCommand,
  monitorDetail,
  stopCharging,
  stopReservation,
  unlockConnector,
} from './monitor-actions.ts';
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
} from '@functions/chargepoints/sites.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

/** These calls have always read their body's fields this way (a body that is no object has none). */
const fieldsOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
/** The overview has always read a body that is no object as an empty request. */
const objectBody = (body: unknown) => ({ ...(body && typeof body === 'object' ? body : {}) });

/** A new pile's fields, and the asset's secret key apart (checked first; it is never stored on the pile). */
function chargePointInput(req: Request) {
  const { assetSecretKey: key, ...rest } = fieldsOf(req);
  const { assetSecretKey } = parse(assetKeySchema, { assetSecretKey: key });
  return { assetSecretKey, input: parse(chargePointSchema, rest) };
}

/**
 * A power balance plan with the station's id and the version it was read at. An id or a version of another
 * type is none: the station is not found, the version is stale (the answers they have always had).
 */
function powerBalanceInput(req: Request) {
  const { id, version, ...rest } = fieldsOf(req);
  return {
    plan: parse(powerBalanceSchema, rest),
    id: typeof id === 'string' ? id : undefined,
    version: typeof version === 'number' ? version : undefined,
  };
}

// ---- Charger file transfers (plain text answers: a charger reads no envelope) ----------------------------

const text = (statusCode: number, body: string) =>
  new RawResponse({
    statusCode,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    body,
  });

const REFUSAL: Record<TransferRefusal, [status: number, text: string]> = {
  forbidden: [403, 'Forbidden'],
  notFound: [404, 'Not found'],
  noFile: [400, 'No file'],
  tooLarge: [413, 'Too large'],
};
const refusal = (why: TransferRefusal) => text(...REFUSAL[why]);

const attachment = (name: string, bytes: Buffer, contentType = 'application/octet-stream') => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return new RawResponse({
    statusCode: 200,
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  });
};

/** `{token}/{rest}` of a greedy path parameter. */
function splitPath(req: Request): { token: string; rest: string } {
  const [token = '', ...rest] = (req.params.path ?? '').split('/');
  return { token, rest: rest.join('/') };
}

/** The uploaded file: the one file of a multipart form, or the raw body. */
function uploadedFile(event: APIGatewayProxyEventV2, nameInPath: string): TransferFile | undefined {
  if ((event.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    const file = readMultipart(event).files[0];
    return file
      ? { body: file.body, fileName: file.fileName || nameInPath, contentType: file.contentType }
      : undefined;
  }
  const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  return { body, fileName: nameInPath, contentType: event.headers['content-type'] };
}

const downloadFirmware: Route = async (req) => {
  const file = await firmwareFile(splitPath(req).token);
  return typeof file === 'string' ? refusal(file) : attachment(file.fileName, file.bytes);
};

/** The token is checked before the upload is read (a forged one is refused whatever it sends). */
const uploadLog: Route = async (req) => {
  const { token, rest } = splitPath(req);
  const command = await logCommand(token);
  if (typeof command === 'string') return refusal(command);
  // The front decoded the path once; a name still holding `%` escapes decodes again if it can (a charger
  // that encoded its file name twice), else stays as sent (the service makes it safe for a key).
  const refused = await storeLog(command, uploadedFile(req.event, decodeComponent(rest) ?? rest));
  return refused ? refusal(refused) : text(200, 'OK');
};

export const handler = httpHandler({
  ...resourceHandlers([stations, chargePoints, energyBoxes]),
  'POST /biz/station/detail': async (req) => ok(await stationDetail(who(req), req.query.id)),
  'POST /biz/station/powerBalance': async (req) =>
    ok(await savePowerBalance(who(req), powerBalanceInput(req))),
  'POST /biz/station/upload': async (req) => {
    const identity = who(req);
    return ok(await uploadStationImage(identity, readMultipart(req.event).files));
  },
  'POST /biz/station/image': async (req) => {
    const { bytes, contentType } = await stationImage(who(req), req.query.id ?? req.query.key);
    return new RawResponse({
      statusCode: 200,
      headers: { 'content-type': contentType, 'cache-control': 'private, max-age=3600' },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
  },
  'POST /biz/chargePoint/add': async (req) => ok(await addChargePoint(who(req), chargePointInput(req))),
  'POST /biz/chargePoint/list': async (req) => {
    const page = await listPage(chargePoints, who(req), listInput(chargePoints, req.body));
    return ok({ ...page, records: await withLive(page.records) });
  },
  /**
   * The company tree's connectors against its subscription (decision 110). A charge point named by id must be
   * one the caller sees: another company's does not exist (decision 435).
   */
  'POST /biz/chargePoint/usage': async (req) => {
    const identity = who(req);
    const id = namedId(req.query, req.body);
    if (id !== undefined) mustExist(await visibleChargePoint(identity, id));
    return ok(await connectorUsage(identity.scope));
  },
  'POST /biz/chargePoint/detail': async (req) => ok(await chargePointDetail(who(req), req.query.id)),
  'POST /biz/chargePoint/resetPassword': async (req) =>
    ok(await resetChargePointPassword(who(req), req.query.id)),
  'POST /biz/chargePoint/messages': async (req) => {
    const { id, ...query } = parse(messageLogQuery, req.body);
    const record = await visibleChargePoint(who(req), id ?? req.query.id);
    if (!record) throw notFound();
    return ok(await recentMessages(record.id, query));
  },

  'POST /biz/energyBox/list': async (req) =>
    ok(await listEnergyBoxes(who(req), listInput(energyBoxes, req.body))),
  'POST /biz/energyBox/detail': async (req) => ok(await energyBoxDetail(who(req), req.query.id)),
  'POST /biz/energyBox/loadLimit': async (req) =>
    ok(await setLoadLimit(who(req), parse(loadLimitSchema, req.body))),
  'POST /biz/energyBox/upgrade': async (req) =>
    ok(await upgradeBoxes(who(req), parse(eboxUpgradeSchema, req.body))),

  'POST /biz/monitor/overview': async (req) =>
    ok(await monitorOverview(who(req), parse(monitorOverviewQuery, objectBody(req.body)))),
  'POST /biz/monitor/stopCharging': async (req) =>
    ok(await stopCharging(who(req), parse(monitorTargetSchema, req.body), publicBaseUrl(req.event))),
  'POST /biz/monitor/liveData': async (req) =>
    ok(await liveData(who(req), parse(monitorTargetSchema, req.body))),
  'POST /biz/monitor/meterRecords': async (req) =>
    ok(await meterRecords(who(req), parse(monitorTargetSchema, req.body))),
  'POST /biz/monitor/unlock': async (req) =>
    ok(await unlockConnector(who(req), parse(monitorTargetSchema, req.body), publicBaseUrl(req.event))),
  'POST /biz/monitor/stopReservation': async (req) =>
    ok(await stopReservation(who(req), parse(monitorTargetSchema, req.body), publicBaseUrl(req.event))),
  'POST /biz/monitor/detail': async (req) =>
    ok(await monitorDetail(who(req), parse(monitorTargetSchema, req.body))),
  'POST /biz/monitor/command': async (req) => ok(await monitorCommand(who(req), req.query.id)),

  'POST /biz/command/send': async (req) => ({
    ...ok(await sendCommand(who(req), parse(sendCommandSchema, req.body), publicBaseUrl(req.event))),
    msg: translate(req.language, 'commandRes.server.issued'),
  }),
  'POST /biz/command/list': async (req) =>
    ok(await listCommands(who(req), parse(commandListQuery, req.body))),
  'POST /biz/command/file': async (req) => {
    const file = await commandFile(who(req), req.query.id);
    return attachment(file.fileName, file.bytes, file.contentType);
  },
  'POST /biz/command/report': async (req) => ok(await commandReport(who(req), req.query.id)),
  'POST /biz/command/variables': async (req) => ok(await chargerVariables(who(req), req.query.chargePointId)),
  [`GET ${FIRMWARE_PATH}/{path+}`]: downloadFirmware,
  [`PUT ${LOG_PATH}/{path+}`]: uploadLog,
  [`POST ${LOG_PATH}/{path+}`]: uploadLog,
} satisfies Record<string, Route>);
