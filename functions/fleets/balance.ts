/**
 * Stored balances (cards, fleet accounts, app users) carry four decimals (SPEC.md section 9). They are stored
 * as plain numbers, like the card balance the console shows, and every change is computed in whole
 * ten-thousandths (bigint), so repeated debits and top-ups never drift.
 */
import { QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { newId, table } from '@functions/lib/store.ts';

export const BALANCE_SCALE = 10_000n;

/** A stored balance in whole ten-thousandths. */
export const toUnits = (balance: unknown): bigint =>
  BigInt(Math.round(Number(balance ?? 0) * Number(BALANCE_SCALE)));

/** Ten-thousandths back to the stored number. */
export const fromUnits = (units: bigint): number => Number(units) / Number(BALANCE_SCALE);

/** Whether a number has at most four decimals (and so is stored exactly as units). */
export const hasFourDecimals = (n: number) =>
  Number.isFinite(n) && Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6;

type Write = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A balance change and its ledger entry, for ONE transaction: the account's balance field is set to
 * before + change conditional on the version read (a concurrent change cancels the transaction, and the
 * caller reads again and retries: never a lost update), and the ledger entry with the balances before and
 * after is put conditional on not existing (never overwritten).
 */
export function balanceChange(input: {
  key: { pk: string; sk: string };
  field: 'balance' | 'accountBalance';
  version: number;
  before: bigint;
  change: bigint;
  at: string;
  ledgerPk: string;
  ledger: Record<string, unknown>;
}): { writes: Write[]; before: bigint; after: bigint } {
  const { before, change, at } = input;
  const after = before + change;
  const writes: Write[] = [
    {
      Update: {
        TableName: table(),
        Key: input.key,
        UpdateExpression: 'SET #balance = :after, version = :next, updateTime = :at',
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#balance': input.field },
        ExpressionAttributeValues: {
          ':after': fromUnits(after),
          ':next': input.version + 1,
          ':version': input.version,
          ':at': at,
        },
      },
    },
    {
      Put: {
        TableName: table(),
        Item: {
          ...input.ledger,
          pk: input.ledgerPk,
          sk: `${at}#${newId()}`,
          beforeBalance: fromUnits(before),
          afterBalance: fromUnits(after),
          changeBalance: fromUnits(change),
          createTime: at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  return { writes, before, after };
}

/**
 * The guard of an order's debit: one item per order number, put conditional on not existing in the same
 * transaction as the debit, so an order is debited at most once whichever account pays it and whoever
 * calls (a replayed stop, a reset, a reservation end).
 */
export function debitGuard(orderNo: string, account: string, at: string): Write {
  return {
    Put: {
      TableName: table(),
      Item: { pk: `DEBIT#${orderNo}`, sk: 'DEBIT', orderNo, account, createTime: at },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The entries of a ledger partition, oldest first. */
export async function ledgerEntries(pk: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': pk },
        ExclusiveStartKey,
      }),
    );
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/**
 * Runs a read-then-write balance change until it commits: a transaction cancelled because the account
 * changed meanwhile is read and tried again after a short random pause.
 */
export async function withRetries<T>(attempt: () => Promise<T>, attempts = 6): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException' || n >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** n));
    }
  }
}
