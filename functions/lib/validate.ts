/** Request validation with the shared zod schemas: a failure is a 400 naming each offending field. */
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { translate } from './i18n.ts';

/** A schema message that names a catalog entry (`validation.*`, or a group's own `...Res.validation.*`). */
const isCatalogKey = (message: string) =>
  /^[\w]+(\.[\w]+)+$/.test(message) && translate('en', message) !== message;

/** The catalogue message of a schema issue that brought none of its own. */
function fallbackMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big')
    return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooLarge';
  if (issue.code === 'too_small') return 'validation.tooSmall';
  return 'validation.invalid';
}

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
    // zod's own messages (wrong type...) are not catalog keys: say what is wrong in the caller's words instead.
    fields[field] ??= isCatalogKey(issue.message) ? issue.message : fallbackMessage(issue);
  }
  throw badRequest('server.validation', fields);
}
