/** Declared resources of the catalogue group (issue 4). Each file declares one; list them here. */
import type { ResourceMeta } from '../define.ts';

export const catalogueMetas: ResourceMeta[] = [];
