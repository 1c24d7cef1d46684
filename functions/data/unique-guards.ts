/**
 * A unique guard: the item `UNIQUE#{name}#{value}` / `UNIQUE` that holds a value platform-wide (a username, a
 * company's limit binding) for its owner `{TYPE}#{id}`. Written in the same transaction as its entity with
 * "must not exist", so two concurrent creates cannot both take the value. Values compare case-folded.
 */
import { defineEntity, model, request, send } from './table.ts';
import { keyFits } from './keys.ts';

export const uniqueGuards = defineEntity(
  {
    model: model('UNIQUE'),
    attributes: {
      name: { type: 'string', required: true },
      value: { type: 'string', required: true },
      owner: { type: 'string' },
    },
    indexes: {
      byValue: {
        pk: {
          field: 'pk',
          composite: ['name', 'value'],
          template: 'UNIQUE#${name}#${value}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'UNIQUE', casing: 'none' },
      },
    },
  },
  { keyOnly: ['name', 'value'] },
);

const folded = (name: string, value: string) => ({ name, value: value.toLowerCase() });

/** The key of the guard of a value. */
export const guardKey = (name: string, value: string) =>
  uniqueGuards.get(folded(name, value)).params().Key as { pk: string; sk: string };

/** The write that takes a value for `owner`, refused (condition) when the value is taken. */
export const takeGuard = (name: string, value: string, owner: string) =>
  request(uniqueGuards.create({ ...folded(name, value), owner }).params());

/** The write that frees a value. */
export const freeGuard = (name: string, value: string) =>
  request(uniqueGuards.delete(folded(name, value)).params());

/**
 * The write that frees a value its owner holds, refused (condition) when another owner holds it: a value two
 * records held before their guard existed stays with the one the guard names (decision 432).
 */
export const freeOwnGuard = (name: string, value: string, owner: string) =>
  request(
    uniqueGuards
      .delete(folded(name, value))
      .where((a, op) => op.eq(a.owner, owner))
      .params(),
  );

/** Who holds a value, as the guard names it (`{TYPE}#{id}`), if anyone. */
export async function guardHolder(name: string, value: string): Promise<string | undefined> {
  const key = guardKey(name, value);
  if (!keyFits(key)) return undefined;
  const { Item } = await send.get(uniqueGuards.get(folded(name, value)).params());
  return Item ? String(Item.owner) : undefined;
}

/** The stored guard item of a value without a condition (bulk loads). */
export const guardItem = (name: string, value: string, owner: string) =>
  request(uniqueGuards.put({ ...folded(name, value), owner }).params()).Item!;

/** The id of the entity holding a value (the login's username → user id), if any. */
export async function guardOwner(name: string, value: string): Promise<string | undefined> {
  return (await guardHolder(name, value))?.split('#')[1];
}

/**
 * Takes a value for `owner` unless it is taken (data written before its guard existed): undefined when the
 * owner holds it now (taken now or before), else who holds it.
 */
export async function claimGuard(name: string, value: string, owner: string): Promise<string | undefined> {
  if (!keyFits(guardKey(name, value))) return undefined;
  try {
    await send.put(takeGuard(name, value, owner));
    return undefined;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const holder = await guardHolder(name, value);
    return holder === owner ? undefined : holder;
  }
}
