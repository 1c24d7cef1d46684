/**
 * The one strict money field (shared/schemas/fields.ts; docs/decisions/434-one-sign-in-guard-and-strict-money.md)
 * in every amount the API takes: a JSON number or a decimal string and nothing else. Each bad class (booleans,
 * hex, exponents, spaces, NaN and Infinity, negatives where not allowed, too many decimals, absurd values) is
 * refused with the field's message, and over HTTP credits nothing; the good forms are accepted, read exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { appUserAdjustSchema } from '@shared/resources/crm/app-user.ts';
import { cardSchema, rechargeSchema } from '@shared/resources/device/card.ts';
import { chargingFeeSchema } from '@shared/resources/fee/charging-fee.ts';
import { fleetSchema, fleetTopUpSchema } from '@shared/resources/fleet/fleet.ts';
import { appTopUpSchema } from '@shared/schemas/driver-app.ts';
import { payBody, planForm } from '@shared/schemas/subscription.ts';
import { api, login, okCall, signUpAppUser } from '../helpers/identity.ts';
import { paymentMethod } from '../helpers/payments.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Inputs no money field takes, whatever its range. */
const NOT_MONEY: unknown[] = [
  true,
  false,
  '0x10',
  '0b1',
  '1e3',
  1e21,
  ' 5 ',
  '5 ',
  '+5',
  '.5',
  '5.',
  '5,5',
  '',
  'NaN',
  NaN,
  Infinity,
  -Infinity,
  'Infinity',
  [5],
  { amount: 5 },
  null,
];

/** The message an input gets from an object schema's field (undefined: accepted), or the value it became. */
function read(schema: z.ZodType, field: string, value: unknown) {
  const result = (schema as z.ZodObject).shape[field]!.safeParse(value);
  if (result.success) return { value: result.data };
  return { problem: result.error.issues[0]!.message };
}

describe('the money field of each amount (schemas)', () => {
  const cases: {
    name: string;
    schema: z.ZodType;
    field: string;
    good: [unknown, unknown][];
    bad: [unknown, string][];
  }[] = [
    {
      name: 'driver-app top-up',
      schema: appTopUpSchema,
      field: 'amount',
      good: [
        [5, 5],
        [5.5, 5.5],
        ['5', 5],
        ['5.50', 5.5],
        ['0.01', 0.01],
        ['10000', 10000],
      ],
      bad: [
        [-5, 'catalogueRes.validation.range'],
        ['-0.01', 'catalogueRes.validation.range'],
        [0, 'catalogueRes.validation.range'],
        ['1.00001', 'deviceRes.validation.fourDecimals'],
        [0.1 + 0.2, 'deviceRes.validation.fourDecimals'],
        ['10000.01', 'catalogueRes.validation.range'],
        ['99999999999999999999', 'catalogueRes.validation.range'],
        ['1' + '0'.repeat(400), 'catalogueRes.validation.range'],
      ],
    },
    {
      name: 'card recharge',
      schema: rechargeSchema,
      field: 'amount',
      good: [
        [5, 5],
        ['5.5', 5.5],
        ['1000000', 1_000_000],
        ['0.0001', 0.0001],
      ],
      bad: [
        [-1, 'catalogueRes.validation.range'],
        ['0', 'catalogueRes.validation.range'],
        ['0.00001', 'deviceRes.validation.fourDecimals'],
        ['1000000.0001', 'catalogueRes.validation.range'],
      ],
    },
    {
      name: 'fleet top-up',
      schema: fleetTopUpSchema,
      field: 'amount',
      good: [
        [12.25, 12.25],
        ['12.2500', 12.25],
      ],
      bad: [
        [-12, 'catalogueRes.validation.range'],
        ['1.23456', 'deviceRes.validation.fourDecimals'],
      ],
    },
    {
      name: 'app-user adjustment (signed)',
      schema: appUserAdjustSchema,
      field: 'amount',
      good: [
        [-5, -5],
        ['-5.25', -5.25],
        ['7', 7],
      ],
      bad: [
        [0, 'crm.validation.notZero'],
        ['-0', 'crm.validation.notZero'],
        ['-1000000.0001', 'catalogueRes.validation.range'],
        ['1.00005', 'deviceRes.validation.fourDecimals'],
      ],
    },
    {
      name: 'charging fee price (a decimal string, kept canonical)',
      schema: chargingFeeSchema,
      field: 'unitPrice',
      good: [
        ['0.35', '0.3500'],
        ['0', '0.0000'],
      ],
      bad: [
        // Decision 268: a price is a decimal string, never a JSON number.
        [0.35, 'feeRes.validation.decimal'],
        ['-0.01', 'feeRes.validation.negative'],
        ['0.12345', 'feeRes.validation.fourDecimals'],
        ['100000', 'feeRes.validation.priceRange'],
      ],
    },
    {
      name: 'subscription toPayFee',
      schema: payBody,
      field: 'toPayFee',
      good: [
        ['12.5', '12.50'],
        [36, '36.00'],
      ],
      bad: [
        ['12.555', 'subscriptionRes.validation.price'],
        [-1, 'subscriptionRes.validation.price'],
      ],
    },
    {
      name: 'subscription plan price',
      schema: planForm,
      field: 'acConnectorPrice',
      good: [['3', '3.00']],
      bad: [['3.001', 'subscriptionRes.validation.price']],
    },
  ];

  for (const c of cases)
    it(`${c.name}: the good forms are read exactly, every bad class is refused with the field's message`, () => {
      for (const [input, value] of c.good)
        expect(read(c.schema, c.field, input), String(input)).toEqual({ value });
      for (const [input, problem] of c.bad)
        expect(read(c.schema, c.field, input), String(input)).toEqual({ problem });
      for (const input of NOT_MONEY) {
        const answer = read(c.schema, c.field, input);
        expect(answer, `${c.name} ${JSON.stringify(input)}`).toHaveProperty('problem');
        expect((answer as { problem: string }).problem).toMatch(
          /validation\.(number|decimal|required|price)$/,
        );
      }
    });

  it('balances read by the same field: a card’s and a fleet’s (0 when left empty, negatives refused)', () => {
    expect(read(cardSchema, 'balance', '')).not.toHaveProperty('problem');
    expect(read(cardSchema, 'balance', true)).toEqual({ problem: 'catalogueRes.validation.number' });
    expect(read(fleetSchema, 'overdraftAmount', '-1')).toEqual({
      problem: 'catalogueRes.validation.range',
    });
    expect(read(fleetSchema, 'warnBalance', '-1')).toEqual({ value: -1 });
    expect(read(fleetSchema, 'warnBalance', '0x10')).toEqual({
      problem: 'catalogueRes.validation.number',
    });
  });
});

