/**
 * App users domain (docs/decisions/193-app-users-and-ops-view.md): the staff calls of /appUser and
 * /appUserDetail. The one place binding these routes to the services: each request is read and checked here
 * with the shared schemas.
 */
import { refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, who, type Route } from '@functions/api/http.ts';
import { fileResponse, resourceHandlers } from '@functions/api/resources.ts';
import { parse } from '@functions/lib/validate.ts';
import {
  appUserAdjustSchema,
  appUserLockSchema,
  appUserPileLinkSchema,
  appUserPilesQuery,
  appUserPileUnlinkSchema,
  appUserUnlockSchema,
  opsUserQuery,
} from '@shared/resources/crm/app-user.ts';
import { appInsightQuery } from '@shared/schemas/app-insight.ts';
import { appInsight, appInsightFile } from './insight.ts';
import { opsUsers } from './ops.ts';
import {
  adjustAppUser,
  appUserRecords,
  lockAppUser,
  shownAppUser,
  unlockAppUser,
} from '@functions/accounts/app-users.ts';
import { appUserDetail } from './detail.ts';
import { appUserPiles, linkAppUserPile, unlinkAppUserPile } from './home-piles.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

export const handler = httpHandler({
  ...resourceHandlers([appUserRecords]),
  // App users sign themselves up in the driver app, and hold money: staff never add or delete one.
  'POST /biz/appUser/add': async () => {
    throw refused('crm.server.noAdd');
  },
  'POST /biz/appUser/del': async () => {
    throw refused('crm.server.noDelete');
  },
  'POST /biz/appUser/detail': async (req) => ok(await appUserDetail(who(req), String(req.query.id ?? ''))),
  'POST /biz/appUser/lock': async (req) => {
    const { id, cause } = parse(appUserLockSchema, req.body);
    return ok(shownAppUser(await lockAppUser(who(req), id, cause)));
  },
  'POST /biz/appUser/unlock': async (req) => {
    const { id, cause } = parse(appUserUnlockSchema, req.body);
    return ok(shownAppUser(await unlockAppUser(who(req), id, cause)));
  },
  // Personal (home) piles (docs/decisions/468-app-user-home-piles.md).
  'POST /biz/appUser/piles': async (req) =>
    ok(
      await appUserPiles(
        who(req),
        parse(appUserPilesQuery, { id: req.query.id ?? (req.body as { id?: unknown } | undefined)?.id }).id,
      ),
    ),
  'POST /biz/appUser/pileLink': async (req) =>
    ok(await linkAppUserPile(who(req), parse(appUserPileLinkSchema, req.body))),
  'POST /biz/appUser/pileUnlink': async (req) =>
    ok(await unlinkAppUserPile(who(req), parse(appUserPileUnlinkSchema, req.body))),
  'POST /biz/opsUser/list': async (req) => ok(await opsUsers(who(req), parse(opsUserQuery, req.body ?? {}))),
  'POST /biz/appInsight/stat': async (req) =>
    ok(await appInsight(who(req), parse(appInsightQuery, req.body ?? {}))),
  'POST /biz/appInsight/download': async (req) => {
    const file = await appInsightFile(who(req), parse(appInsightQuery, req.body ?? {}));
    return fileResponse(file.body, file.name);
  },
  'POST /biz/appUser/adjust': async (req) => {
    const { id, amount, cause } = parse(appUserAdjustSchema, req.body);
    return ok(shownAppUser(await adjustAppUser(who(req), id, amount, cause)));
  },
} satisfies Record<string, Route>);
