/**
 * The pricing engine, every fee type and boundary: energy per time-of-use period by the meter samples, time
 * and per-use fees, occupancy after the grace time in started steps, discounts (common, VIP, stations,
 * windows, the best one), coupons, the platform revenue tariff and profit shares, and the parts always
 * adding up.
 */
import { describe, expect, it } from 'vitest';
import {
  chargingEndedAt,
  FEE_TYPE,
  priceSession,
  type PricingInput,
  type Tariff,
} from '@shared/pricing/engine.ts';
import { parseMinor } from '@shared/pricing/money.ts';

const energy: Tariff = {
  id: 'f1',
  name: 'Standard',
  currency: 'EUR',
  feeType: FEE_TYPE.energy,
  unitPrice: '0.35',
};
const touTariff: Tariff = {
  ...energy,
  periods: [
    { startTime: '00:00', endTime: '08:00', price: '0.20' },
    { startTime: '08:00', endTime: '24:00', price: '0.40' },
  ],
};

function session(extra: Partial<PricingInput> = {}): PricingInput {
  return {
    tariff: energy,
    currency: 'EUR',
    timeZone: 'UTC',
    startTime: '2026-05-04T10:00:00.000Z',
    endTime: '2026-05-04T11:00:00.000Z',
    energyWh: 12_345,
    meterStartWh: 100_000,
    samples: [],
    ...extra,
  };
}

describe('charging fee by energy', () => {
  it('prices the whole Wh at the unit price, rounded half up once', () => {
    const order = priceSession(session());
    expect(order).toMatchObject({
      currency: 'EUR',
      elecFee: '4.32',
      actualFee: '4.32',
      feeRuleId: 'f1',
      feeType: 1,
    });
    expect(order.priceDetail.lines).toEqual([
      {
        kind: 'energy',
        from: '2026-05-04T10:00:00.000Z',
        to: '2026-05-04T11:00:00.000Z',
        quantity: '12.345',
        unit: 'kWh',
        price: '0.35',
        amount: '4.32',
      },
    ]);
    expect(priceSession(session({ energyWh: 1000, tariff: { ...energy, unitPrice: '0.125' } })).elecFee).toBe(
      '0.13',
    );
    expect(priceSession(session({ energyWh: 0 })).elecFee).toBe('0.00');
  });

  it('prices a session from 23:30 to 01:30 per period, by the meter samples', () => {
    const order = priceSession(
      session({
        tariff: touTariff,
        startTime: '2026-05-04T23:30:00.000Z',
        endTime: '2026-05-05T01:30:00.000Z',
        meterStartWh: 1000,
        energyWh: 15_000,
        samples: [
          { at: '2026-05-04T23:45:00.000Z', wh: 6000 },
          { at: '2026-05-05T00:00:00.000Z', wh: 11_000 },
          { at: '2026-05-05T01:00:00.000Z', wh: 15_000 },
        ],
      }),
    );
    expect(order.priceDetail.lines.map((l) => [l.quantity, l.price, l.amount])).toEqual([
      ['10.000', '0.40', '4.00'],
      ['5.000', '0.20', '1.00'],
    ]);
    expect(order.elecFee).toBe('5.00');
  });

  it('uses the station time zone for the periods', () => {
    // 07:00-09:00 in Bangkok (UTC+7) is 00:00-02:00Z: one hour night, one hour day at an even power.
    const order = priceSession(
      session({
        tariff: touTariff,
        timeZone: 'Asia/Bangkok',
        startTime: '2026-05-04T00:00:00.000Z',
        endTime: '2026-05-04T02:00:00.000Z',
        energyWh: 20_000,
      }),
    );
    expect(order.priceDetail.lines.map((l) => [l.quantity, l.price])).toEqual([
      ['10.000', '0.20'],
      ['10.000', '0.40'],
    ]);
    expect(order.elecFee).toBe('6.00');
  });

  it('prices yen without minor units', () => {
    const order = priceSession(
      session({ tariff: { ...energy, currency: 'JPY', unitPrice: '35.5' }, energyWh: 10_000 }),
    );
    expect(order).toMatchObject({ currency: 'JPY', elecFee: '355', actualFee: '355' });
  });
});

