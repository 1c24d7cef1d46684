/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * One payer per idTag in a company (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md), through the
 * HTTP API on the local runtime and the accounts' own create calls:
 * - a card, a fleet driver or vehicle and an app user never hold the same tag (case-insensitively): each
 *   cross-kind collision is refused with the translated message, and nothing changes;
 * - deleting or changing a payer frees its tag;
 * - ten concurrent creates of one tag across the kinds: exactly one succeeds;
 * - an app user's orders are never another payer's, even of a tag the user took once it was freed;
 * - the seeded demo data holds each tag once; the upgrade that claims the guards for older data keeps a tag
 *   two payers held with the one that pays for it and leaves the other as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import { cards } from '@functions/biz/cards.ts';
import { getOrder } from '@functions/data/orders.ts';
import { send } from '@functions/data/table.ts';
import { freeGuard, guardHolder } from '@functions/data/unique-guards.ts';
import { addDriver, addVehicle, drivers, vehicles } from '@functions/accounts/fleets.ts';
import { AppError } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { claimPayerTags } from '@functions/accounts/payers.ts';
import { DEMO_APP_USER, DEMO_FLEET } from '@infra/local/seed/demo-accounts.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD, demoCardNumbers } from '@infra/local/seed/demo-chargers.ts';
import { PAYER_TAG_GUARD } from '@shared/resources/payer-tag.ts';
import { api, login, okCall, signUpAppUser } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const TENANT = `/${DEMO_AGENT_ID}/`;
const TAG_HELD = translate('en', 'server.tagHeld');

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;

