/**
 * Seeding of a data folder. Each step runs once per data folder (recorded in seed.json), so a second start
 * keeps the data and a step added later still runs on an existing folder. `SEED=none` runs only
 * the steps marked `always` (platform administrator and menu catalogue, when those exist).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoAccounts } from './demo-accounts.ts';
import { demoChargers, demoEnergyBox, demoRenewableSources } from './demo-chargers.ts';
import { demoFees } from './demo-fees.ts';
import { demoAppHistory, demoFleetHistory } from './demo-history.ts';
import { demoIdentity, identityCatalogue } from './identity.ts';
import { dayMapsAndMonths, payerTagGuards, platformRollups, stationLiveFigures } from './upgrades.ts';
import { stopReasonCatalogue } from './stop-reasons.ts';
import { demoSubscription, subscriptionCatalogue } from './subscription.ts';

export interface SeedStep {
  id: string;
  /** Runs with SEED=none too. */
  always: boolean;
  /**
   * Made-up history for people to look at (past sessions through the real pipeline): skipped, and not marked
   * done, when the runtime is told not to (SEED_HISTORY=0; tests that count orders start without it).
   */
  history?: boolean;
  /**
   * Brings data an earlier version wrote up to date (a new rollup partition...): runs, with SEED=none too,
   * before the queues are polled, so nothing settles while it reads and writes.
   */
  upgrade?: boolean;
  run(): Promise<void>;
  /** Lines printed after start-up (credentials, ...). */
  describe(): string[];
}

export const seedSteps: SeedStep[] = [
  platformRollups,
  dayMapsAndMonths,
  stationLiveFigures,
  payerTagGuards,
  identityCatalogue,
  demoIdentity,
  demoChargers,
  stopReasonCatalogue,
  demoEnergyBox,
  demoRenewableSources,
  demoFees,
  demoAccounts,
  demoFleetHistory,
  demoAppHistory,
  subscriptionCatalogue,
  demoSubscription,
];

export async function seed(
  dataDir: string,
  mode: 'demo' | 'none',
  history = true,
  phase: 'upgrade' | 'seed' = 'seed',
): Promise<{ applied: string[]; lines: string[] }> {
  const file = path.join(dataDir, 'seed.json');
  const done: string[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).applied : [];
  const applied: string[] = [];
  const lines: string[] = [];
  for (const step of seedSteps) {
    if (Boolean(step.upgrade) !== (phase === 'upgrade')) continue;
    if (mode === 'none' && !step.always && !step.upgrade) continue;
    if (step.history && !history) continue;
    if (!done.includes(step.id)) {
      await step.run();
      applied.push(step.id);
      writeFileSync(file, JSON.stringify({ applied: [...done, ...applied] }, null, 2));
    }
    lines.push(...step.describe());
  }
  return { applied, lines };
}
