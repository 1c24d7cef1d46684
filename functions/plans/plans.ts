/**
 * Subscription plans (docs/product.md sections 3 and 7): the universal entries (the public Basic and Pro
 * prices per connector per month) and custom plans with a plan (order) number given to one company. Plans are
 * platform data (tenant `/`): the platform lists, adds and edits them (6911); a company sees the universal
 * entries and its own custom plans, nothing else whatever id it sends. A plan number is unique (a guard item
 * written in the same transaction as the plan).
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  FEATURE_PACKAGE,
  PLAN_TYPE,
  type planKey,
  type PlanListQuery,
  type PlanForm,
  type PlanView,
  type UniversalPlanEntry,
} from '@shared/schemas/subscription.ts';
import { daysLeft } from '@shared/subscription/pricing.ts';
import type { z } from 'zod';
import type { Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { badRequest, forbidden, notFound, refused } from '@functions/lib/errors.ts';
import type { UploadedFile } from '@functions/lib/multipart.ts';
import { newId, paginate, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { plans, type PlanRecord } from '@functions/data/plans.ts';
import { uniqueOwner } from '@functions/data/repository.ts';

/** Receipt PDFs: kept with the plan (the images bucket keeps files; exports expire after 30 days). */
export const RECEIPT_MAX_BYTES = 4 * 1024 * 1024;
export const receiptBucket = () => config.bucketName('images');
const RECEIPT_KEY = /^receipts\/[a-f0-9]{32}\.pdf$/;

export function planView(plan: PlanRecord & Stored, now = new Date()): PlanView & Stored {
  const expiredFlag = plan.expireTime && Date.parse(plan.expireTime) <= now.getTime() ? 1 : 0;
  return {
    ...plan,
    expiredFlag,
    ...(plan.expireTime ? { remainingDays: daysLeft(plan.expireTime, now) } : {}),
  };
}

/** What a caller may see: everything for the platform; universal entries and its own plans for a company. */
function canSee(identity: Identity, plan: PlanRecord): boolean {
  if (identity.platform) return true;
  return plan.planType === PLAN_TYPE.universal || plan.agentId === identity.operator?.id;
}

function platformOnly(identity: Identity) {
  if (!identity.platform) throw forbidden();
}

async function withCompanyNames(list: (PlanView & Stored)[]) {
  const names = new Map<string, string | undefined>();
  for (const id of new Set(list.map((p) => p.agentId).filter((a): a is string => !!a)))
    names.set(id, (await operators.getAny(id))?.operatorName);
  return list.map((p) => (p.agentId ? { ...p, agentName: names.get(p.agentId) } : p));
}

export async function listPlans(identity: Identity, q: PlanListQuery) {
  const planNo = q.planNo?.toLowerCase();
  const planName = q.planName?.toLowerCase();
  const found = (await plans.list(PLATFORM_TENANT))
    .filter((p) => canSee(identity, p))
    .filter(
      (p) =>
        (!planNo || p.planNo.toLowerCase().includes(planNo)) &&
        (!planName || p.planName.toLowerCase().includes(planName)) &&
        (q.planType === undefined || p.planType === q.planType) &&
        (q.featurePackageType === undefined || p.featurePackageType === q.featurePackageType) &&
        (!q.agentId || p.agentId === q.agentId),
    )
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  const page = paginate(found, q);
  return { ...page, records: await withCompanyNames(page.records.map((p) => planView(p))) };
}

export async function planInfo(identity: Identity, id: string | undefined) {
  const plan = id ? await plans.getAny(id) : undefined;
  if (!plan || !canSee(identity, plan)) throw notFound();
  return (await withCompanyNames([planView(plan)]))[0];
}

/** Rules beyond the form: a universal entry belongs to nobody; a custom plan's company must exist. */
async function checkPlan(form: PlanForm): Promise<PlanForm> {
  if (form.planType === PLAN_TYPE.universal) {
    if (form.agentId)
      throw badRequest('server.validation', { agentId: 'subscriptionRes.universalNoCompany' });
    // The counts of a universal entry are the customer's: the entry holds prices only.
    return { ...form, acConnectorNumber: 0, dcConnectorNumber: 0 };
  }
  if (form.agentId && !(await operators.getAny(form.agentId))) throw refused('server.companyNotFound');
  if (form.pdfUrl && !RECEIPT_KEY.test(form.pdfUrl))
    throw badRequest('server.validation', { pdfUrl: 'subscriptionRes.receiptKey' });
  return form;
}

export async function addPlan(identity: Identity, input: PlanForm) {
  platformOnly(identity);
  const form = await checkPlan(input);
  return planView(await plans.create({ ...form, id: newId(), usedFlag: 0 }, PLATFORM_TENANT));
}

