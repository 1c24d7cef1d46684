/** Request validation with the shared zod schemas: a failure is a 400 naming each offending field. */
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { translate } from './i18n.ts';

/** A schema message that names a catalog entry (`validation.*`, or a group's own `...Res.validation.*`). */
const isCatalogKey = (message: string) =>
  /^[\w]+(\.[\w]+)+$/.test(message) && translate('en', message) !== message;

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // Unknown fields are refused by name, not stored (requests are strict).
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'validation.unknownField';
      continue;
    }
    const field = issue.path.join('.') || '_';
    // zod's own messages (wrong type...) are not catalog keys: say "invalid" rather than leak them.
    fields[field] ??= isCatalogKey(issue.message) ? issue.message : 'validation.invalid';
  }
  throw badRequest('server.validation', fields);
}
