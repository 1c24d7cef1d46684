/** Schedule: queues the previous day's finance (revenue per operator) export, once per day. */
import { queueExport } from '@functions/api/export-tasks.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

async function handle(event: { time?: string } = {}): Promise<{ taskId: string; queued: boolean }> {
  const now = event.time ? new Date(event.time) : new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1))
    .toISOString()
    .slice(0, 10);
  const taskId = `finance-daily-${day}`;
  const queued = await queueExport({
    taskId,
    taskName: `Finance ${day}`,
    kind: 'financeDaily',
    agentId: '',
    params: { day },
  });
  return { taskId, queued };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
