/** Fees domain (issue 7): charging, occupancy and reservation fees, discounts, and fee rule bindings. */
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { resourceHandlers } from '@functions/lib/resources.ts';
import { feeResources } from './resources.ts';

export const handler = httpHandler({
  ...resourceHandlers(feeResources),
} satisfies Record<string, Route>);
