/**
 * App users' personal (home) piles (docs/product.md section 3, App user: personal piles, userNum, ownerFlag;
 * docs/decisions/468-app-user-home-piles.md). A link is stored twice, in one transaction:
 * - `HOMEPILE#{chargePointId}` / `APPUSER#{appUserId}`: the pile's users (how many: its userNum; whether one is
 *   the one its session's tag names);
 * - `APPUSERPILE#{appUserId}` / `{chargePointId}`: the user's piles (the app user's page, isHomePile).
 * Each carries ownerFlag (1 owner, 0 shared user), tenant and createTime. An owner's link also puts the pile's
 * owner guard `HOMEPILEOWNER#{chargePointId}` / `OWNER` (naming the user), refused when it exists: one owner per
 * pile, whatever links are made at once. Unlinking deletes the link's items (and the guard of an owner).
 */
import { defineEntity, model, queryAll, request, send, withoutKeys, type TransactItem } from './table.ts';

/** ownerFlag: 1 the pile's owner, 0 a user it is shared with. */
export const OWNER_FLAG = { shared: 0, owner: 1 } as const;

export interface HomePileLink {
  appUserId: string;
  chargePointId: string;
  ownerFlag: number;
  tenant: string;
  createTime: string;
}

const fields = {
  appUserId: { type: 'string', required: true },
  chargePointId: { type: 'string', required: true },
  ownerFlag: { type: 'number', required: true },
  tenant: { type: 'string', required: true },
  createTime: { type: 'string', required: true },
} as const;

const pileUsers = defineEntity({
  model: model('HOMEPILE'),
  attributes: fields,
  indexes: {
    byPile: {
      pk: {
        field: 'pk',
        composite: ['chargePointId'],
        template: 'HOMEPILE#${chargePointId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['appUserId'], template: 'APPUSER#${appUserId}', casing: 'none' },
    },
  },
});

const userPiles = defineEntity({
  model: model('APPUSERPILE'),
  attributes: fields,
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['appUserId'], template: 'APPUSERPILE#${appUserId}', casing: 'none' },
      sk: { field: 'sk', composite: ['chargePointId'], template: '${chargePointId}', casing: 'none' },
    },
  },
});

const pileOwner = defineEntity({
  model: model('HOMEPILEOWNER'),
  attributes: {
    chargePointId: { type: 'string', required: true },
    appUserId: { type: 'string', required: true },
    createTime: { type: 'string', required: true },
  },
  indexes: {
    byPile: {
      pk: {
        field: 'pk',
        composite: ['chargePointId'],
        template: 'HOMEPILEOWNER#${chargePointId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'OWNER', casing: 'none' },
    },
  },
});

/**
 * Links a user to a pile: its two items, each refused when it exists, and for an owner the owner guard,
 * refused when the pile has an owner. Throws TransactionCanceledException when refused (its reasons in the
 * writes' order: pile item, user item, owner guard).
 */
export async function linkHomePile(link: HomePileLink): Promise<void> {
  const writes: TransactItem[] = [
    { Put: request(pileUsers.create(link).params()) },
    { Put: request(userPiles.create(link).params()) },
  ];
  if (link.ownerFlag === OWNER_FLAG.owner)
    writes.push({
      Put: request(
        pileOwner
          .create({
            chargePointId: link.chargePointId,
            appUserId: link.appUserId,
            createTime: link.createTime,
          })
          .params(),
      ),
    });
  await send.transact(writes);
}

/**
 * Unlinks a user from a pile: both items deleted, each only while there, and the owner guard of an owner
 * only while it names the user. Throws TransactionCanceledException when the link is not there.
 */
export async function unlinkHomePile(link: Pick<HomePileLink, 'appUserId' | 'chargePointId' | 'ownerFlag'>) {
  const key = { appUserId: link.appUserId, chargePointId: link.chargePointId };
  const writes: TransactItem[] = [
    {
      Delete: request(
        pileUsers
          .delete(key)
          .where((a, op) => op.exists(a.ownerFlag))
          .params(),
      ),
    },
    {
      Delete: request(
        userPiles
          .delete(key)
          .where((a, op) => op.exists(a.ownerFlag))
          .params(),
      ),
    },
  ];
  if (link.ownerFlag === OWNER_FLAG.owner)
    writes.push({
      Delete: request(
        pileOwner
          .delete({ chargePointId: link.chargePointId })
          .where((a, op) => op.eq(a.appUserId, link.appUserId))
          .params(),
      ),
    });
  await send.transact(writes);
}

/** A user's links, by pile id. */
export const homePilesOfUser = async (appUserId: string) =>
  (await queryAll(userPiles.query.byUser({ appUserId }).params())).map((i) => withoutKeys<HomePileLink>(i));

/** A pile's links (its userNum is their count). */
export const usersOfHomePile = async (chargePointId: string) =>
  (await queryAll(pileUsers.query.byPile({ chargePointId }).params())).map((i) =>
    withoutKeys<HomePileLink>(i),
  );

/** The link of one user and one pile, if any (read consistently: a session's settlement decides by it). */
export async function homePileLink(appUserId: string, chargePointId: string) {
  const answer = await send.get({
    ...pileUsers.get({ appUserId, chargePointId }).params(),
    ConsistentRead: true,
  });
  return answer.Item ? withoutKeys<HomePileLink>(answer.Item) : undefined;
}
