/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Charging cards through the API and at the OCPP endpoint: the docs/product.md section 5 rules (four
 * decimals, e-mail, at least one pile to bind), recharges in exact decimal steps with their ledger,
 * activation and disabling as chargers see them, and binding to piles.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp1: OcppClient;
let cp2: OcppClient;

const CARD = { cardSn: 'CARD-T-1', receiveStatus: 2, status: 0, blackFlag: 0, type: 1, balance: 0 };
const authorize = async (cp: OcppClient, idTag: string) =>
  ((await cp.call('Authorize', { idTag }))[2] as any).idTagInfo.status as string;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  cp1 = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
  cp2 = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all([cp1?.close(), cp2?.close()]);
  await rt?.cleanup();
});

describe('cards', () => {
  let card: any;

  it('refuses a balance with more than four decimals and a wrong e-mail, writing nothing', async () => {
    const bad = await api(rt.url, operator, '/biz/card/add', { ...CARD, balance: 1.00001, email: 'nope' });
    expect(bad.data).toMatchObject({ balance: 'At most four decimals', email: 'E-mail format is wrong' });
    const added = await api(rt.url, operator, '/biz/card/add', { ...CARD, balance: 10.1234 });
    expect(added.code).toBe(0);
    card = added.data;
    expect(card.balance).toBe(10.1234);
  });

  it('recharges in exact decimal steps, each with its ledger entry; an edit does not change the balance', async () => {
    let current = card;
    for (const amount of [0.1, 0.2, 0.0001]) {
      const res = await api(rt.url, operator, '/biz/card/recharge', { id: card.id, amount });
      expect(res.code, res.msg).toBe(0);
      current = res.data;
    }
    expect(current.balance).toBe(10.4235);
    const tooFine = await api(rt.url, operator, '/biz/card/recharge', { id: card.id, amount: 0.00001 });
    expect(tooFine.data.amount).toBe('At most four decimals');
    const negative = await api(rt.url, operator, '/biz/card/recharge', { id: card.id, amount: -5 });
    expect(negative.status).toBe(400);
    const { Items = [] } = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.tableName('main'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CARDLEDGER#${card.id}` },
      }),
    );
    expect(Items.map((e) => [e.beforeBalance, e.amount, e.afterBalance])).toEqual([
      [10.1234, 0.1, 10.2234],
      [10.2234, 0.2, 10.4234],
      [10.4234, 0.0001, 10.4235],
    ]);
    const edited = await api(rt.url, operator, '/biz/card/update', {
      ...CARD,
      id: card.id,
      version: current.version,
      balance: 999,
      username: 'Driver',
    });
    expect(edited.data).toMatchObject({ balance: 10.4235, username: 'Driver' });
    card = edited.data;
  });

  it('is refused at chargers once disabled and accepted again once activated', async () => {
    expect(await authorize(cp1, 'CARD-T-1')).toBe('Accepted');
    expect((await api(rt.url, operator, `/biz/card/disable?id=${card.id}`)).data.status).toBe(4);
    expect(await authorize(cp1, 'CARD-T-1')).toBe('Blocked');
    const refused = await api(rt.url, operator, '/biz/card/recharge', { id: card.id, amount: 1 });
    expect(refused.msg).toBe('Only a card in normal status can be recharged');
    card = (await api(rt.url, operator, `/biz/card/activate?id=${card.id}`)).data;
    expect(card.status).toBe(0);
    expect(await authorize(cp1, 'CARD-T-1')).toBe('Accepted');
  });

  it('binds to at least one pile of the company and then charges only there', async () => {
    const none = await api(rt.url, operator, '/biz/card/bind', {
      id: card.id,
      version: card.version,
      pileIds: [],
    });
    expect(none.data.pileIds).toBe('Select at least one pile to bind');
    const unknown = await api(rt.url, operator, '/biz/card/bind', {
      id: card.id,
      version: card.version,
      pileIds: ['NOT-MINE'],
    });
    expect(unknown.msg).toBe('Charge point NOT-MINE does not exist');
    const bound = await api(rt.url, operator, '/biz/card/bind', {
      id: card.id,
      version: card.version,
      pileIds: ['DEMO-CP-001'],
    });
    expect(bound.data.pileIds).toEqual(['DEMO-CP-001']);
    expect(await authorize(cp1, 'CARD-T-1')).toBe('Accepted');
    expect(await authorize(cp2, 'CARD-T-1')).toBe('Invalid');
  });
});
