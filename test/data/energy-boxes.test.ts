/** The energy box report entity reads reports as telemetry.ts wrote them (by hand) and writes the same items. */
import { describe, expect, it } from 'vitest';
import {
  energyBoxStateKey,
  energyBoxStatesOf,
  getEnergyBoxState,
  putEnergyBoxState,
} from '@functions/data/energy-boxes.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const report = (code: string) => ({
  code,
  l1Usable: 20,
  l1Load: 3,
  online: true,
  firmware: 'v1',
  note: null,
});

describe('energy box reports', () => {
  it('reads reports written the old way, one and many', async () => {
    expect(energyBoxStateKey('EB1')).toEqual({ pk: 'EBOX#EB1', sk: 'STATE' });
    for (const code of ['EB1', 'EB2'])
      await rawPut({
        ...report(code),
        pk: `EBOX#${code}`,
        sk: 'STATE',
        updatedAt: '2026-03-01T10:00:00.000Z',
      });
    const stored = { ...report('EB1'), updatedAt: '2026-03-01T10:00:00.000Z' };
    expect(await getEnergyBoxState('EB1')).toEqual(stored);
    expect(await getEnergyBoxState('EB9')).toBeUndefined();
    const many = await energyBoxStatesOf(['EB1', 'EB2', 'EB9']);
    expect([...many.keys()].sort()).toEqual(['EB1', 'EB2']);
    expect(many.get('EB1')).toEqual(stored);
  });

  it('writes the item the old code wrote (the report replaces the last one)', async () => {
    await putEnergyBoxState({ ...report('EB3'), updatedAt: 'sent by the box' }, '2026-03-01T11:00:00.000Z');
    expect(await rawGet({ pk: 'EBOX#EB3', sk: 'STATE' })).toEqual({
      ...report('EB3'),
      pk: 'EBOX#EB3',
      sk: 'STATE',
      updatedAt: '2026-03-01T11:00:00.000Z',
    });
    await putEnergyBoxState({ code: 'EB3', l1Load: 4 }, '2026-03-01T11:01:00.000Z');
    expect(await rawGet({ pk: 'EBOX#EB3', sk: 'STATE' })).toEqual({
      code: 'EB3',
      l1Load: 4,
      pk: 'EBOX#EB3',
      sk: 'STATE',
      updatedAt: '2026-03-01T11:01:00.000Z',
    });
  });
});
