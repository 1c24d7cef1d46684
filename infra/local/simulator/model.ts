/**
 * The electrical side of a simulated connector: an EV with a battery charging at the lower of the connector's
 * power, the EV's own maximum and any charging-profile limit, tapering above 80 % state of charge. The energy
 * register only ever grows (Wh); time is simulated seconds, so a test can run an hour of charging in a second.
 */

export type PowerType = 'AC' | 'DC';

export interface Electrical {
  powerType: PowerType;
  /** The connector's own maximum (W). */
  maxPowerW: number;
  /** AC phases in use (1 or 3); DC ignores it. */
  phases: number;
}

export interface Ev {
  batteryWh: number;
  maxPowerW: number;
  socPct: number;
  targetSocPct: number;
}

export interface Reading {
  energyWh: number;
  powerW: number;
  currentA: number;
  voltageV: number;
  socPct: number;
}

/** A random EV that fits the connector: AC cars take 7.4 to 22 kW, DC cars 50 to 150 kW. */
export function randomEv(electrical: Electrical, random: () => number = Math.random): Ev {
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const maxPowerW =
    electrical.powerType === 'AC' ? pick([7_400, 11_000, 22_000]) : pick([50_000, 100_000, 150_000]);
  return {
    batteryWh: pick([40_000, 58_000, 64_000, 77_000, 82_000]),
    maxPowerW,
    socPct: 15 + Math.round(random() * 35),
    targetSocPct: 80 + Math.round(random() * 20),
  };
}

/** The power the EV draws now (W), before any noise. */
export function chargingPower(electrical: Electrical, ev: Ev, limitW: number | undefined): number {
  if (ev.socPct >= ev.targetSocPct || ev.socPct >= 100) return 0;
  const ceiling = Math.min(electrical.maxPowerW, ev.maxPowerW, limitW ?? Infinity);
  // Constant power to 80 %, then roughly linear taper to 10 % of the ceiling at 100 %.
  const taper = ev.socPct < 80 ? 1 : Math.max(0.1, (100 - ev.socPct) / 20);
  return Math.max(0, ceiling * taper);
}

export function voltageOf(electrical: Electrical, ev: Ev | undefined, random: () => number = Math.random) {
  if (electrical.powerType === 'AC') return 230 + (random() - 0.5) * 6;
  return 350 + (ev?.socPct ?? 50) * 0.6 + (random() - 0.5) * 2;
}

/**
 * Advances the EV and the register by `seconds` of simulated time and returns the new reading. Power gets
 * about 1 % of noise, as a real meter's does.
 */
export function advance(
  electrical: Electrical,
  ev: Ev | undefined,
  registerWh: number,
  seconds: number,
  limitW: number | undefined,
  random: () => number = Math.random,
): Reading {
  const voltageV = voltageOf(electrical, ev, random);
  if (!ev || seconds <= 0) {
    return { energyWh: registerWh, powerW: 0, currentA: 0, voltageV, socPct: ev?.socPct ?? 0 };
  }
  const nominal = chargingPower(electrical, ev, limitW);
  // Up to 2 % under the nominal power, never over it: an EV honours the limit it was given.
  const powerW = nominal > 0 ? nominal * (1 - random() * 0.02) : 0;
  const energy = (powerW * seconds) / 3600;
  ev.socPct = Math.min(100, ev.socPct + (energy / ev.batteryWh) * 100);
  const currentA =
    electrical.powerType === 'AC' ? powerW / (voltageV * Math.max(1, electrical.phases)) : powerW / voltageV;
  return { energyWh: registerWh + energy, powerW, currentA, voltageV, socPct: ev.socPct };
}

export type Context =
  'Sample.Periodic' | 'Transaction.Begin' | 'Transaction.End' | 'Trigger' | 'Sample.Clock' | 'Other';

/** OCPP 1.6 sampled values (values are strings). */
export function sampledValues16(reading: Reading, context: Context, energyOnly = false) {
  const energy = {
    value: String(Math.round(reading.energyWh)),
    context,
    measurand: 'Energy.Active.Import.Register',
    location: 'Outlet',
    unit: 'Wh',
  };
  if (energyOnly) return [energy];
  return [
    energy,
    {
      value: String(Math.round(reading.powerW)),
      context,
      measurand: 'Power.Active.Import',
      location: 'Outlet',
      unit: 'W',
    },
    {
      value: reading.currentA.toFixed(1),
      context,
      measurand: 'Current.Import',
      location: 'Outlet',
      unit: 'A',
    },
    { value: reading.voltageV.toFixed(1), context, measurand: 'Voltage', location: 'Outlet', unit: 'V' },
    { value: String(Math.floor(reading.socPct)), context, measurand: 'SoC', location: 'EV', unit: 'Percent' },
  ];
}

/** OCPP 2.0.1 sampled values (values are numbers, units in unitOfMeasure). */
export function sampledValues201(reading: Reading, context: Context, energyOnly = false) {
  const energy = {
    value: Math.round(reading.energyWh),
    context,
    measurand: 'Energy.Active.Import.Register',
    location: 'Outlet',
    unitOfMeasure: { unit: 'Wh' },
  };
  if (energyOnly) return [energy];
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return [
    energy,
    {
      value: Math.round(reading.powerW),
      context,
      measurand: 'Power.Active.Import',
      location: 'Outlet',
      unitOfMeasure: { unit: 'W' },
    },
    {
      value: round1(reading.currentA),
      context,
      measurand: 'Current.Import',
      location: 'Outlet',
      unitOfMeasure: { unit: 'A' },
    },
    {
      value: round1(reading.voltageV),
      context,
      measurand: 'Voltage',
      location: 'Outlet',
      unitOfMeasure: { unit: 'V' },
    },
    {
      value: Math.floor(reading.socPct),
      context,
      measurand: 'SoC',
      location: 'EV',
      unitOfMeasure: { unit: 'Percent' },
    },
  ];
}