describe('charging fee by time and per use', () => {
  it('prices minutes per period', () => {
    const time: Tariff = { ...touTariff, feeType: FEE_TYPE.time, unitPrice: '0.10' };
    const order = priceSession(
      session({ tariff: time, startTime: '2026-05-04T07:00:00.000Z', endTime: '2026-05-04T08:30:00.000Z' }),
    );
    expect(order.priceDetail.lines.map((l) => [l.unit, l.quantity, l.price, l.amount])).toEqual([
      ['min', '60.00', '0.20', '12.00'],
      ['min', '30.00', '0.40', '12.00'],
    ]);
    expect(order.elecFee).toBe('24.00');
    // Seconds count: 90.5 minutes at 0.20 is 18.10.
    const flat = priceSession(
      session({
        tariff: { ...energy, feeType: FEE_TYPE.time, unitPrice: '0.20' },
        endTime: '2026-05-04T11:30:30.000Z',
      }),
    );
    expect(flat.elecFee).toBe('18.10');
    expect(flat.priceDetail.lines[0]!.quantity).toBe('90.50');
  });

  it('prices a use once, whatever the energy or time', () => {
    const order = priceSession(
      session({ tariff: { ...energy, feeType: FEE_TYPE.perUse, unitPrice: '2.5' } }),
    );
    expect(order.priceDetail.lines).toEqual([
      { kind: 'perUse', quantity: '1', unit: 'use', price: '2.5', amount: '2.50' },
    ]);
    expect(order.actualFee).toBe('2.50');
  });

  it('is free without a tariff', () => {
    const order = priceSession(session({ tariff: undefined, currency: 'USD', revenueTariff: '5' }));
    expect(order).toMatchObject({ currency: 'USD', elecFee: '0.00', actualFee: '0.00', tariffFee: '0.00' });
    expect(order.priceDetail.lines).toEqual([]);
    expect(order.feeRuleId).toBeUndefined();
  });
});

describe('occupancy fee', () => {
  const occupied: Tariff = { ...energy, occupancy: { price: '0.10', afterMinutes: 30, intervalMinutes: 15 } };
  // Charging stops rising at 11:00; the car leaves at `end`.
  const parked = (end: string) =>
    session({
      tariff: occupied,
      endTime: end,
      energyWh: 10_000,
      samples: [
        { at: '2026-05-04T10:30:00.000Z', wh: 105_000 },
        { at: '2026-05-04T11:00:00.000Z', wh: 110_000 },
        { at: '2026-05-04T11:10:00.000Z', wh: 110_000 },
      ],
    });

  it('charges started steps after the grace time', () => {
    const order = priceSession(parked('2026-05-04T11:50:00.000Z')); // 20 minutes over: 2 steps of 15
    expect(order.priceDetail.chargingEndedAt).toBe('2026-05-04T11:00:00.000Z');
    expect(order.priceDetail.lines.at(-1)).toEqual({
      kind: 'occupancy',
      from: '2026-05-04T11:30:00.000Z',
      to: '2026-05-04T11:50:00.000Z',
      quantity: '30.00',
      unit: 'min',
      price: '0.10',
      amount: '3.00',
    });
    expect(order).toMatchObject({ elecFee: '3.50', occupancyFee: '3.00', actualFee: '6.50' });
  });

  it('charges nothing within the grace time, a full step for one second over', () => {
    expect(priceSession(parked('2026-05-04T11:30:00.000Z')).occupancyFee).toBe('0.00');
    expect(priceSession(parked('2026-05-04T11:30:01.000Z')).occupancyFee).toBe('1.50');
    expect(priceSession(parked('2026-05-04T11:45:00.000Z')).occupancyFee).toBe('1.50');
    expect(priceSession(parked('2026-05-04T11:45:01.000Z')).occupancyFee).toBe('3.00');
  });

  it('counts from the end of the session when no readings tell when charging stopped', () => {
    expect(chargingEndedAt(session())).toBe(Date.parse('2026-05-04T11:00:00.000Z'));
    expect(priceSession(session({ tariff: occupied })).occupancyFee).toBe('0.00');
  });

  it('counts from the start when readings show no charging at all', () => {
    const idle = session({
      tariff: occupied,
      energyWh: 0,
      samples: [{ at: '2026-05-04T10:30:00.000Z', wh: 100_000 }],
    });
    expect(chargingEndedAt(idle)).toBe(Date.parse('2026-05-04T10:00:00.000Z'));
    expect(priceSession(idle).occupancyFee).toBe('3.00'); // 30 minutes over the grace: 2 steps
  });
});

