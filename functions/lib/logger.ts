/**
 * The functions' logger. Each line carries the keys of the request, OCPP message or queue message it was
 * logged in (request id and route), never another's running at the same time (functions/lib/log-context.ts,
 * docs/decisions/435-foreign-ids-ocpp-framing-log-context.md). Its own module, so that a domain logs without
 * importing the HTTP pipeline (docs/decisions/444-layers-you-can-see.md).
 */
import { ContextLogger } from './log-context.ts';

export const logger = new ContextLogger({
  serviceName: 'ev-console',
  logLevel: (process.env.LOG_LEVEL ?? 'WARN') as 'WARN',
});
