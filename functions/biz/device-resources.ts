/**
 * The device catalogue's declared resources with their server-side rules (hooks), served by the biz domain:
 * firmware files, configuration keys, display messages, network configurations and local lists.
 *
 * Firmware is added by its upload only (the file and the record in one call); updates keep the stored file's
 * path, size and checksum, and deleting a record removes its file. Local lists are listed without their
 * entries (one list may hold thousands; the info call returns them).
 */
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { chargingProfileResource } from '@shared/resources/device/charging-profile.ts';
import { confKeyResource } from '@shared/resources/device/conf-key.ts';
import { displayResource } from '@shared/resources/device/display.ts';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MAX_MB,
  firmwareResource,
  type firmwareSchema,
} from '@shared/resources/device/firmware.ts';
import { listVersionResource } from '@shared/resources/device/list-version.ts';
import { APN_FIELDS, networkResource, VPN_FIELDS } from '@shared/resources/device/network.ts';
import type { z } from 'zod';
import type { Identity } from '@functions/identity/access.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { refused } from '@functions/lib/errors.ts';
import { logger } from '@functions/lib/logger.ts';
import type { UploadedFile } from '@functions/lib/multipart.ts';
import {
  deleteResource,
  listPage,
  present,
  resource,
  resourceInfo,
  type ListInput,
  type Record_,
  type Resource,
} from '@functions/api/resources.ts';
import { newId, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { cards } from './cards.ts';
import { catalogueResources } from './catalogue-resources.ts';

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== false;

// ---- Brand and model references ---------------------------------------------------------------------------

/** A catalogue record by resource name (brands and models are the catalogue group's, read platform-wide). */
async function catalogueRecord(name: string, id: string, identity: Identity) {
  const r = catalogueResources.find((c) => c.meta.name === name);
  if (!r) return { declared: false as const };
  const scope = r.meta.tenancy === 'shared' ? PLATFORM_TENANT : identity.scope;
  return { declared: true as const, record: await r.repo.get(scope, id) };
}

/**
 * The brand and model a record names exist, and the model is one of the brand's; their names are kept on the
 * record for lists (set here, never taken from the request).
 */
async function checkBrandModel(record: Record_, identity: Identity) {
  delete record.brandName;
  delete record.modelName;
  if (filled(record.brandId)) {
    const brand = await catalogueRecord('brand', String(record.brandId), identity);
    if (brand.declared && !brand.record) throw refused('deviceRes.server.brandNotFound');
    if (brand.record?.name !== undefined) record.brandName = brand.record.name;
  }
  if (filled(record.modelId)) {
    const model = await catalogueRecord('model', String(record.modelId), identity);
    if (model.declared && !model.record) throw refused('deviceRes.server.modelNotFound');
    if (model.record?.brandId !== undefined && model.record.brandId !== record.brandId)
      throw refused('deviceRes.server.modelNotOfBrand');
    if (model.record?.deviceModel !== undefined) record.modelName = model.record.deviceModel;
  }
}

// ---- Firmware ---------------------------------------------------------------------------------------------

/** What only the upload sets; an update carries it over from the stored record. */
const FIRMWARE_FILE_FIELDS = ['path', 'fileName', 'size', 'checksum'] as const;

export const firmware: Resource = resource(firmwareResource, {
  check: async (record, identity, current) => {
    await checkBrandModel(record, identity);
    if (current) for (const field of FIRMWARE_FILE_FIELDS) record[field] = current[field];
  },
});

const firmwareBucket = () => config.bucketName('firmware');

/** The tenant path as a key prefix: `/A/A1/` → `A/A1`, the platform's `/` → `platform`. */
export function tenantFolder(tenant: string): string {
  return tenant.split('/').filter(Boolean).join('/') || 'platform';
}

/** The last segment of an uploaded file's name, in characters safe in an object key and a URL. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-128);
  return safe || 'firmware.bin';
}

async function removeFirmwareFile(path: unknown) {
  if (typeof path !== 'string' || !path) return;
  await s3Client()
    .send(new DeleteObjectCommand({ Bucket: firmwareBucket(), Key: path }))
    .catch((error) => logger.error('Firmware file not deleted', { path, error: (error as Error).message }));
}

/**
 * POST /biz/firmware/upload: the form's firmwareName, firmwareVersion, remark (and brandId, modelId) and
 * exactly one file. The file is stored first; a failed store creates no record, and a failed record write
 * deletes the stored file again.
 */
export async function uploadFirmware(
  identity: Identity,
  fields: z.infer<typeof firmwareSchema>,
  files: UploadedFile[],
) {
  const file = files.length === 1 ? files[0] : undefined;
  if (!file) throw refused('deviceRes.server.firmwareOneFile');
  if (file.body.length === 0) throw refused('deviceRes.server.firmwareEmpty');
  if (file.body.length > FIRMWARE_MAX_BYTES)
    throw refused('deviceRes.server.firmwareTooLarge', { max: FIRMWARE_MAX_MB });

  const tenant = identity.scope; // firmware is a tenant resource: the caller's company owns it
  const id = newId();
  const fileName = safeFileName(file.fileName);
  const record: Record_ = {
    ...fields,
    id,
    path: `${tenantFolder(tenant)}/${id}/${fileName}`,
    fileName,
    size: file.body.length,
    checksum: createHash('sha256').update(file.body).digest('hex'),
  };
  await checkBrandModel(record, identity);

  try {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: firmwareBucket(),
        Key: String(record.path),
        Body: file.body,
        ContentType: file.contentType || 'application/octet-stream',
      }),
    );
  } catch (error) {
    logger.error('Firmware file not stored', { path: record.path, error: (error as Error).message });
    throw refused('deviceRes.server.firmwareStoreFailed');
  }
  let stored: Record_ & Stored;
  try {
    stored = await firmware.repo.create({ ...record, tenant }, tenant);
  } catch (error) {
    await removeFirmwareFile(record.path);
    throw error;
  }
  return present(firmware, stored);
}

