/** Subscription domain (issue 8): plans, the price calculation, payment and its confirmation, the webhook. */
import { httpHandler, ok, who, type Request } from '@functions/lib/http.ts';
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
import { info, offlinePay, overview, pay, payConfig, riskWarning, secure, webhook } from './subscribe.ts';

ensurePaymentProvider();

/** The body exactly as it came (the webhook's signature covers these bytes). */
function rawBody(req: Request): string {
  const { body, isBase64Encoded } = req.event;
  if (!body) return '';
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

export const handler = httpHandler({
  'POST /admin/plan/list': async (req) => ok(await listPlans(who(req), req.body)),
  'POST /admin/plan/info': async (req) => ok(await planInfo(who(req), req.query.id)),
  'POST /admin/plan/add': async (req) => ok(await addPlan(who(req), req.body)),
  'POST /admin/plan/update': async (req) => ok(await updatePlan(who(req), req.body)),
  'POST /admin/plan/universalList': async (req) => (who(req), ok(await universalList())),
  'POST /admin/plan/upload': async (req) => ok(await uploadReceipt(who(req), req)),
  'POST /admin/plan/receipt': async (req) => planReceipt(who(req), req.query.id),

  'POST /admin/subscribe/overview': async (req) => ok(await overview(who(req), req.body)),
  'POST /admin/subscribe/riskWarning': async (req) => ok(await riskWarning(who(req), req.body)),
  'POST /admin/subscribe/pay': async (req) => pay(who(req), req.body),
  'POST /admin/subscribe/secure': async (req) => secure(who(req), req.query.paymentId),
  'POST /admin/subscribe/offlinePay': async (req) => offlinePay(who(req), req.body),
  'POST /admin/subscribe/info': async (req) => ok(await info(who(req), req.query.id, req.query.newFlag)),
  'POST /admin/subscribe/payConfig': async (req) => (who(req), ok(payConfig())),
  'POST /admin/subscribe/webhook': async (req) =>
    ok(await webhook(rawBody(req), req.event.headers['stripe-signature'])),
});
