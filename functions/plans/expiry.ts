/**
 * Schedule (hourly): paid renewals whose start passed become the company's subscription (package and gun
 * limit switch), and subscriptions whose validity ended expire (the company back to subStatus 0: the wizard,
 * and only the "Awaiting subscription" role's codes).
 */
import { runSchedule } from './activation.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

async function handle(): Promise<{ started: string[]; expired: string[] }> {
  return runSchedule();
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
