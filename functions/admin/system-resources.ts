/**
 * The system group's declared resources with their server-side rules (hooks), served by the admin domain:
 * payment channels (and their push certificate upload), mail servers (and a real test mail), eMsp roaming
 * partners (and the binding of sites to them), assets and vendors. Parameters are in ./parameters.ts.
 */
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { assetResource, USE_FLAG } from '@shared/resources/system/asset.ts';
import { EMSP_FLAG, emspResource, type emspBindSchema } from '@shared/resources/system/emsp.ts';
import { requiredEmail } from '@shared/resources/system/fields.ts';
import { mailResource } from '@shared/resources/system/mail.ts';
import { CERTIFICATE, payResource } from '@shared/resources/system/pay.ts';
import { vendorResource } from '@shared/resources/system/vendor.ts';
import type { PageQuery } from '@shared/schemas/admin.ts';
import type { Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { timedMemo } from '@functions/lib/memo.ts';
import { config } from '@functions/lib/config.ts';
import { forbidden, notFound, refused } from '@functions/lib/errors.ts';
import { storedMailServer } from '@functions/identity/company-mail.ts';
import { logger } from '@functions/lib/logger.ts';
import { translate } from '@functions/lib/i18n.ts';
import { sendMail } from '@functions/lib/mail.ts';
import type { UploadedFile } from '@functions/lib/multipart.ts';
import { present, resource, type Record_, type Resource } from '@functions/api/resources.ts';
import { paginate, PLATFORM_TENANT, visible, type Stored } from '@functions/lib/records.ts';
import { stationRecords } from '@functions/data/stations.ts';

/** The company using a payment channel or mail server, if any. */
async function companyUsing(field: 'payId' | 'mailId', id: string) {
  return (await operators.list(PLATFORM_TENANT)).find((o) => o[field] === id);
}

// ------------------------------------------------------------------ payment channels

/** Where a channel's push certificate is kept: never served, never answered (only its file name is). */
const certificateBucket = () => config.bucketName('images');
const certificateKey = (id: string, fileName: string) => `certificates/${id}/${fileName}`;

async function deleteCertificate(key: unknown) {
  if (typeof key !== 'string' || !key) return;
  await s3Client()
    .send(new DeleteObjectCommand({ Bucket: certificateBucket(), Key: key }))
    .catch((error: unknown) => logger.warn('Certificate delete failed', { key, error: String(error) }));
}

export const pay: Resource = resource(payResource, {
  check: async (record, _identity, current) => {
    // The certificate comes with its own call; an update keeps it (certificateKey is kept as a secret).
    if (current?.certificateName !== undefined) record.certificateName = current.certificateName;
  },
  deleteGuard: async (record) => {
    const company = await companyUsing('payId', record.id);
    if (company) throw refused('systemRes.server.payInUse', { name: company.operatorName });
    // Nothing refers to the channel any more: its certificate goes with it.
    await deleteCertificate(record.certificateKey);
    return undefined;
  },
});

/** A file name safe as a storage key: no folders, only plain characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return clean.slice(-100) || 'certificate';
}

/** Stores a channel's push certificate: the upload's `file` part (or its first), for channel `id`. */
export async function uploadCertificate(identity: Identity, id: string, file: UploadedFile | undefined) {
  if (!identity.platform) throw forbidden();
  const current = await pay.repo.get(identity.scope, id);
  if (!current) throw notFound();
  if (!file || file.body.length === 0) throw refused('systemRes.server.certificateRequired');
  if (file.body.length > CERTIFICATE.maxBytes)
    throw refused('systemRes.server.certificateTooLarge', { max: CERTIFICATE.maxBytes / 1024 });
  const fileName = safeFileName(file.fileName);
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  if (!(CERTIFICATE.extensions as readonly string[]).includes(extension))
    throw refused('systemRes.server.certificateType');
  const key = certificateKey(current.id, fileName);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: certificateBucket(),
      Key: key,
      Body: file.body,
      ContentType: 'application/octet-stream',
    }),
  );
  const saved = await pay.repo.update(current, {
    ...current,
    certificateName: fileName,
    certificateKey: key,
  });
  if (current.certificateKey && current.certificateKey !== key)
    await deleteCertificate(current.certificateKey);
  return present(pay, saved);
}

// ------------------------------------------------------------------ mail servers

export const mail: Resource = resource(mailResource, {
  deleteGuard: async (record) => {
    const company = await companyUsing('mailId', record.id);
    if (company) throw refused('systemRes.server.mailInUse', { name: company.operatorName });
    return undefined;
  },
});

export const testMailBody = z.object({ to: requiredEmail }).strict();

/** What a failed send reads as: the SMTP server's own answer when there is one. */
function sendFailure(error: unknown): string {
  const e = error as { response?: string; message?: string; code?: string };
  const reason = (e.response || e.message || e.code || String(error)).replace(/\s+/g, ' ').trim();
  return reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
}

/** Sends a real mail through a stored server; any failure is a refusal naming the server's reason. */
export async function sendTestMail(identity: Identity, id: string, to: string, language: string) {
  const record = await mail.repo.get(identity.scope, id);
  const server = record ? await storedMailServer(record.id) : undefined;
  if (!record || !server) throw notFound();
  const values = { name: record.name, host: record.host, port: record.port };
  try {
    // The same sender as the company's alarm mail; a Lambda must answer well within API Gateway's 30 s.
    await sendMail(
      {
        to: [to],
        subject: translate(language, 'systemRes.testMail.subject', values),
        text: translate(language, 'systemRes.testMail.body', values),
      },
      server,
      { connection: 8_000, socket: 12_000 },
    );
  } catch (error) {
    throw refused('systemRes.server.testMailFailed', { reason: sendFailure(error) });
  }
  return { to };
}

