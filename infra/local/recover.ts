/**
 * What a local restart puts right before the runtime takes traffic. The process that stopped without a clean
 * shutdown (a crash, `kill -9`) held every charger's connection and every queued message (fauxqs keeps them in
 * memory); what it wrote to the data folder survives. So, before the WebSocket front accepts connections:
 * - every connection record goes, and every charger shown online shows offline since the old process's
 *   last sign of life (a file it rewrote every few seconds), so the offline alarm follows its usual grace;
 * - completed sessions not yet handed to the order pipeline are queued again (an order is made once);
 * - export tasks still pending or running are queued again (no worker has them);
 * - commands still queued are failed as not delivered (commands already sent time out through the sweep).
 * After a clean stop there is nothing to do, and each step costs one read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failUndelivered } from '@functions/commands/timeout-sweep.ts';
import { getLiveMany } from '@functions/chargepoints/live.ts';
import { chargePoints } from '@functions/chargepoints/sites.ts';
import { pendingHandOffs, queueHandOff } from '@functions/sessions/transactions.ts';
import { sendExport, unfinishedExports } from '@functions/api/export-tasks.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { removeAllConnections } from '@functions/chargepoints/connections.ts';
import { chargerGone } from '@functions/ocpp/presence.ts';

const LIFE_SIGN_FILE = 'runtime-alive';
const LIFE_SIGN_MS = 5_000;

/** Writes the time into the data folder every few seconds: the next start knows when this process died. */
export function startLifeSigns(dataDir: string): { stop(): Promise<void> } {
  const file = path.join(dataDir, LIFE_SIGN_FILE);
  const write = () => writeFileSync(file, new Date().toISOString());
  write();
  const timer = setInterval(write, LIFE_SIGN_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      write();
    },
  };
}

function lastLifeSign(dataDir: string): number | undefined {
  try {
    const at = Date.parse(readFileSync(path.join(dataDir, LIFE_SIGN_FILE), 'utf8'));
    return Number.isNaN(at) ? undefined : at;
  } catch {
    return undefined;
  }
}

export interface Recovery {
  connections: number;
  shownOffline: number;
  handOffs: number;
  exports: number;
  commandsFailed: number;
}

export async function recoverAfterRestart(dataDir: string): Promise<Recovery> {
  const now = Date.now();
  const lastAlive = Math.min(now, lastLifeSign(dataDir) ?? now);

  const connections = await removeAllConnections();
  const lastSeen = new Map(connections.map((c) => [c.chargePointId, c.lastSeenAt * 1000]));
  const ids = (await chargePoints.repo.list(PLATFORM_TENANT)).map((p) => String(p.id));
  const online = [...(await getLiveMany(ids)).values()].filter((l) => l.online);
  let shownOffline = 0;
  for (let i = 0; i < online.length; i += 25) {
    const gone = await Promise.all(
      online.slice(i, i + 25).map((live) => {
        // Offline since the last sign of life of the process or of the charger, whichever is later.
        const connected = Date.parse(live.connectedAt ?? '') || 0;
        const at = Math.min(now, Math.max(lastAlive, connected, lastSeen.get(live.chargePointId) ?? 0));
        return chargerGone(live.chargePointId, at);
      }),
    );
    shownOffline += gone.filter(Boolean).length;
  }

  const handOffs = await pendingHandOffs(new Date(now + 1000).toISOString(), 1000);
  for (const s of handOffs) await queueHandOff(s.chargePointId, s.transactionId);
  const exports = await unfinishedExports();
  for (const taskId of exports) await sendExport(taskId);
  const commandsFailed = await failUndelivered(new Date(now + 1000).toISOString());
  return {
    connections: connections.length,
    shownOffline,
    handOffs: handOffs.length,
    exports: exports.length,
    commandsFailed,
  };
}
