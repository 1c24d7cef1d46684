/**
 * File transfer for remote commands (docs/decisions/233): the firmware a charger downloads (UpdateFirmware,
 * SignedUpdateFirmware) and the log it uploads (GetDiagnostics, GetLog).
 *
 * Chargers cannot sign in, so each transfer gets a public, unguessable, expiring URL: the token carries its
 * subject (the firmware object's key, or the command id) and its expiry, signed with an HMAC-SHA256 under
 * the platform's JWT secret. A forged, altered or expired token is refused with 403.
 *
 * - `GET /ocpp-files/firmware/{token}/{fileName}`: the firmware file from the firmware bucket.
 * - `PUT|POST /ocpp-files/log/{token}/[{fileName}]`: the raw body (or the one file of a multipart form) into
 *   the exports bucket under `logs/`, recorded on the command (`upload`) so its result offers the file.
 * - `POST /biz/command/file?id=`: that file for the console (the caller's companies only).
 *
 * The URL's origin is `PUBLIC_BASE_URL` when set, else the request's own (Host header). The routes are bound
 * in functions/devices/handler.ts, which reads the token and the uploaded file and answers in plain text.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { attachUpload, getCommand, type CommandRecord } from './store.ts';

/** Largest log a charger may upload (a Lambda request carries about 6 MB, base64 included). */
export const LOG_MAX_BYTES = 4 * 1024 * 1024;
/** Longest life of a transfer URL. */
const MAX_LIFE_MS = 30 * 86_400_000;
/** Spare time after the last expected attempt. */
const GRACE_MS = 86_400_000;

export const FIRMWARE_PATH = '/ocpp-files/firmware';
export const LOG_PATH = '/ocpp-files/log';

// ---- Tokens ----------------------------------------------------------------------------------------------

type Kind = 'firmware' | 'log';

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (kind: Kind, subject: string, expires: string) =>
  createHmac('sha256', config.jwtSecret()).update(`${kind}\n${subject}\n${expires}`).digest();

/** A token for `subject` valid until `expiresAt` (epoch ms): `subject.expiry.signature`, URL-safe. */
export function signToken(kind: Kind, subject: string, expiresAt: number): string {
  const expires = Math.ceil(expiresAt / 1000).toString(36);
  return `${b64(subject)}.${expires}.${b64(mac(kind, subject, expires))}`;
}

/** The token's subject; undefined when it is malformed, forged or expired. */
export function verifyToken(kind: Kind, token: string, now = Date.now()): string | undefined {
  const [encoded, expires, signature, extra] = token.split('.');
  if (!encoded || !expires || !signature || extra !== undefined) return undefined;
  const subject = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = mac(kind, subject, expires);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const seconds = parseInt(expires, 36);
  return Number.isFinite(seconds) && seconds * 1000 > now ? subject : undefined;
}

/** How long a transfer URL lives: until the last retry the charger may make, plus a day; 30 days at most. */
export function transferExpiry(params: Record<string, unknown>, now = Date.now()): number {
  const start = typeof params.retrieveDate === 'string' ? Date.parse(params.retrieveDate) : now;
  const retries = Number(params.retries ?? 0) || 0;
  const interval = Number(params.retryInterval ?? 0) || 0;
  const last = Math.max(now, Number.isNaN(start) ? now : start) + (retries + 1) * interval * 1000;
  return Math.min(last + GRACE_MS, now + MAX_LIFE_MS);
}

// ---- URLs ------------------------------------------------------------------------------------------------

/** The origin chargers reach the platform at: PUBLIC_BASE_URL, else the request's scheme and Host. */
export function publicBaseUrl(event: APIGatewayProxyEventV2): string {
  const configured = process.env.PUBLIC_BASE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const host = event.headers.host ?? event.requestContext.domainName ?? 'localhost';
  const forwarded = event.headers['x-forwarded-proto']?.split(',')[0]?.trim();
  const local = /^(localhost|127\.|\[::1\])/.test(host);
  return `${forwarded ?? (local ? 'http' : 'https')}://${host}`;
}

