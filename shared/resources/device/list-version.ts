/**
 * Local authorisation lists (docs/product.md section 3; OCPP 1.6 SendLocalList): a named, versioned list of
 * idTags with their status, expiry and parent, its type and capacity. Sending a list to chargers is a command
 * (docs/decisions/232-commands-that-name-a-record.md; only companies may send one); here the platform and
 * companies keep their lists.
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optional, requiredText } from '@shared/schemas/fields.ts';
import { choice, integer, isoDateTime, PRINTABLE_ASCII } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const ID_TAG_STATUSES = ['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx'] as const;
/** 0 not an organisation, 1 an organisation, 2 a home station. */
export const LIST_TYPE = { notOrganisation: 0, organisation: 1, homeStation: 2 } as const;
export const LIST_CAPACITY_MAX = 10_000;
/**
 * A list is one record, and a record is at most 400 KB (DynamoDB). Entries whose JSON exceeds this are
 * refused, which leaves room for the rest of the record whatever the entries hold.
 */
export const LIST_ENTRIES_MAX_BYTES = 350_000;

/** OCPP 1.6 IdToken: CiString20 (printable ASCII, compared without case). */
const idTag = () => requiredText(20).regex(PRINTABLE_ASCII, { error: 'deviceRes.validation.ascii' });

export const listEntrySchema = z
  .object({
    idTag: idTag(),
    idTagStatus: choice(ID_TAG_STATUSES),
    idTagExpiryDate: optional(isoDateTime()),
    parentIdTag: optional(idTag()),
  })
  .strict();
export type ListEntry = z.infer<typeof listEntrySchema>;

export const listVersionSchema = z
  .object({
    name: requiredText(64),
    // OCPP SendLocalList.listVersion (`version` is the record's own, for optimistic concurrency).
    listVersion: integer(0, 2_147_483_647, 'deviceRes.validation.versionRange'),
    type: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'deviceRes.validation.option' })
      .min(0, { error: 'deviceRes.validation.option' })
      .max(2, { error: 'deviceRes.validation.option' }),
    capacity: integer(1, LIST_CAPACITY_MAX, 'deviceRes.validation.capacityRange'),
    entries: z
      .array(listEntrySchema)
      .max(LIST_CAPACITY_MAX, { error: 'deviceRes.validation.overCapacity' })
      .default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.entries.length > value.capacity)
      ctx.addIssue({ code: 'custom', path: ['entries'], message: 'deviceRes.validation.overCapacity' });
    else if (JSON.stringify(value.entries).length > LIST_ENTRIES_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: ['entries'], message: 'deviceRes.validation.listTooLarge' });
    const seen = new Set<string>();
    value.entries.forEach((entry, index) => {
      const tag = entry.idTag.toLowerCase();
      if (seen.has(tag))
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'idTag'],
          message: 'deviceRes.validation.idTagDuplicate',
        });
      seen.add(tag);
    });
  });

export const listVersionResource = defineResource({
  module: 'biz',
  name: 'listVersion',
  type: 'LISTVERSION',
  label: 'deviceRes.names.listVersion',
  tenancy: 'tenant',
  permissions: {
    view: CODE.listVersions,
    add: CODE.listVersionEdit,
    edit: CODE.listVersionEdit,
    del: CODE.listVersionEdit,
  },
  schema: listVersionSchema,
  filters: { name: 'contains', type: 'eq' },
  sortable: ['name', 'listVersion', 'type', 'capacity'],
  views: [{ sort: 'createTime' }],
});
