/**
 * The repository on ElectroDB (decision 421) stores items exactly as before: the same keys, index attributes,
 * search copies, unique guards and view counters, and nothing else; items written the old way (by hand, as
 * the code before ElectroDB did) are read, listed and paged as before.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { Repository, sortKeyOf, uniqueOwner } from '@functions/data/repository.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.cleanup();
});

const table = () => config.tableName('main');
/** A view partition as the old code wrote it: numbers fixed-width. */
const part = (tenant: string, level: number) => `GADGET#v0|${tenant}|${sortKeyOf(level)}`;
const raw = async (pk: string, sk: string) =>
  (await dynamoDocument().send(new GetCommand({ TableName: table(), Key: { pk, sk } }))).Item;

interface Gadget {
  code: string;
  name: string;
  level: number;
}
const gadgets = new Repository<Gadget>({
  type: 'GADGET',
  idField: 'code',
  views: [{ eq: ['level'], sort: 'name' }],
  searchable: ['name'],
  unique: (g) => ({ 'GADGET.name': g.name }),
});

describe('repository items', () => {
  it('are written with today’s keys, index attributes, guard and counter, and nothing more', async () => {
    const created = await gadgets.create({ code: 'G1', name: 'Big Box', level: 2 }, '/A/');
    expect(await raw('GADGET#G1', 'GADGET')).toEqual({
      pk: 'GADGET#G1',
      sk: 'GADGET',
      gsi1pk: 'GADGET',
      gsi1sk: `/A/${created.createTime}#G1`,
      gsi2pk: part('/A/', 2),
      gsi2sk: 'big box|G1',
      s_name: 'big box',
      code: 'G1',
      name: 'Big Box',
      level: 2,
      tenant: '/A/',
      version: 1,
      createTime: created.createTime,
    });
    expect(await raw('UNIQUE#GADGET.name#big box', 'UNIQUE')).toEqual({
      pk: 'UNIQUE#GADGET.name#big box',
      sk: 'UNIQUE',
      owner: 'GADGET#G1',
    });
    expect(await raw(`COUNT#${part('/A/', 2)}`, 'COUNT')).toEqual({
      pk: `COUNT#${part('/A/', 2)}`,
      sk: 'COUNT',
      n: 1,
    });
    expect(await uniqueOwner('GADGET.name', 'BIG BOX')).toBe('G1');
  });

  it('move guard and counters on update, refuse a stale one, and leave nothing on removal', async () => {
    const current = (await gadgets.get('/A/', 'G1'))!;
    const next = await gadgets.update(current, { code: 'G1', name: 'Small Box', level: 3 });
    expect(next.version).toBe(2);
    await expect(gadgets.update(current, { code: 'G1', name: 'X', level: 3 })).rejects.toMatchObject({
      message: 'server.staleUpdate',
    });
    const stored = await raw('GADGET#G1', 'GADGET');
    expect(stored).toMatchObject({ gsi2pk: part('/A/', 3), s_name: 'small box', version: 2 });
    expect(Object.keys(stored!).filter((k) => k.startsWith('__edb'))).toEqual([]);
    expect(await raw('UNIQUE#GADGET.name#big box', 'UNIQUE')).toBeUndefined();
    expect(await raw('UNIQUE#GADGET.name#small box', 'UNIQUE')).toEqual({
      pk: 'UNIQUE#GADGET.name#small box',
      sk: 'UNIQUE',
      owner: 'GADGET#G1',
    });
    expect((await raw(`COUNT#${part('/A/', 2)}`, 'COUNT'))?.n).toBe(0);
    expect((await raw(`COUNT#${part('/A/', 3)}`, 'COUNT'))?.n).toBe(1);

    await gadgets.remove((await gadgets.get('/', 'G1'))!);
    expect(await raw('GADGET#G1', 'GADGET')).toBeUndefined();
    expect(await raw('UNIQUE#GADGET.name#small box', 'UNIQUE')).toBeUndefined();
    expect((await raw(`COUNT#${part('/A/', 3)}`, 'COUNT'))?.n).toBe(0);
  });

  it('written the old way are read, listed, paged through the view and updated', async () => {
    const createTime = '2026-01-01T00:00:00.000Z';
    await dynamoDocument().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: 'GADGET#OLD',
          sk: 'GADGET',
          gsi1pk: 'GADGET',
          gsi1sk: `/B/${createTime}#OLD`,
          gsi2pk: part('/B/', 1),
          gsi2sk: 'old one|OLD',
          s_name: 'old one',
          code: 'OLD',
          name: 'Old One',
          level: 1,
          extra: { kept: true },
          tenant: '/B/',
          version: 4,
          createTime,
        },
      }),
    );
    await dynamoDocument().send(
      new PutCommand({ TableName: table(), Item: { pk: `COUNT#${part('/B/', 1)}`, sk: 'COUNT', n: 1 } }),
    );
    const item = await gadgets.get('/B/', 'OLD');
    expect(item).toEqual({
      code: 'OLD',
      name: 'Old One',
      level: 1,
      extra: { kept: true },
      tenant: '/B/',
      version: 4,
      createTime,
    });
    expect(await gadgets.get('/A/', 'OLD')).toBeUndefined();
    expect((await gadgets.list('/B/')).map((g) => g.code)).toEqual(['OLD']);
    expect(await gadgets.list('/C/')).toEqual([]);
    const page = await gadgets.findPage({
      scope: '/B/',
      tenants: ['/B/'],
      query: { current: 1, size: 10, orderBy: 'name', order: 'asc' },
      filters: { level: 1 },
      modes: { level: 'eq', name: 'contains' },
    });
    expect(page).toMatchObject({ total: 1, records: [{ code: 'OLD', extra: { kept: true } }] });
    const searched = await gadgets.findPage({
      scope: '/B/',
      tenants: ['/B/'],
      query: { current: 1, size: 10, orderBy: 'name', order: 'asc' },
      filters: { level: 1, name: 'ONE' },
      modes: { level: 'eq', name: 'contains' },
    });
    expect(searched.records.map((g) => g.code)).toEqual(['OLD']);
    await gadgets.update(item!, { ...item!, name: 'Renamed' });
    expect(await raw('GADGET#OLD', 'GADGET')).toMatchObject({
      version: 5,
      name: 'Renamed',
      extra: { kept: true },
    });
  });

  it('bulk loads with guards and counters as before', async () => {
    await gadgets.bulkLoad(
      [
        { code: 'B1', name: 'Bulk 1', level: 7 },
        { code: 'B2', name: 'Bulk 2', level: 7 },
      ],
      '/C/',
    );
    expect(Object.keys((await raw('GADGET#B1', 'GADGET'))!).sort()).toEqual(
      ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 's_name', 'code', 'name', 'level']
        .concat(['tenant', 'version', 'createTime'])
        .sort(),
    );
    expect(await raw('UNIQUE#GADGET.name#bulk 2', 'UNIQUE')).toEqual({
      pk: 'UNIQUE#GADGET.name#bulk 2',
      sk: 'UNIQUE',
      owner: 'GADGET#B2',
    });
    expect((await raw(`COUNT#${part('/C/', 7)}`, 'COUNT'))?.n).toBe(2);
  });

  it('read a view’s key range (filtered, newest first) and a partition’s ids over items written the old way', async () => {
    const old = (code: string, name: string, stationId: string) => ({
      pk: `GADGET#${code}`,
      sk: 'GADGET',
      gsi1pk: 'GADGET',
      gsi1sk: `/D/2026-01-01T00:00:00.000Z#${code}`,
      gsi2pk: part('/D/', 5),
      gsi2sk: `${name.toLowerCase()}|${code}`,
      s_name: name.toLowerCase(),
      code,
      name,
      level: 5,
      stationId,
      tenant: '/D/',
      version: 1,
      createTime: '2026-01-01T00:00:00.000Z',
    });
    for (const [code, name, station] of [
      ['R1', 'b', 'S1'],
      ['R2', 'c', 'S2'],
      ['R3', 'c', 'S1'],
      ['R4', 'd', 'S1'],
    ] as const)
      await dynamoDocument().send(new PutCommand({ TableName: table(), Item: old(code, name, station) }));
    const range = (extra: object = {}) =>
      gadgets.viewRange(0, '/D/', { values: { level: 5 }, from: 'B', to: 'C', desc: true, ...extra });
    const all = await range();
    expect(all.truncated).toBe(false);
    expect(all.items.map((g) => g.code)).toEqual(['R3', 'R2', 'R1']);
    const {
      pk: _pk,
      sk: _sk,
      gsi1pk: _a,
      gsi1sk: _b,
      gsi2pk: _c,
      gsi2sk: _d,
      s_name: _s,
      ...r1
    } = old('R1', 'b', 'S1');
    expect(all.items[2]).toEqual(r1);
    expect((await range({ filters: { stationId: 'S1', code: undefined } })).items.map((g) => g.code)).toEqual(
      ['R3', 'R1'],
    );
    expect(
      (await range({ within: { field: 'stationId', values: ['S2'] } })).items.map((g) => g.code),
    ).toEqual(['R2']);
    expect((await range({ within: { field: 'stationId', values: [] } })).items).toEqual([]);
    expect(await gadgets.viewIds(0, '/D/', { level: 5 })).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(await gadgets.viewIds(0, '/D/', { level: 6 })).toEqual([]);
  });
});
