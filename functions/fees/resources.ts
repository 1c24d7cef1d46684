/** The fee group's declared resources with their server-side rules (hooks), served by the fees domain. */
import type { Resource } from '@functions/lib/resources.ts';

export const feeResources: Resource[] = [];
