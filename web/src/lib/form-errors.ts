/** Field errors of a zod parse, as i18n keys by field (the shared schemas' messages are `validation.*` keys). */
import type { z } from 'zod';

export function fieldErrors<T>(result: z.ZodSafeParseResult<T>): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
