/**
 * The console's roaming calls (the /emsp screen; docs/decisions/426): register the platform at an eMSP (or update its
 * credentials there when registered), pull its tokens again, and a partner's OCPI state (registration, version, the modules the eMSP
 * offers, the last exchange and its error, its failed exchanges with their calls and answers, the platform's
 * versions URL to give the eMSP).
 */
import { z } from 'zod';
import { publicBaseUrl } from '@functions/commands/files.ts';
import { roamingFailuresOf } from '@functions/data/roaming-failures.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { httpHandler, ok, type Route } from '@functions/api/http.ts';
import { parse } from '@functions/lib/validate.ts';
import { registerAtPartner } from './credentials.ts';
import { partnerById } from './partners.ts';
import { queueTokensPull } from './push.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

const idSchema = z.object({ id: z.string({ error: 'validation.required' }).min(1).max(64) }).strict();

async function roamingState(id: string, base: string) {
  const partner = await partnerById(id);
  if (!partner) throw notFound();
  const ocpi = partner.ocpi ?? {};
  return {
    id: partner.id,
    registerFlag: partner.registerFlag,
    version: ocpi.version ?? '',
    modules: [...new Set((ocpi.endpoints ?? []).map((e) => e.identifier))],
    lastExchangeAt: ocpi.lastExchangeAt ?? '',
    lastError: ocpi.lastError ?? '',
    // Every failed exchange kept (the newest first): when, the call and the answer (decision 437).
    failures: (await roamingFailuresOf(partner.id)).map(({ at, call, answer }) => ({ at, call, answer })),
    versionsUrl: `${base}/ocpi/versions`,
    stationCount: (partner.stationIds ?? []).length,
  };
}

export const handler = httpHandler({
  'POST /admin/emsp/register': async (req) => {
    const { id } = parse(idSchema, req.body);
    if (!(await partnerById(id))) throw notFound();
    const base = publicBaseUrl(req.event);
    const result = await registerAtPartner(id, `${base}/ocpi`);
    return ok({ ...result, state: await roamingState(id, base) });
  },
  /** The eMsp's tokens pulled again (queued; a partner not registered has none to give). */
  'POST /admin/emsp/pullTokens': async (req) => {
    const partner = await partnerById(parse(idSchema, req.body).id);
    if (!partner) throw notFound();
    if (!partner.registered) throw refused('systemRes.server.emspNotRegistered');
    await queueTokensPull(partner.id);
    return ok({ queued: true });
  },
  'POST /admin/emsp/roaming': async (req) =>
    ok(await roamingState(parse(idSchema, req.body).id, publicBaseUrl(req.event))),
} satisfies Record<string, Route>);
