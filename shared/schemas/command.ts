/**
 * The command results list request (POST /biz/command/list, /commandResults): filters by charge point,
 * command and status, a window of UTC times (7 days at most, the last 7 days by default, checked by the
 * service), and the page. A field of the wrong type is a 400 naming it.
 */
import { z } from 'zod';
import { optional } from './fields.ts';

/** An exact-match filter: text, or a number a select sent (compared as text); '' is no filter. */
const filter = () =>
  optional(z.union([z.string(), z.number()], { error: 'validation.invalid' }).transform(String));

const time = () =>
  optional(
    z
      .string({ error: 'validation.dateFormat' })
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.dateFormat' }),
  );

/**
 * `current` and `size` as this list has always read them: a number or numeric text, none or 0 taking
 * `fallback`, a size above 100 read as 100.
 */
const pageField = (fallback: number, max = Infinity) =>
  optional(
    z
      .union([z.number(), z.string()], { error: 'validation.invalid' })
      .transform(Number)
      .pipe(z.number({ error: 'validation.invalid' })),
  ).transform((v) => Math.min(v || fallback, max));

export const commandListQuery = z.object({
  chargePointId: filter(),
  command: filter(),
  status: filter(),
  startTime: time(),
  endTime: time(),
  current: pageField(1),
  size: pageField(10, 100),
});
export type CommandListQuery = z.infer<typeof commandListQuery>;
