/**
 * A repository write whose transaction only collided with a concurrent one (DynamoDB's TransactionConflict,
 * e.g. two writes of one company counting into the same view counter) is tried again rather than refused; a
 * failed condition is still a refusal at once. DynamoDB Local serialises transactions, so the collisions are
 * played by a stand-in for the data layer's transaction call here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { send } from '@functions/data/table.ts';
import { Repository } from '@functions/data/repository.ts';
import { envNames } from '@shared/topology/env.ts';

// The requests are built as for any table; the stand-in answers before any reaches a database.
process.env[envNames.table('main')] = 'main';

/** What the stand-in answers, call by call (the last answer repeats). */
let answers: (() => Promise<unknown>)[] = [];
let calls = 0;

const cancelled =
  (...codes: string[]) =>
  async () => {
    throw Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
  };
const done = async () => ({});

const repo = new Repository<{ id: string; name: string }>({
  type: 'THING',
  idField: 'id',
  unique: (t) => ({ 'THING.name': t.name }),
});

beforeEach(() => {
  calls = 0;
  vi.spyOn(send, 'transact').mockImplementation(() => {
    calls++;
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer() as ReturnType<typeof send.transact>;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('repository transactions', () => {
  it('tries again after a collision with a concurrent transaction', async () => {
    answers = [cancelled('None', 'TransactionConflict'), cancelled('TransactionConflict', 'None'), done];
    await expect(repo.create({ id: 'a', name: 'A' }, '/c/')).resolves.toMatchObject({ id: 'a', version: 1 });
    expect(calls).toBe(3);
  });

  it('refuses at once when a condition failed (a taken name)', async () => {
    answers = [cancelled('None', 'ConditionalCheckFailed'), done];
    await expect(repo.create({ id: 'b', name: 'A' }, '/c/')).rejects.toMatchObject({
      message: 'server.duplicate',
    });
    expect(calls).toBe(1);
  });

  it('gives up after repeated collisions, with a refusal rather than a crash', async () => {
    answers = [cancelled('TransactionConflict')];
    await expect(repo.create({ id: 'c', name: 'C' }, '/c/')).rejects.toMatchObject({
      status: 200,
      message: 'server.staleUpdate',
    });
    expect(calls).toBeGreaterThan(1);
  });
});
