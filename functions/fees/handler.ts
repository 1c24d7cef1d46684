/**
 * Fees domain (docs/decisions/268-fees-are-resources-money-as-decimal-strings.md): charging, occupancy and
 * reservation fees, discounts, and fee rule bindings. The one place binding these routes to the services: the
 * discount actions' request is read and checked here.
 */
import { discountActionSchema } from '@shared/resources/fee/discount.ts';
import { httpHandler, ok, who, type Request, type Route } from '@functions/api/http.ts';
import { resourceHandlers } from '@functions/api/resources.ts';
import { parse } from '@functions/lib/validate.ts';
import { discountAction, feeResources, type DiscountAction } from './resources.ts';

/** A discount action's `id` comes in the query or the body (the query's wins), `version` in the body. */
function actionInput(req: Request) {
  const given = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  return parse(discountActionSchema, { ...given, ...(req.query.id ? { id: req.query.id } : {}) });
}

const discountRoute =
  (action: DiscountAction): Route =>
  async (req) =>
    ok(await discountAction(who(req), action, actionInput(req)));

export const handler = httpHandler({
  ...resourceHandlers(feeResources),
  'POST /biz/discount/enable': discountRoute('enable'),
  'POST /biz/discount/disable': discountRoute('disable'),
  'POST /biz/discount/abandon': discountRoute('abandon'),
} satisfies Record<string, Route>);