describe('over HTTP: a refused amount credits nothing', () => {
  let rt: Awaited<ReturnType<typeof startTestRuntime>>;
  let operator: string;
  let app: string;
  let userId: string;
  const balance = async () => (await okCall<Json>(rt.url, app, '/app/user/profile')).accountBalance as number;

  beforeAll(async () => {
    process.env.AUTH_CAPTCHA = 'off';
    rt = await startTestRuntime();
    operator = await login(rt.url, 'operator', 'Operator12345');
    ({ token: app, userId } = await signUpAppUser(rt.url, {
      operatorId: DEMO_AGENT_ID,
      email: 'money@example.com',
      password: 'Money12345',
      userName: 'Money',
      source: 3,
    }));
  }, 120_000);

  afterAll(async () => {
    delete process.env.AUTH_CAPTCHA;
    await rt?.cleanup();
  });

  it('refuses each bad top-up amount with the amount’s message, then credits the good forms exactly', async () => {
    const pm = await paymentMethod(rt.stripe, '4242424242424242');
    let n = 0;
    for (const amount of [...NOT_MONEY, -5, 0, '1.00001', '99999999999999999999', 10_000.01]) {
      const answer = await api(rt.url, app, '/app/wallet/topUp', {
        amount,
        paymentMethodId: pm,
        requestId: `bad-${n++}`,
      });
      expect(answer.status, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(answer.data ?? {}), JSON.stringify(amount)).toEqual(['amount']);
    }
    expect(await balance()).toBe(0);
    // The probe's three: true, "0x10" and " 5 " once credited 1, 16 and 5.
    for (const amount of [true, '0x10', ' 5 ']) {
      const answer = await api(rt.url, app, '/app/wallet/topUp', {
        amount,
        paymentMethodId: pm,
        requestId: `probe-${n++}`,
      });
      expect(answer.data).toEqual({ amount: 'Enter a number' });
    }
    expect(await balance()).toBe(0);

    let expected = 0;
    for (const [amount, credited] of [
      [5, 5],
      [5.5, 5.5],
      ['5', 5],
      ['5.50', 5.5],
    ] as const) {
      const answer = await api(rt.url, app, '/app/wallet/topUp', {
        amount,
        paymentMethodId: await paymentMethod(rt.stripe, '4242424242424242'),
        requestId: `good-${n++}`,
      });
      expect(answer.code, answer.msg).toBe(0);
      expected += credited;
      expect(answer.data.accountBalance).toBe(expected);
    }
  });

  it('refuses each bad adjustment with the amount’s message and changes no balance', async () => {
    const before = await balance();
    for (const amount of [...NOT_MONEY, 0, '-0', '1.00001', '1e2']) {
      const answer = await api(rt.url, operator, '/biz/appUser/adjust', {
        id: userId,
        amount,
        cause: 'probe',
      });
      expect(answer.status, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(answer.data ?? {})).toEqual(['amount']);
    }
    expect(await balance()).toBe(before);
    const adjusted = await api(rt.url, operator, '/biz/appUser/adjust', {
      id: userId,
      amount: '-1.25',
      cause: 'fix',
    });
    expect(adjusted.code, adjusted.msg).toBe(0);
    expect(await balance()).toBe(before - 1.25);
  });
});
