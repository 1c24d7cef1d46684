/** Pieces the catalogue declarations share. */
import type { z } from 'zod';
import { z as zod } from 'zod';

/**
 * The update form's schema of a declaration: its fields (without the strictness: the edited record also
 * holds computed and stored fields such as createTime, which are dropped), and the id and version.
 */
export function updateSchemaOf(schema: z.ZodObject, idField = 'id') {
  return zod.object({
    ...schema.shape,
    [idField]: zod.string().min(1),
    version: zod.number().int(),
  });
}
