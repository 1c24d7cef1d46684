/**
 * Whether a charger has active sessions, and which (the session entity's active index,
 * functions/data/sessions.ts). On its own so that the charge point records (functions/chargepoints/sites.ts),
 * which the session store reads, can ask it without importing the store.
 */
export { activeSessions, hasActiveSession } from '@functions/data/sessions.ts';
