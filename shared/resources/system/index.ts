/** Declared resources of the system group (issue 4). Each file declares one; list them here. */
import type { ResourceMeta } from '../define.ts';

export const systemMetas: ResourceMeta[] = [];