// ------------------------------------------------------------------ eMsp

type Emsp = Record_ & Stored & { stationIds?: string[] };

/** The stored key of a partner's platform token (its `cpoTokenKey`): its SHA-256, never the token itself. */
export const emspTokenKey = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Every partner, kept ten seconds per instance: what a charger's status change reads to find the partners it
 * is pushed to (functions/ocpi). Forgotten at once by this instance's own changes to a partner.
 */
const partnersMemo = timedMemo<'all', (Record_ & Stored)[]>(10_000);
export const emspPartners = () => partnersMemo.get('all', () => emsp.repo.list(PLATFORM_TENANT));
export const forgetEmspPartners = () => partnersMemo.clear();

export const emsp: Resource = resource(emspResource, {
  afterWrite: async () => forgetEmspPartners(),
  check: async (record, _identity, current) => {
    // Bindings change only through the bind call; the country code and party id pair is unique.
    record.stationIds = (current?.stationIds as string[] | undefined) ?? [];
    record.bindFlag = (current?.bindFlag as number | undefined) ?? EMSP_FLAG.no;
    record.partyKey = `${String(record.countryCode)}*${String(record.partyId)}`;
    // The OCPI handshake's state is the server's (functions/ocpi); the platform token is found by its hash.
    record.registerFlag = (current?.registerFlag as number | undefined) ?? EMSP_FLAG.no;
    if (current?.ocpi) record.ocpi = current.ocpi;
    const token = typeof record.cpoToken === 'string' ? record.cpoToken : '';
    record.cpoTokenKey = token ? emspTokenKey(token) : undefined;
  },
  deleteGuard: async (record) =>
    ((record.stationIds as string[] | undefined) ?? []).length ? 'systemRes.server.emspBound' : undefined,
});

/** The ids of a partner's sites the caller may see (a company sees only its own). */
async function ownBound(identity: Identity, ids: string[]): Promise<string[]> {
  if (identity.scope === PLATFORM_TENANT) return ids;
  const found = await Promise.all(ids.map((id) => stationRecords.get(identity.scope, id)));
  return ids.filter((_, i) => found[i]);
}

/** A partner as the binding screen shows it to the caller: its own bound sites only, never the tokens. */
async function bindView(identity: Identity, entry: Emsp) {
  const mine = await ownBound(identity, entry.stationIds ?? []);
  return {
    id: entry.id,
    name: entry.name,
    countryCode: entry.countryCode,
    partyId: entry.partyId,
    enableFlag: entry.enableFlag,
    registerFlag: entry.registerFlag,
    bindFlag: mine.length ? EMSP_FLAG.yes : EMSP_FLAG.no,
    stationIds: mine,
    stationCount: mine.length,
    version: entry.version,
    createTime: entry.createTime,
  };
}

async function findEmsp(id: unknown): Promise<Emsp> {
  const entry = typeof id === 'string' && id ? await emsp.repo.get(PLATFORM_TENANT, id) : undefined;
  if (!entry) throw notFound();
  return entry as Emsp;
}

/** The partners with the caller's binding (the /emspBind screen); filter `name`. */
export async function bindEntries(identity: Identity, query: PageQuery & { name?: string }) {
  const name = query.name?.trim().toLowerCase() ?? '';
  const all = (await emsp.repo.list(PLATFORM_TENANT))
    .filter((e) => !name || String(e.name).toLowerCase().includes(name))
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  const page = paginate(all, { ...query, orderBy: undefined });
  return { ...page, records: await Promise.all(page.records.map((e) => bindView(identity, e as Emsp))) };
}

/** The caller's sites, each with whether it is bound to the partner. */
export async function bindList(identity: Identity, id: unknown, query: PageQuery) {
  const entry = await findEmsp(id);
  const bound = new Set(entry.stationIds ?? []);
  const all = (await stationRecords.list(identity.scope)).map((s) => ({
    id: s.id,
    name: s.name ?? s.stationName ?? s.id,
    bound: bound.has(s.id),
  }));
  return paginate(all, query);
}

/**
 * Sets the caller's sites bound to a partner (the whole set). A company changes only its own sites' binding;
 * other companies' bound sites stay. New sites cannot be bound to a disabled partner; unbinding always works.
 */
export async function bind(identity: Identity, input: z.infer<typeof emspBindSchema>) {
  const current = await findEmsp(input.id);
  if (current.version !== input.version) throw refused('server.staleUpdate');
  const requested = [...new Set(input.stationIds)];
  for (const id of requested)
    if (!(await stationRecords.get(identity.scope, id))) throw refused('server.stationNotFound');
  const existing = current.stationIds ?? [];
  const others = await Promise.all(
    existing.map(async (id) => {
      const station = await stationRecords.getAny(id);
      return station && !visible(identity.scope, station.tenant) ? id : undefined;
    }),
  );
  const added = requested.filter((id) => !existing.includes(id));
  if (added.length && current.enableFlag !== EMSP_FLAG.yes) throw refused('systemRes.server.emspDisabled');
  const stationIds = [...others.filter((id): id is string => id !== undefined), ...requested];
  const saved = await emsp.repo.update(current, {
    ...current,
    stationIds,
    bindFlag: stationIds.length ? EMSP_FLAG.yes : EMSP_FLAG.no,
  });
  forgetEmspPartners();
  return bindView(identity, saved as Emsp);
}

// ------------------------------------------------------------------ assets and vendors

export const asset: Resource = resource(assetResource, {
  deleteGuard: async (record) =>
    record.useFlag === USE_FLAG.used ? 'systemRes.server.assetInUse' : undefined,
});

export const vendor: Resource = resource(vendorResource);

export const systemResources: Resource[] = [pay, mail, emsp, asset, vendor];
