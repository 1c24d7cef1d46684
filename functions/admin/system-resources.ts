/** The system group's declared resources with their server-side rules (hooks), served by the admin domain. */
import type { Route } from '@functions/lib/http.ts';
import type { Resource } from '@functions/lib/resources.ts';

export const systemResources: Resource[] = [];

/** Calls beyond the five generic ones (uploads, test mail, replies...), keyed by route key. */
export const systemActions: Record<string, Route> = {};