describe('discounts', () => {
  const common = { id: 'd1', name: 'Spring', discountElec: '10', type: 1, status: 0, abandonedFlag: 0 };

  it('takes its percentage off the charging fee, not off occupancy', () => {
    const order = priceSession(
      session({
        tariff: { ...energy, occupancy: { price: '0.10', afterMinutes: 0, intervalMinutes: 10 } },
        energyWh: 10_000,
        samples: [{ at: '2026-05-04T10:30:00.000Z', wh: 110_000 }],
        discounts: [common],
      }),
    );
    expect(order).toMatchObject({
      elecFee: '3.50',
      occupancyFee: '3.00',
      discountFee: '0.35',
      actualFee: '6.15',
    });
    expect(order.priceDetail.discount).toEqual({ id: 'd1', name: 'Spring', rate: '10' });
  });

  it('picks the best applicable one, and skips disabled, abandoned, other stations and other cards', () => {
    const input = session({
      energyWh: 10_000,
      stationId: 'S1',
      idTag: 'card-7',
      discounts: [
        common,
        { ...common, id: 'd2', discountElec: '50', status: 1 },
        { ...common, id: 'd3', discountElec: '40', abandonedFlag: 1 },
        { ...common, id: 'd4', discountElec: '30', stationIds: ['S2'] },
        { ...common, id: 'd5', discountElec: '25', type: 2, userIds: ['CARD-8'] },
        { ...common, id: 'd6', discountElec: '20', type: 2, userIds: ['CARD-7'], stationIds: ['S1'] },
      ],
    });
    expect(priceSession(input).priceDetail.discount?.id).toBe('d6');
    expect(priceSession(input).discountFee).toBe('0.70');
  });

  it('holds only in its validity and daily window, in the station time zone', () => {
    const windowed = {
      ...common,
      validFrom: '2026-05-01T00:00:00.000Z',
      validTo: '2026-06-01T00:00:00.000Z',
      dailyStart: '12:00',
      dailyEnd: '14:00',
    };
    const at = (startTime: string, timeZone = 'UTC') =>
      priceSession(
        session({ startTime, endTime: '2026-07-01T00:00:00.000Z', timeZone, discounts: [windowed] }),
      ).priceDetail.discount?.id;
    expect(at('2026-05-04T12:00:00.000Z')).toBe('d1');
    expect(at('2026-05-04T14:00:00.000Z')).toBeUndefined();
    expect(at('2026-05-04T10:30:00.000Z', 'Europe/Berlin')).toBe('d1'); // 12:30 in Berlin
    expect(at('2026-04-30T12:30:00.000Z')).toBeUndefined();
    expect(at('2026-06-01T12:30:00.000Z')).toBeUndefined();
  });

  it('never takes more than the charging fee', () => {
    const order = priceSession(session({ discounts: [{ ...common, discountElec: '100' }] }));
    expect(order).toMatchObject({ discountFee: '4.32', actualFee: '0.00' });
  });
});

