/**
 * Subscription domain: plans, the price calculation, payment and its confirmation, the webhook.
 * The one place binding these routes to the services: each request is read and checked here with the
 * shared schemas, and the services take typed input.
 */
import {
  offlinePayBody,
  payBody,
  planForm,
  planKey,
  planListQuery,
  priceQuery,
  riskQuery,
} from '@shared/schemas/subscription.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { httpHandler, ok, RawResponse, who, type Request } from '@functions/api/http.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { parse } from '@functions/lib/validate.ts';
import { ensurePaymentProvider } from './payment-steps.ts';
import {
  addPlan,
  listPlans,
  planInfo,
  planReceipt,
  universalList,
  updatePlan,
  uploadReceipt,
} from './plans.ts';
import {
  CARD_FIELDS,
  info,
  offlinePay,
  overview,
  pay,
  payConfig,
  riskWarning,
  secure,
  webhook,
} from './subscribe.ts';

ensurePaymentProvider();

/** The body exactly as it came (the webhook's signature covers these bytes). */
function rawBody(req: Request): string {
  const { body, isBase64Encoded } = req.event;
  if (!body) return '';
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

/** A pay request: card data is refused by name (it never reaches this server), then the body is checked. */
function payInput(req: Request) {
  const raw = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const cardFields = CARD_FIELDS.filter((f) => f in raw);
  if (cardFields.length)
    throw badRequest(
      'subscriptionRes.cardDataRefused',
      Object.fromEntries(cardFields.map((f) => [f, 'subscriptionRes.cardDataRefused'])),
    );
  return parse(payBody, req.body);
}

/** A plan update: its key (id, version) is checked first, then the form's fields. */
function planUpdateInput(req: Request) {
  const { id, version, ...fields } = (req.body ?? {}) as Record<string, unknown>;
  const key = parse(planKey, { id, version });
  return { key, form: parse(planForm, fields) };
}

export const handler = httpHandler({
  'POST /admin/plan/list': async (req) => ok(await listPlans(who(req), parse(planListQuery, req.body))),
  'POST /admin/plan/info': async (req) => ok(await planInfo(who(req), req.query.id)),
  'POST /admin/plan/add': async (req) => {
    const identity = who(req);
    return ok(await addPlan(identity, parse(planForm, req.body)));
  },
  'POST /admin/plan/update': async (req) => {
    const identity = who(req);
    const { key, form } = planUpdateInput(req);
    return ok(await updatePlan(identity, key, form));
  },
  'POST /admin/plan/universalList': async (req) => (who(req), ok(await universalList())),
  'POST /admin/plan/upload': async (req) => {
    const identity = who(req);
    return ok(await uploadReceipt(identity, readMultipart(req.event).files));
  },
  'POST /admin/plan/receipt': async (req) => {
    const { bytes, fileName } = await planReceipt(who(req), req.query.id);
    return new RawResponse({
      statusCode: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${fileName}"`,
        'cache-control': 'private, max-age=300',
      },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
  },

  'POST /admin/subscribe/overview': async (req) => ok(await overview(who(req), parse(priceQuery, req.body))),
  'POST /admin/subscribe/riskWarning': async (req) =>
    ok(await riskWarning(who(req), parse(riskQuery, req.body))),
  'POST /admin/subscribe/pay': async (req) => {
    const identity = who(req);
    return pay(identity, payInput(req));
  },
  'POST /admin/subscribe/secure': async (req) => secure(who(req), req.query.paymentId),
  'POST /admin/subscribe/offlinePay': async (req) => offlinePay(who(req), parse(offlinePayBody, req.body)),
  'POST /admin/subscribe/info': async (req) => ok(await info(who(req), req.query.id, req.query.newFlag)),
  'POST /admin/subscribe/payConfig': async (req) => (who(req), ok(payConfig())),
  'POST /admin/subscribe/webhook': async (req) =>
    ok(await webhook(rawBody(req), req.event.headers['stripe-signature'])),
});