const ok = (path: string, body?: unknown) => okCall<any>(rt.url, operator, path, body);
const refusedWith = async (path: string, body: unknown, message = TAG_HELD) => {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path} ${JSON.stringify(body)}`).not.toBe(0);
  expect(answer.msg).toBe(message);
  return answer;
};
const card = (cardSn: string) => ({ cardSn, receiveStatus: 2, status: 0, blackFlag: 0, type: 1, balance: 0 });
const appUser = (id: string) => ok(`/biz/appUser/info?id=${id}`);
/** The profile fields of an app user's edit, with another tag. */
const withTag = (user: any, cardNo: string) => ({
  id: user.id,
  version: user.version,
  userName: user.userName,
  userLevel: user.userLevel ?? 0,
  ...(user.email ? { email: user.email } : {}),
  cardNo,
});

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Tags' });
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await cp?.close();
  await rt?.cleanup();
});

describe('one payer per tag in a company', () => {
  it('seeds every demo tag once, its guard naming its one holder', async () => {
    const owners = await Promise.all(
      [...demoCardNumbers, DEMO_FLEET.driverTag, DEMO_FLEET.vehicleTag, DEMO_APP_USER.tag].map((tag) =>
        guardHolder(PAYER_TAG_GUARD, `${TENANT}|${tag}`),
      ),
    );
    expect(owners).toEqual([
      'CARD#demo-card-1',
      'CARD#demo-card-2',
      'CARD#demo-card-3',
      'DRIVER#demo-fleet-driver',
      'VEHICLE#demo-fleet-vehicle',
      `APPUSER#${DEMO_APP_USER.id}`,
    ]);
  });

  it('refuses every cross-kind collision with the translated message, whatever the case; nothing changes', async () => {
    const before = await appUser(DEMO_APP_USER.id);
    // App user ← a card's number (the reported case), ← a fleet driver's tag, ← a vehicle's in lower case.
    for (const tag of ['SIM-TAG-001', DEMO_FLEET.driverTag, DEMO_FLEET.vehicleTag.toLowerCase()])
      await refusedWith('/biz/appUser/update', withTag(before, tag));
    expect(await appUser(DEMO_APP_USER.id)).toEqual(before);
    // Card ← an app user's tag, ← a vehicle's.
    await refusedWith('/biz/card/add', card(DEMO_APP_USER.tag));
    await refusedWith('/biz/card/add', card(DEMO_FLEET.vehicleTag.toLowerCase()));
    // Driver and vehicle ← a card's number, ← an app user's tag.
    await refusedWith('/biz/driver/add', { fleetId: DEMO_FLEET.id, name: 'Dup', idTag: 'sim-tag-002' });
    await refusedWith('/biz/vehicle/add', { fleetId: DEMO_FLEET.id, name: 'Dup', idTag: DEMO_APP_USER.tag });
    // A card changed to a driver's tag.
    const own = await ok('/biz/card/add', card('PT-CARD-1'));
    await refusedWith('/biz/card/update', {
      ...card(DEMO_FLEET.driverTag),
      id: own.id,
      version: own.version,
    });
    // Same kind: the kind's own message, as before.
    await refusedWith('/biz/card/add', card('SIM-TAG-003'), translate('en', 'deviceRes.server.cardTaken'));
    // Nothing was written by the refusals.
    const listed = await ok('/biz/card/list', { current: 1, size: 100 });
    expect(listed.records.map((c: any) => c.cardSn.toUpperCase()).sort()).toEqual(
      ['PT-CARD-1', ...demoCardNumbers].sort(),
    );
    // The account's own create calls go through the same guard.
    const refusal = await createAppUser({ userName: 'Direct', cardNo: 'SIM-TAG-001' }, TENANT).catch(
      (e) => e,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe('server.tagHeld');
    // Other languages say it in theirs.
    const german = await api(rt.url, operator, '/biz/card/add', card(DEMO_APP_USER.tag), { language: 'de' });
    expect(german.msg).toBe(translate('de', 'server.tagHeld'));
  });

  it('frees a tag when its payer is deleted or given another tag', async () => {
    const first = await ok('/biz/card/add', card('PT-FREE-1'));
    await refusedWith('/biz/driver/add', { fleetId: DEMO_FLEET.id, name: 'Later', idTag: 'PT-FREE-1' });
    await ok(`/biz/card/del?id=${first.id}`);
    const driver = await ok('/biz/driver/add', { fleetId: DEMO_FLEET.id, name: 'Later', idTag: 'PT-FREE-1' });
    // The driver takes another tag: the first is free for a card again, the new one is the driver's.
    const info = await ok(`/biz/driver/info?id=${driver.id}`);
    await ok('/biz/driver/update', {
      id: driver.id,
      version: info.version,
      fleetId: DEMO_FLEET.id,
      name: 'Later',
      idTag: 'PT-FREE-2',
    });
    await ok('/biz/card/add', card('pt-free-1'));
    await refusedWith('/biz/card/add', card('PT-FREE-2'));
    expect(await guardHolder(PAYER_TAG_GUARD, `${TENANT}|PT-FREE-2`)).toBe(`DRIVER#${driver.id}`);
  });

  it('lets exactly one of ten concurrent creates of one tag, across the kinds, succeed', async () => {
    const tag = 'PT-RACE-1';
    const made = await Promise.allSettled([
      ...[1, 2, 3].map((i) =>
        cards.repo.create(
          { id: `race-card-${i}`, ...card(tag), useScopeList: [], pileIds: [], tenant: TENANT },
          TENANT,
        ),
      ),
      ...[1, 2, 3].map((i) =>
        addDriver({ id: `race-driver-${i}`, fleetId: DEMO_FLEET.id, name: 'Race', idTag: tag }, TENANT),
      ),
      ...[1, 2].map((i) =>
        addVehicle({ id: `race-vehicle-${i}`, fleetId: DEMO_FLEET.id, name: 'Race', idTag: tag }, TENANT),
      ),
      ...[1, 2].map((i) => createAppUser({ id: `race-app-${i}`, userName: 'Race', cardNo: tag }, TENANT)),
    ]);
    const won = made.filter((m) => m.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of made.filter((m) => m.status === 'rejected'))
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    // Only the winner exists, and the guard names it.
    const exist = await Promise.all([
      ...[1, 2, 3].map((i) => cards.repo.getAny(`race-card-${i}`)),
      ...[1, 2, 3].map((i) => drivers.getAny(`race-driver-${i}`)),
      ...[1, 2].map((i) => vehicles.getAny(`race-vehicle-${i}`)),
      ...[1, 2].map((i) => appUsers.getAny(`race-app-${i}`)),
    ]);
    const present = exist.filter(Boolean) as { id: string }[];
    expect(present).toHaveLength(1);
    expect(await guardHolder(PAYER_TAG_GUARD, `${TENANT}|${tag}`)).toMatch(new RegExp(`#${present[0]!.id}$`));
  });
});

