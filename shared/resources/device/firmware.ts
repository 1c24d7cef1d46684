/**
 * Firmware files (docs/product.md sections 3 and 5): the file is uploaded once (POST /biz/firmware/upload,
 * form data with exactly one file) and stored in the firmware bucket; the record keeps its object key
 * (`path`), size and SHA-256 checksum, which only the upload sets. Updates change the metadata below;
 * deleting removes the file.
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optional, requiredText, text } from '@shared/schemas/fields.ts';
import { given } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';

/**
 * Largest firmware file. The file travels in one API call: Lambda takes at most 6 MB per request, and API
 * Gateway hands binary bodies over base64-encoded (4/3 of the size), so 4 MB plus the form stays under it.
 */
export const FIRMWARE_MAX_MB = 4;
export const FIRMWARE_MAX_BYTES = FIRMWARE_MAX_MB * 1024 * 1024;

/** The form fields of the upload and of an update (brand and model are optional references). */
export const firmwareSchema = z
  .object({
    firmwareName: requiredText(64),
    // OCPP reports firmware versions as CiString50.
    firmwareVersion: requiredText(50),
    brandId: optional(text(64)),
    modelId: optional(text(64)),
    remark: optional(text(255)),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (given(value.modelId) && !given(value.brandId))
      ctx.addIssue({ code: 'custom', path: ['brandId'], message: 'deviceRes.validation.brandForModel' });
  });

export type FirmwareFields = z.infer<typeof firmwareSchema>;

/** What the upload adds to the record. */
export interface FirmwareFile {
  /** Object key in the firmware bucket: `{tenant}/{id}/{fileName}`. */
  path: string;
  fileName: string;
  size: number;
  /** SHA-256 of the file, lower-case hex. */
  checksum: string;
}

export const firmwareResource = defineResource({
  module: 'biz',
  name: 'firmware',
  type: 'FIRMWARE',
  label: 'deviceRes.names.firmware',
  tenancy: 'tenant',
  permissions: {
    view: CODE.firmware,
    add: CODE.firmwareAdd,
    edit: CODE.firmwareEdit,
    del: CODE.firmwareDelete,
  },
  schema: firmwareSchema,
  filters: { firmwareName: 'contains', firmwareVersion: 'contains', brandId: 'eq', modelId: 'eq' },
  sortable: ['firmwareName', 'firmwareVersion', 'size'],
  views: [{ sort: 'createTime' }],
});
