/**
 * Upgrades of a data folder written by an earlier version (seed steps marked `upgrade`: run once per folder,
 * before the queues are polled).
 */
import { upgradeDayMapsAndMonths, rebuildPlatformRollups } from '@functions/data/revenue-rollups.ts';
import { recountAllStations } from '@functions/chargepoints/sites.ts';
import { claimPayerTags } from '@functions/accounts/payers.ts';
import { operators } from '@functions/data/operators.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import type { SeedStep } from './index.ts';

/**
 * The platform's rollup partition (docs/decisions/195) from the companies' rollups: orders settled before it
 * existed. On a new folder there is nothing yet; every order settled after adds to it itself.
 */
export const platformRollups: SeedStep = {
  id: 'platform-rollups',
  always: true,
  upgrade: true,
  async run() {
    const companies = await operators.list(PLATFORM_TENANT);
    await rebuildPlatformRollups(companies.map((c) => c.id));
  },
  describe: () => [],
};

/**
 * The platform's day maps keyed day first (`STMAP#{day}#{shard}`; docs/decisions/195) and the stations' and
 * chargers' months (the home dashboard's 30 days of its top five).
 */
export const dayMapsAndMonths: SeedStep = {
  id: 'day-maps-and-months',
  always: true,
  upgrade: true,
  async run() {
    const companies = await operators.list(PLATFORM_TENANT);
    await upgradeDayMapsAndMonths(companies.map((c) => c.id));
  },
  describe: () => [],
};

/** Every station's live figures (docs/decisions/196), which stations registered before them lack. */
export const stationLiveFigures: SeedStep = {
  id: 'station-live-figures',
  always: true,
  upgrade: true,
  async run() {
    await recountAllStations();
  },
  describe: () => [],
};

/**
 * One payer per tag (docs/decisions/432): the payer-tag guard for every card, fleet driver and vehicle and app
 * user written before it; a tag two of them held stays with the one that pays for it now (logged).
 */
export const payerTagGuards: SeedStep = {
  id: 'payer-tag-guards',
  always: true,
  upgrade: true,
  async run() {
    await claimPayerTags();
  },
  describe: () => [],
};
