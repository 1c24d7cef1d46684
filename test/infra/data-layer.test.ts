/**
 * The data layer's ElectroDB entities against the topology's tables (which CDK and the local runtime build
 * from): every index an entity uses exists in its own table with the same key fields, so the two cannot drift.
 * Also: what the data layer sends keeps items as they were stored before ElectroDB (decision 421).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '@shared/topology/env.ts';
import { topology } from '@shared/topology/index.ts';
import { catalogueMetas } from '@shared/resources/catalogue/index.ts';
import { deviceMetas } from '@shared/resources/device/index.ts';
import { feeMetas } from '@shared/resources/fee/index.ts';
import { parameterResource } from '@shared/resources/parameter.ts';
import { siteMetas } from '@shared/resources/site/index.ts';
import { systemMetas } from '@shared/resources/system/index.ts';
import { registry, request } from '@functions/data/table.ts';
import { resource } from '@functions/api/resources.ts';
import { Repository } from '@functions/data/repository.ts';

const dataDir = path.resolve(import.meta.dirname, '../../functions/data');

beforeAll(async () => {
  process.env[envNames.table('main')] = 'main-test';
  // Every entity module of the data layer, every resource's repository.
  for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.ts')))
    await import(path.join(dataDir, file));
  for (const meta of [
    parameterResource,
    ...catalogueMetas,
    ...deviceMetas,
    ...siteMetas,
    ...feeMetas,
    ...systemMetas,
  ])
    resource(meta);
  new Repository<{ id: string; a: string; b: number }>({
    type: 'DRIFTPROBE',
    idField: 'id',
    views: [{ sort: 'a' }, { eq: ['a'], sort: 'b' }],
  });
});

describe('data layer entities and the topology', () => {
  it('use only their table’s indexes, with their key fields', () => {
    expect(registry.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { schema, table: tableId } of registry) {
      const table = topology.tables.find((t) => t.id === tableId);
      if (!table) {
        problems.push(`${schema.model.entity}: table ${tableId} is not in the topology`);
        continue;
      }
      for (const [accessPattern, index] of Object.entries(schema.indexes)) {
        const name = `${schema.model.entity}.${accessPattern} (${tableId})`;
        const declared = index.index
          ? table.indexes.find((i) => i.name === index.index)
          : { name: '(table)', partitionKey: table.partitionKey, sortKey: table.sortKey };
        if (!declared) {
          problems.push(`${name}: index ${index.index} is not in the topology`);
          continue;
        }
        if (index.pk.field !== declared.partitionKey.name)
          problems.push(`${name}: pk field ${index.pk.field}, topology ${declared.partitionKey.name}`);
        if (index.sk?.field !== declared.sortKey?.name)
          problems.push(`${name}: sk field ${index.sk?.field}, topology ${declared.sortKey?.name}`);
        // A key field an entity builds from a template is a string; one that is an attribute itself
        // (composite of that one attribute, no template) has the attribute's type, which ElectroDB checks.
        for (const [key, side] of [
          [declared.partitionKey, index.pk],
          [declared.sortKey, index.sk],
        ] as const) {
          if (!key || !side) continue;
          const attribute = schema.attributes[key.name] as { type?: unknown } | undefined;
          const itself = !side.template && side.composite.length === 1 && side.composite[0] === key.name;
          const expected = itself && attribute?.type === 'number' ? 'N' : 'S';
          if (key.type !== expected)
            problems.push(`${name}: ${key.name} is ${key.type}, the entity writes ${expected}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes today’s key formats (casing kept, templates exact)', () => {
    for (const { schema } of registry)
      for (const index of Object.values(schema.indexes))
        for (const key of [index.pk, index.sk])
          if (key) expect(key.casing, `${schema.model.entity} ${key.field}`).toBe('none');
  });
});

describe('requests the data layer sends', () => {
  it('leave ElectroDB’s identifiers and key-only composites out of a put', () => {
    const params = request({
      TableName: 'main',
      Item: {
        pk: 'UNIQUE#n#v',
        sk: 'UNIQUE',
        name: 'n',
        value: 'v',
        owner: 'X#1',
        __edb_e__: 'UNIQUE',
        __edb_v__: '1',
      },
    });
    expect(params).toEqual({
      TableName: 'main-test',
      Item: { pk: 'UNIQUE#n#v', sk: 'UNIQUE', owner: 'X#1' },
    });
  });

  it('leave them out of an update, with the names and values only they used', () => {
    const params = request({
      TableName: 'main',
      Key: { pk: 'COUNT#p', sk: 'COUNT' },
      UpdateExpression:
        'SET #partition = :partition_u0, #__edb_e__ = :__edb_e___u0, #__edb_v__ = :__edb_v___u0 ADD #n :n_u0',
      ExpressionAttributeNames: {
        '#n': 'n',
        '#partition': 'partition',
        '#__edb_e__': '__edb_e__',
        '#__edb_v__': '__edb_v__',
      },
      ExpressionAttributeValues: {
        ':n_u0': 1,
        ':partition_u0': 'p',
        ':__edb_e___u0': 'COUNT',
        ':__edb_v___u0': '1',
      },
    });
    expect(params).toEqual({
      TableName: 'main-test',
      Key: { pk: 'COUNT#p', sk: 'COUNT' },
      UpdateExpression: 'ADD #n :n_u0',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':n_u0': 1 },
    });
  });

  it('keep a SET with a function call whole', () => {
    const params = request({
      UpdateExpression: 'SET #a = if_not_exists(#a, :a), #__edb_e__ = :__edb_e___u0 REMOVE #b',
      ExpressionAttributeNames: { '#a': 'a', '#b': 'b', '#__edb_e__': '__edb_e__' },
      ExpressionAttributeValues: { ':a': 1, ':__edb_e___u0': 'X' },
    });
    expect(params.UpdateExpression).toBe('SET #a = if_not_exists(#a, :a) REMOVE #b');
    expect(params.ExpressionAttributeNames).toEqual({ '#a': 'a', '#b': 'b' });
    expect(params.ExpressionAttributeValues).toEqual({ ':a': 1 });
  });
});
