/**
 * Subscription seed (docs/decisions/290-subscription-plans.md). Always: the two universal plan entries (index
 * 0 Basic, index 1 Pro), without which the wizard cannot price anything. Demo: "New Company", a company that
 * has not subscribed yet (subStatus 0) with its administrator `newco` (the wizard shows at login), and a
 * custom plan for it with the order number DEMO-ORDER-001 and a receipt PDF (mode 2 then pays off without a
 * card). Local demo data only: the password is published in the README.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { LOCK_FLAG, SUB_STATUS } from '@shared/schemas/admin.ts';
import { FEATURE_PACKAGE, PLAN_TYPE, UNIVERSAL_VALID_DAYS } from '@shared/schemas/subscription.ts';
import { operators } from '@functions/data/operators.ts';
import { users } from '@functions/data/users.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { hashSeedSecret } from '@functions/lib/password.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { plans, type PlanRecord } from '@functions/data/plans.ts';
import { receiptBucket } from '@functions/plans/plans.ts';
import { SEED_ROLE } from './identity.ts';
import type { SeedStep } from './index.ts';

export const SEED_PLAN = {
  basic: 'plan-universal-basic',
  pro: 'plan-universal-pro',
  demoCustom: 'plan-demo-order-001',
} as const;

export const NEWCO = {
  agentId: 'demo-newco',
  userId: 'user-newco',
  username: 'newco',
  password: 'Newco12345',
  planNo: 'DEMO-ORDER-001',
} as const;

/** Monthly prices per connector (USD) and the platform's transaction fee percent of each package. */
const universal: PlanRecord[] = [
  {
    id: SEED_PLAN.basic,
    planNo: 'UNIVERSAL-BASIC',
    planName: 'Basic',
    planType: PLAN_TYPE.universal,
    featurePackageType: FEATURE_PACKAGE.basic,
    acConnectorNumber: 0,
    dcConnectorNumber: 0,
    acConnectorPrice: '3.00',
    dcConnectorPrice: '0.00',
    acTransactionFee: '1.50',
    dcTransactionFee: '0.00',
    validDays: UNIVERSAL_VALID_DAYS,
    usedFlag: 0,
  },
  {
    id: SEED_PLAN.pro,
    planNo: 'UNIVERSAL-PRO',
    planName: 'Pro',
    planType: PLAN_TYPE.universal,
    featurePackageType: FEATURE_PACKAGE.pro,
    acConnectorNumber: 0,
    dcConnectorNumber: 0,
    acConnectorPrice: '5.00',
    dcConnectorPrice: '15.00',
    acTransactionFee: '1.00',
    dcTransactionFee: '1.00',
    validDays: UNIVERSAL_VALID_DAYS,
    usedFlag: 0,
  },
];

export const subscriptionCatalogue: SeedStep = {
  id: 'subscription-plans',
  always: true,
  async run() {
    for (const plan of universal)
      if (!(await plans.getAny(plan.id))) await plans.create(plan, PLATFORM_TENANT);
  },
  describe: () => [],
};

/** A one-page PDF standing in for the bank transfer receipt of the demo order. */
const RECEIPT_KEY = 'receipts/0000000000000000000000000000d001.pdf';
const RECEIPT_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

export const demoSubscription: SeedStep = {
  id: 'subscription-demo',
  always: false,
  async run() {
    const path = `/${NEWCO.agentId}/`;
    if (!(await operators.getAny(NEWCO.agentId)))
      await operators.create(
        {
          id: NEWCO.agentId,
          path,
          operatorName: 'New Company',
          currency: 'USD',
          contactMail: 'admin@newco.local',
          contactPerson: 'New Admin',
          subStatus: SUB_STATUS.notSubscribed,
        },
        path,
      );
    if (!(await users.getAny(NEWCO.userId)))
      await users.create(
        {
          userId: NEWCO.userId,
          username: NEWCO.username,
          passwordHash: await hashSeedSecret(NEWCO.password),
          role: [SEED_ROLE.operatorAdmin],
          agentId: NEWCO.agentId,
          lockFlag: LOCK_FLAG.normal,
          kind: 'user',
        },
        path,
      );
    await s3Client().send(
      new PutObjectCommand({
        Bucket: receiptBucket(),
        Key: RECEIPT_KEY,
        Body: Buffer.from(RECEIPT_PDF),
        ContentType: 'application/pdf',
      }),
    );
    if (!(await plans.getAny(SEED_PLAN.demoCustom)))
      await plans.create(
        {
          id: SEED_PLAN.demoCustom,
          planNo: NEWCO.planNo,
          planName: 'New Company Pro, paid by transfer',
          planType: PLAN_TYPE.custom,
          featurePackageType: FEATURE_PACKAGE.pro,
          acConnectorNumber: 10,
          dcConnectorNumber: 2,
          acConnectorPrice: '4.50',
          dcConnectorPrice: '13.50',
          acTransactionFee: '1.00',
          dcTransactionFee: '1.00',
          validDays: UNIVERSAL_VALID_DAYS,
          agentId: NEWCO.agentId,
          pdfUrl: RECEIPT_KEY,
          usedFlag: 0,
        },
        PLATFORM_TENANT,
      );
  },
  describe: () => [
    `Company awaiting a subscription: ${NEWCO.username} / ${NEWCO.password} (order number ${NEWCO.planNo})`,
  ],
};
