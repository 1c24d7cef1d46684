/**
 * Energy domain (docs/decisions/427 and 428): renewable sources (a declared resource), the renewable report and the import of
 * a source's production. The one place binding these routes to the services: each request is read and
 * checked here with the shared schemas. Load management (balancer.ts) has no route of its own: it acts on the
 * plan saved on the station (functions/devices) and shows on the station's page.
 */
import { renewableReportQuery } from '@shared/resources/energy/renewable-source.ts';
import { readSheet, writeSheet } from '@functions/lib/excel.ts';
import { refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, who } from '@functions/api/http.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { fileResponse, resourceHandlers } from '@functions/api/resources.ts';
import { parse } from '@functions/lib/validate.ts';
import {
  importProduction,
  PRODUCTION_COLUMNS,
  renewableReport,
  renewableReportFile,
  renewableSources,
} from './renewable.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

export const handler = httpHandler({
  ...resourceHandlers([renewableSources]),
  'POST /biz/renewable/report': async (req) =>
    ok(await renewableReport(who(req), parse(renewableReportQuery, req.body))),
  'POST /biz/renewable/download': async (req) => {
    const file = await renewableReportFile(who(req), parse(renewableReportQuery, req.body));
    return fileResponse(file.body, file.name);
  },
  'POST /biz/renewable/productionTemplate': async () =>
    fileResponse(await writeSheet('production', [...PRODUCTION_COLUMNS], []), 'production-template.xlsx'),
  'POST /biz/renewable/importProduction': async (req) => {
    const file = readMultipart(req.event).files[0];
    if (!file) throw refused('server.importNeedsFile');
    let rows;
    try {
      rows = await readSheet(file.body);
    } catch {
      throw refused('server.importNotExcel');
    }
    if (!rows.length) throw refused('energyRes.server.badRow', { row: 2 });
    return ok(await importProduction(who(req), String(req.query.sourceId ?? ''), rows));
  },
});
