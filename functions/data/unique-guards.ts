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

/** The stored guard item of a value without a condition (bulk loads). */
export const guardItem = (name: string, value: string, owner: string) =>
  request(uniqueGuards.put({ ...folded(name, value), owner }).params()).Item!;

/** The id of the entity holding a value (the login's username → user id), if any. */
export async function guardOwner(name: string, value: string): Promise<string | undefined> {
  const key = guardKey(name, value);
  if (!keyFits(key)) return undefined;
  const { Item } = await send.get(uniqueGuards.get(folded(name, value)).params());
  return Item ? String(Item.owner).split('#')[1] : undefined;
}