export async function updatePlan(identity: Identity, key: z.infer<typeof planKey>, input: PlanForm) {
  platformOnly(identity);
  const form = await checkPlan(input);
  const current = await plans.mustGet(PLATFORM_TENANT, key.id);
  if (key.version !== undefined && key.version !== current.version) throw refused('server.staleUpdate');
  // A bought plan's figures are what its subscription was priced with: they no longer change.
  if (current.usedFlag === 1) throw refused('subscriptionRes.planUsed');
  const { usedFlag, subscribeId, expireTime } = current;
  return planView(
    await plans.update(current, { ...form, id: current.id, usedFlag, subscribeId, expireTime }),
  );
}

/** POST /admin/plan/universalList: index 0 Basic, index 1 Pro (the newest universal entry of each). */
export async function universalList(): Promise<UniversalPlanEntry[]> {
  const all = (await plans.list(PLATFORM_TENANT))
    .filter((p) => p.planType === PLAN_TYPE.universal)
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  const out: UniversalPlanEntry[] = [];
  for (const type of [FEATURE_PACKAGE.basic, FEATURE_PACKAGE.pro]) {
    const p = all.find((x) => x.featurePackageType === type);
    if (!p) throw refused('subscriptionRes.noUniversalPlan');
    out.push({
      id: p.id,
      featurePackageType: type,
      acConnectorPrice: p.acConnectorPrice,
      dcConnectorPrice: type === FEATURE_PACKAGE.basic ? '0.00' : p.dcConnectorPrice,
      acTransactionFee: p.acTransactionFee,
      dcTransactionFee: p.dcTransactionFee,
      validDays: p.validDays,
    });
  }
  return out;
}

/** The custom plan with this number, when the company may buy it. */
export async function planByNumber(planNo: string): Promise<(PlanRecord & Stored) | undefined> {
  const id = await uniqueOwner('planNo', planNo);
  return id ? plans.getAny(id) : undefined;
}

/** POST /admin/plan/upload: one PDF receipt of the form's files (6911); answers its key, the plan's pdfUrl. */
export async function uploadReceipt(identity: Identity, files: UploadedFile[]) {
  platformOnly(identity);
  const file = files.find((f) => f.field === 'file') ?? (files.length === 1 ? files[0] : undefined);
  if (!file || file.body.length === 0) throw refused('subscriptionRes.receiptRequired');
  if (file.body.length > RECEIPT_MAX_BYTES)
    throw refused('subscriptionRes.receiptTooLarge', { max: RECEIPT_MAX_BYTES / 1024 / 1024 });
  // Recognised by content, not by the declared type alone: a PDF starts with "%PDF-".
  const declared = file.contentType.split(';')[0]!.trim().toLowerCase();
  if (declared !== 'application/pdf' || !file.body.subarray(0, 5).equals(Buffer.from('%PDF-')))
    throw refused('subscriptionRes.receiptType');
  const key = `receipts/${newId()}.pdf`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: receiptBucket(),
      Key: key,
      Body: file.body,
      ContentType: 'application/pdf',
    }),
  );
  return { key, pdfUrl: key, fileName: file.fileName };
}

/** POST /admin/plan/receipt?id=: the receipt PDF of a plan the caller may see, and the name it is shown as. */
export async function planReceipt(identity: Identity, id: string | undefined) {
  const plan = id ? await plans.getAny(id) : undefined;
  if (!plan || !canSee(identity, plan) || !plan.pdfUrl || !RECEIPT_KEY.test(plan.pdfUrl)) throw notFound();
  const object = await s3Client()
    .send(new GetObjectCommand({ Bucket: receiptBucket(), Key: plan.pdfUrl }))
    .catch(() => undefined);
  if (!object?.Body) throw notFound();
  const bytes = Buffer.from(await object.Body.transformToByteArray());
  return { bytes, fileName: `${plan.planNo.replace(/[^\w.-]/g, '_')}.pdf` };
}

/** Marks a custom plan bought (by the activation): its figures are fixed from then on. */
export async function markPlanUsed(planId: string, subscribeId: string, expireTime: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const plan = await plans.getAny(planId);
    if (!plan || plan.planType !== PLAN_TYPE.custom) return;
    if (plan.usedFlag === 1 && plan.subscribeId === subscribeId && plan.expireTime === expireTime) return;
    try {
      await plans.update(plan, { ...plan, usedFlag: 1, subscribeId, expireTime });
      return;
    } catch {
      // A concurrent edit: read again.
    }
  }
}