/** The download URL of a firmware object (its file name last, for chargers that keep it). */
export function firmwareUrl(base: string, path: string, expiresAt: number): string {
  const name = path.split('/').pop() || 'firmware.bin';
  return `${base}${FIRMWARE_PATH}/${signToken('firmware', path, expiresAt)}/${encodeURIComponent(name)}`;
}

/** The upload URL of a command's log: a folder, as OCPP 1.6 locations are (the charger adds its file name). */
export function uploadUrl(base: string, commandId: string, expiresAt: number): string {
  return `${base}${LOG_PATH}/${signToken('log', commandId, expiresAt)}/`;
}

// ---- Transfers ------------------------------------------------------------------------------------------

/** Why a charger's transfer is refused (the handler answers it in plain text: chargers read no envelope). */
export type TransferRefusal = 'forbidden' | 'notFound' | 'noFile' | 'tooLarge';

/** A file read from a bucket, to be sent as an attachment. */
export interface StoredFile {
  fileName: string;
  bytes: Buffer;
  contentType?: string;
}

/** A file a charger sent. */
export interface TransferFile {
  body: Buffer;
  fileName: string;
  contentType?: string;
}

const missingObject = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as Error).name);

async function readObject(bucket: string, key: string) {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return {
      bytes: Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array()),
      contentType: object.ContentType,
    };
  } catch (error) {
    if (missingObject(error)) return undefined;
    throw error;
  }
}

/** GET /ocpp-files/firmware/{token}/{fileName}: the firmware file, for whoever holds a valid token. */
export async function firmwareFile(token: string): Promise<StoredFile | TransferRefusal> {
  const path = verifyToken('firmware', token);
  if (!path) return 'forbidden';
  const object = await readObject(config.bucketName('firmware'), path);
  if (!object) return 'notFound';
  return { fileName: path.split('/').pop() || 'firmware.bin', bytes: object.bytes };
}

/** A file name safe in an object key. */
const safeName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-128);

/** The command a log upload's token names (checked before the upload is read). */
export async function logCommand(token: string): Promise<CommandRecord | TransferRefusal> {
  const commandId = verifyToken('log', token);
  if (!commandId) return 'forbidden';
  return (await getCommand(commandId)) ?? 'notFound';
}

/** PUT or POST /ocpp-files/log/{token}/[{fileName}]: stores a charger's log and records it on the command. */
export async function storeLog(
  command: CommandRecord,
  file: TransferFile | undefined,
): Promise<TransferRefusal | undefined> {
  if (!file || file.body.length === 0) return 'noFile';
  if (file.body.length > LOG_MAX_BYTES) return 'tooLarge';
  const { commandId } = command;
  const fileName = safeName(file.fileName) || `${command.chargePointId}-${commandId}.log`;
  const tenant = String(command.tenant ?? '/');
  const folder = tenant.split('/').filter(Boolean).join('/') || 'platform';
  const key = `logs/${folder}/${command.chargePointId}/${commandId}/${fileName}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config.bucketName('exports'),
      Key: key,
      Body: file.body,
      ContentType: file.contentType || 'application/octet-stream',
    }),
  );
  await attachUpload(commandId, {
    key,
    fileName,
    size: file.body.length,
    contentType: file.contentType || 'application/octet-stream',
    uploadedAt: new Date().toISOString(),
  });
  return undefined;
}

/** POST /biz/command/file?id=: the log a charger uploaded for one of the caller's commands. */
export async function commandFile(identity: Identity, commandId: string | undefined): Promise<StoredFile> {
  const command = commandId ? await getCommand(commandId) : undefined;
  if (!command || !inReach(identity, command)) throw notFound();
  if (!command.upload) throw refused('commandRes.server.noUpload');
  const object = await readObject(config.bucketName('exports'), command.upload.key);
  if (!object) throw refused('commandRes.server.noUpload');
  return { fileName: command.upload.fileName, bytes: object.bytes, contentType: command.upload.contentType };
}