describe('coupons, revenue tariff and profit shares', () => {
  it('caps a coupon at what is left to pay', () => {
    expect(priceSession(session({ coupon: '1.00' }))).toMatchObject({ couponFee: '1.00', actualFee: '3.32' });
    expect(priceSession(session({ coupon: '50' }))).toMatchObject({ couponFee: '4.32', actualFee: '0.00' });
  });

  it('takes the platform tariff, then profit shares, the operator keeping the rest', () => {
    const order = priceSession(
      session({
        energyWh: 10_000,
        tariff: { ...energy, unitPrice: '1.0003' }, // 10.003 → 10.00
        revenueTariff: '5.5',
        profitShares: [
          { party: 'landlord', percent: '30' },
          { party: 'installer', percent: '12.5' },
        ],
      }),
    );
    expect(order).toMatchObject({
      actualFee: '10.00',
      tariffFee: '0.55',
      profitFee: '4.02',
      agentFee: '5.43',
    });
    expect(order.profits).toEqual([
      { party: 'landlord', percent: '30', amount: '2.84' }, // 30% of 9.45 = 2.835
      { party: 'installer', percent: '12.5', amount: '1.18' }, // 1.18125
    ]);
  });

  it('never shares out more than there is', () => {
    const order = priceSession(
      session({
        profitShares: [
          { party: 'a', percent: '60' },
          { party: 'b', percent: '60' },
        ],
      }),
    );
    expect(order).toMatchObject({ actualFee: '4.32', profitFee: '4.32', agentFee: '0.00' });
    expect(order.profits.map((p) => p.amount)).toEqual(['2.59', '1.73']);
  });
});

describe('the parts add up, always', () => {
  it('holds for many sessions: lines sum to the fees, the split sums to the amount paid', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let k = 0; k < 300; k++) {
      const start = Date.parse('2026-03-28T00:00:00.000Z') + next(72) * 3_600_000 + next(3600) * 1000;
      const end = start + next(20 * 3_600) * 1000;
      const energyWh = next(80_000);
      const samples = Array.from({ length: next(6) }, (_, i) => ({
        at: new Date(start + ((end - start) * (i + 1)) / 7).toISOString(),
        wh: 1000 + Math.floor((energyWh * (i + 1)) / 7),
      }));
      const tariff: Tariff = {
        ...touTariff,
        feeType: ([1, 2, 3] as const)[next(3)]!,
        currency: ['EUR', 'JPY', 'THB'][next(3)]!,
        occupancy: next(2)
          ? { price: '0.05', afterMinutes: next(60), intervalMinutes: 1 + next(30) }
          : undefined,
      };
      const input = session({
        tariff,
        timeZone: ['UTC', 'Europe/Berlin', 'Asia/Taipei'][next(3)]!,
        startTime: new Date(start).toISOString(),
        endTime: new Date(end).toISOString(),
        meterStartWh: 1000,
        energyWh,
        samples,
        discounts: [{ id: 'd', name: 'd', discountElec: `${1 + next(99)}.5`, type: 1, status: 0 }],
        coupon: next(4) === 0 ? '1' : undefined,
        revenueTariff: `${next(20)}.25`,
        profitShares: [{ party: 'p', percent: `${next(50)}` }],
      });
      const order = priceSession(input);
      const c = order.currency;
      const m = (v: string) => parseMinor(v, c);
      const lineSum = order.priceDetail.lines
        .filter((l) => l.kind !== 'occupancy')
        .reduce((a, l) => a + m(l.amount), 0n);
      expect(lineSum).toBe(m(order.elecFee));
      if (tariff.feeType === FEE_TYPE.energy) {
        const kwh = order.priceDetail.lines
          .filter((l) => l.kind === 'energy')
          .reduce((a, l) => a + Number(l.quantity.replace('.', '')), 0);
        expect(kwh).toBe(energyWh);
      }
      expect(m(order.elecFee) + m(order.occupancyFee) - m(order.discountFee) - m(order.couponFee)).toBe(
        m(order.actualFee),
      );
      expect(m(order.tariffFee) + m(order.profitFee) + m(order.agentFee)).toBe(m(order.actualFee));
      expect(order.actualMinor).toBe(m(order.actualFee));
      expect(m(order.agentFee)).toBeGreaterThanOrEqual(0n);
      expect(priceSession(input)).toEqual(order); // the same session always prices the same
    }
  });
});