describe("an app user's orders", () => {
  it("never shows another payer's orders of a tag the user took once it was freed", async () => {
    // A card charges a session and pays for it.
    const cardRecord = await ok('/biz/card/add', { ...card('PT-LEAK-1'), balance: 50 });
    const start = new Date(Date.now() - 30 * 60_000).toISOString();
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'PT-LEAK-1',
      meterStart: 100_000,
      timestamp: start,
    })) as any[];
    expect(started[2].idTagInfo.status).toBe('Accepted');
    await cp.call('StopTransaction', {
      transactionId: started[2].transactionId,
      meterStop: 104_000,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
      reason: 'Local',
    });
    const orderNo = `${start.slice(0, 10).replace(/-/g, '')}-DEMO-CP-001-${String(started[2].transactionId)}`;
    const order = await waitFor(() => getOrder<any>(orderNo), 20_000, 'the card order');
    expect(order.cardId).toBe(cardRecord.id);

    // An app user signs up; staff cannot give them the card's number while the card holds it.
    const signUp = await signUpAppUser(rt.url, {
      operatorId: DEMO_AGENT_ID,
      email: 'leak@demo.local',
      password: 'Leak12345',
      userName: 'Leak test',
      source: 1,
    });
    expect(signUp.code).toBe(0);
    const { token: appToken, userId } = signUp;
    await refusedWith('/biz/appUser/update', withTag(await appUser(userId), 'PT-LEAK-1'));

    // Once the card is gone the tag is free: the user takes it, and still sees none of the card's orders.
    await ok(`/biz/card/del?id=${cardRecord.id}`);
    await ok('/biz/appUser/update', withTag(await appUser(userId), 'PT-LEAK-1'));
    const listed = await okCall<any>(rt.url, appToken, '/app/order/list', { current: 1, size: 20 });
    expect(listed.records.map((o: any) => o.orderNo)).not.toContain(orderNo);
    expect(listed.total).toBe(0);
    const detail = await ok(`/biz/appUser/detail?id=${userId}`);
    expect(detail.stats.count).toBe(0);
  });
});

describe('older data with a tag two payers held', () => {
  it('keeps the tag with the payer that pays for it, leaves the other as it was, and frees nothing it does not hold', async () => {
    // Written as an earlier version could: an app user and a card with one tag, neither holding the guard.
    await appUsers.bulkLoad([{ id: 'old-app', userName: 'Old', cardNo: 'PT-OLD-1' } as any], TENANT);
    await cards.repo.bulkLoad(
      [{ id: 'old-card', ...card('PT-OLD-1'), useScopeList: [], pileIds: [] } as any],
      TENANT,
    );
    // Bulk loads write guards without a condition: as in a folder from before the payer tag, none is left.
    await send.delete(freeGuard(PAYER_TAG_GUARD, `${TENANT}|PT-OLD-1`));
    const { shared } = await claimPayerTags();
    // Settlement's precedence: the app user pays for the tag, so it keeps it; the card is reported.
    expect(shared).toContainEqual({
      tenant: TENANT,
      tag: 'PT-OLD-1',
      holder: 'APPUSER#old-app',
      other: 'CARD#old-card',
    });
    expect(await guardHolder(PAYER_TAG_GUARD, `${TENANT}|PT-OLD-1`)).toBe('APPUSER#old-app');
    // Deleting the one that does not hold the guard leaves the holder's guard alone.
    const old = (await cards.repo.getAny('old-card'))!;
    await cards.repo.remove(old);
    expect(await guardHolder(PAYER_TAG_GUARD, `${TENANT}|PT-OLD-1`)).toBe('APPUSER#old-app');
    await refusedWith('/biz/driver/add', { fleetId: DEMO_FLEET.id, name: 'Old', idTag: 'PT-OLD-1' });
    // Run again, it changes nothing more.
    expect((await claimPayerTags()).shared).toEqual([]);
  });
});
