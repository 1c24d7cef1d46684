/** Fees domain (issue 7): charging, occupancy and reservation fees, discounts, and fee rule bindings. */
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { resourceHandlers } from '@functions/lib/resources.ts';
import { feeActions, feeResources } from './resources.ts';

export const handler = httpHandler({
  ...resourceHandlers(feeResources),
  ...feeActions,
} satisfies Record<string, Route>);
