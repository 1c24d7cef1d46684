/**
 * Biz domain: the catalogue and device-catalogue resources (and their extra calls), charging cards, and the
 * alarms. The one place binding these routes to the services: each request is read and checked here with
 * the shared schemas, and the services take typed input.
 */
import { feedbackReplySchema } from '@shared/resources/catalogue/feedback.ts';
import { fileExportQuery } from '@shared/resources/catalogue/file-export.ts';
import { cardBindSchema, CARD_STATUS, rechargeSchema } from '@shared/resources/device/card.ts';
import { firmwareSchema } from '@shared/resources/device/firmware.ts';
import { alarmListQuery, alarmStatQuery, OFFLINE_FLAG } from '@shared/schemas/alarm.ts';
import { alarmStats, listAlarms } from '@functions/alarms/lists.ts';
import { refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, RawResponse, who, type Route } from '@functions/api/http.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { listInput, resourceHandlers } from '@functions/api/resources.ts';
import { parse } from '@functions/lib/validate.ts';
import { bind, recharge, setStatus } from './cards.ts';
import {
  alarmMailInfo,
  brandInfo,
  brands,
  catalogueResources,
  deleteExportTask,
  exportFile,
  listAlarmMails,
  listBrands,
  listExportTasks,
  listModels,
  models,
  readFeedback,
  replyFeedback,
} from './catalogue-resources.ts';
import { alarmMails } from '@functions/alarms/catalogue.ts';
import {
  deleteFirmware,
  deviceResources,
  listLocalLists,
  listVersions,
  uploadFirmware,
} from './device-resources.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

/** These lists have always read a body that is no object as an empty request (the generic ones refuse it). */
const objectBody = (body: unknown) => ({ ...(body && typeof body === 'object' ? body : {}) });

export const handler = httpHandler({
  ...resourceHandlers([...catalogueResources, ...deviceResources]),
  // Calls beyond the five generic ones; the ones below named like a generic one replace it.
  'POST /biz/brand/list': async (req) =>
    ok(await listBrands(who(req), listInput(brands, objectBody(req.body)))),
  'POST /biz/brand/info': async (req) => ok(await brandInfo(who(req), req.query.id)),
  'POST /biz/model/list': async (req) =>
    ok(await listModels(who(req), listInput(models, objectBody(req.body)))),
  'POST /biz/alarmMail/list': async (req) =>
    ok(await listAlarmMails(who(req), listInput(alarmMails, objectBody(req.body)))),
  'POST /biz/alarmMail/info': async (req) => ok(await alarmMailInfo(who(req), req.query.id)),

  'POST /biz/feedback/read': async (req) => ok(await readFeedback(who(req), req.query.id)),
  'POST /biz/feedback/reply': async (req) =>
    ok(await replyFeedback(who(req), parse(feedbackReplySchema, req.body))),

  'POST /biz/fileExport/list': async (req) =>
    ok(await listExportTasks(who(req), parse(fileExportQuery, req.body))),
  /**
   * The finished file, sent through the API as an attachment (no presigner is installed). API Gateway and
   * Lambda limit a response to about 6 MB (4.5 MB before base64).
   */
  'POST /biz/fileExport/download': async (req) => {
    const { bytes, contentType, fileName } = await exportFile(who(req), req.query.id);
    const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
    return new RawResponse({
      statusCode: 200,
      headers: {
        'content-type': contentType,
        'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        'cache-control': 'no-store',
      },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
  },
  'POST /biz/fileExport/del': async (req) => (await deleteExportTask(who(req), req.query.id), ok(null)),

  'POST /biz/firmware/upload': async (req) => {
    const identity = who(req);
    const form = readMultipart(req.event);
    return ok(await uploadFirmware(identity, parse(firmwareSchema, form.fields), form.files));
  },
  // Firmware needs its file: the generic add has none.
  'POST /biz/firmware/add': async () => {
    throw refused('deviceRes.server.firmwareUseUpload');
  },
  'POST /biz/firmware/del': async (req) => (await deleteFirmware(who(req), req.query.id), ok(null)),
  'POST /biz/listVersion/list': async (req) =>
    ok(await listLocalLists(who(req), listInput(listVersions, req.body))),

  'POST /biz/card/activate': async (req) => ok(await setStatus(who(req), req.query.id, CARD_STATUS.normal)),
  'POST /biz/card/disable': async (req) => ok(await setStatus(who(req), req.query.id, CARD_STATUS.disabled)),
  'POST /biz/card/recharge': async (req) => ok(await recharge(who(req), parse(rechargeSchema, req.body))),
  'POST /biz/card/bind': async (req) => ok(await bind(who(req), parse(cardBindSchema, req.body))),

  'POST /biz/alarm/list': async (req) => {
    // Every alarm, a charger's outages too, unless one kind is asked for (decision 460).
    const query = parse(alarmListQuery, req.body);
    const kinds =
      query.offlineFlag === undefined ? [OFFLINE_FLAG.fault, OFFLINE_FLAG.offline] : [query.offlineFlag];
    return ok(await listAlarms(who(req), query, kinds));
  },
  'POST /biz/alarm/offlineList': async (req) =>
    ok(await listAlarms(who(req), parse(alarmListQuery, req.body), [OFFLINE_FLAG.offline])),
  'POST /biz/alarm/stat': async (req) => ok(await alarmStats(who(req), parse(alarmStatQuery, req.body))),
} satisfies Record<string, Route>);
