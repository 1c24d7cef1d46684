/**
 * The charge point message log request (/chargePointDetail's messages, POST /biz/chargePoint/messages): which
 * charger, how many messages, the window (epoch milliseconds or ISO time; at most 3 days, checked by the
 * service) and where a previous page ended.
 */
import { z } from 'zod';

/** At most this many messages in one answer (a frame and its answer are two). */
export const MAX_MESSAGES = 500;
/** The longest window one request may read, in days (the console checks it before asking). */
export const MESSAGE_WINDOW_DAYS = 3;

const instant = z.union([
  z.number({ error: 'validation.dateFormat' }).int({ error: 'validation.dateFormat' }),
  z.string({ error: 'validation.dateFormat' }).max(40, { error: 'validation.dateFormat' }),
]);

export const messageLogQuery = z.strictObject({
  id: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).optional(),
  limit: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.tooSmall' })
    .max(MAX_MESSAGES, { error: 'validation.tooLarge' })
    .optional(),
  from: instant.optional(),
  to: instant.optional(),
  before: z.string({ error: 'validation.invalid' }).max(80, { error: 'validation.tooLong' }).optional(),
});
export type MessageLogQuery = z.infer<typeof messageLogQuery>;