/** Deleting a firmware record removes its file too (after the record, so a refused delete keeps both). */
export async function deleteFirmware(identity: Identity, id: unknown) {
  const current = await resourceInfo(firmware, identity, id);
  await deleteResource(firmware, identity, id);
  await removeFirmwareFile(current.path);
}

// ---- Configuration keys, display messages -----------------------------------------------------------------

export const confKeys: Resource = resource(confKeyResource);
export const displays: Resource = resource(displayResource);

// ---- Network configurations -------------------------------------------------------------------------------

const VPN_SECRETS = ['vpnPassword', 'vpnKey'] as const;
const APN_SECRETS = ['apnPassword', 'simPin'] as const;

/**
 * An optional group of fields with secrets among them. Stored secrets are not sent back on update, so the
 * group counts as given when a plain field is filled or a secret is newly sent; a group left empty drops its
 * stored secrets with it. A given VPN needs its password (the schema checks the plain fields).
 */
function settleGroup(
  record: Record_,
  current: Record_ | undefined,
  fields: readonly string[],
  secrets: readonly string[],
): boolean {
  const plain = fields.filter((f) => !secrets.includes(f));
  const isGiven =
    plain.some((f) => filled(record[f])) ||
    secrets.some((s) => filled(record[s]) && record[s] !== current?.[s]);
  if (!isGiven) for (const s of secrets) delete record[s];
  return isGiven;
}

export const networks: Resource = resource(networkResource, {
  check: async (record, _identity, current) => {
    if (settleGroup(record, current, VPN_FIELDS, VPN_SECRETS) && !filled(record.vpnPassword))
      throw refused('deviceRes.server.vpnPasswordRequired');
    settleGroup(record, current, APN_FIELDS, APN_SECRETS);
  },
});

// ---- Local lists ------------------------------------------------------------------------------------------

export const listVersions: Resource = resource(listVersionResource);

/** The list call without each list's entries (their count instead): a page of lists stays small. */
export async function listLocalLists(identity: Identity, input: ListInput) {
  const page = await listPage(listVersions, identity, input);
  return {
    ...page,
    records: page.records.map(({ entries, ...rest }) => ({
      ...rest,
      entryCount: Array.isArray(entries) ? entries.length : 0,
    })),
  };
}

// ---- Registration -----------------------------------------------------------------------------------------

export const chargingProfiles: Resource = resource(chargingProfileResource);

export const deviceResources: Resource[] = [
  firmware,
  confKeys,
  displays,
  networks,
  listVersions,
  cards,
  chargingProfiles,
];
