/** Declared resources of the fee group (issue 7): tariffs and discounts. Each file declares one; list them here. */
import type { ResourceMeta } from '@shared/resources/define.ts';

export const feeMetas: ResourceMeta[] = [];
