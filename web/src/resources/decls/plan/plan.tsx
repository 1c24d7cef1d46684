/**
 * Subscription plans (/plan; docs/product.md sections 3 and 7): one declaration for everyone. The platform
 * (6911) lists, adds and edits plans — the two universal entries (Basic and Pro prices per connector per
 * month) and custom plans with a plan (order) number for one company — and uploads a custom plan's receipt
 * PDF (POST /admin/plan/upload, form data; the answer's key becomes the plan's pdfUrl). A company sees the
 * universal entries and its own custom plans. /planDetail/{id}/{name} shows one plan's facts.
 */
import { API, recordPaths } from '@shared/api/paths.ts';
import { FileField } from '@web/components/ui/file-field.tsx';
import { Button, Stack, Text } from '@chakra-ui/react';
import { FEATURE_PACKAGE, PLAN_TYPE, planForm } from '@shared/schemas/subscription.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { companySource, createTimeColumn } from '@web/resources/decls/common.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { Column, EnumOption, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { z } from 'zod';
import { CODE } from '@shared/permissions/menus.ts';

const P = 'planRes';

/** The plan codes: 6910 the page and its list, 6911 add, edit and upload (platform only). */
export const PLAN_CODE = { view: CODE.plans, edit: CODE.planEdit } as const;

export const PLAN_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: PLAN_TYPE.universal, label: `${P}.planTypes.universal`, tone: 'info' },
  { value: PLAN_TYPE.custom, label: `${P}.planTypes.custom`, tone: 'neutral' },
];

export const PACKAGE_OPTIONS: readonly EnumOption[] = [
  { value: FEATURE_PACKAGE.basic, label: 'subsWizard.packages.basic.name', tone: 'neutral' },
  { value: FEATURE_PACKAGE.pro, label: 'subsWizard.packages.pro.name', tone: 'success' },
];

export const FLAG_OPTIONS = {
  used: [
    { value: 0, label: `${P}.unused`, tone: 'neutral' },
    { value: 1, label: `${P}.used`, tone: 'info' },
  ],
  expired: [
    { value: 0, label: `${P}.notExpired`, tone: 'success' },
    { value: 1, label: `${P}.expired`, tone: 'danger' },
  ],
} satisfies Record<string, readonly EnumOption[]>;

/** The fields a plan is made of (planForm is strict: nothing else may go with them). */
const PLAN_KEYS = [
  'planNo',
  'planName',
  'planType',
  'featurePackageType',
  'acConnectorNumber',
  'dcConnectorNumber',
  'acConnectorPrice',
  'dcConnectorPrice',
  'acTransactionFee',
  'dcTransactionFee',
  'validDays',
  'agentId',
  'pdfUrl',
  'remark',
] as const;

export function planFields(row: Row): Row {
  return Object.fromEntries(PLAN_KEYS.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
}

/** Update: the plan's fields (the same rules as add) with its id and the version read. */
const planUpdate = planForm.extend({
  id: z.string().min(1),
  version: z.coerce.number().int().optional(),
});

const money = (key: string) => (row: Row) => (row[key] === undefined ? '' : `$${String(row[key])}`);
const percent = (key: string) => (row: Row) => (row[key] === undefined ? '' : `${String(row[key])}%`);

export const planDetailPath = (row: Row) =>
  `/planDetail/${encodeURIComponent(String(row.id))}/${encodeURIComponent(String(row.planName ?? row.planNo ?? ''))}`;

/** Opens the receipt PDF of a plan (POST /admin/plan/receipt?id=). */
function ReceiptCell({ row }: { row: Row }) {
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  if (!row.pdfUrl) return <Text color="fg.muted">-</Text>;
  return (
    <Button
      size="xs"
      variant="outline"
      loading={busy}
      aria-label={tr(`${P}.downloadReceiptOf`, { name: String(row.planNo ?? '') })}
      onClick={() => {
        setBusy(true);
        downloadFile(API.admin.plan.receipt, `${String(row.planNo ?? 'receipt')}.pdf`, undefined, {
          id: String(row.id),
        })
          .catch(() => showMessage('error', tr('admin.common.getError')))
          .finally(() => setBusy(false));
      }}
    >
      {tr(`${P}.downloadReceipt`)}
    </Button>
  );
}

export const planColumns: readonly Column[] = [
  { key: 'planNo', label: `${P}.planNo` },
  { key: 'planName', label: `${P}.planName` },
  { key: 'planType', label: `${P}.planType`, kind: 'enum', options: PLAN_TYPE_OPTIONS },
  { key: 'featurePackageType', label: `${P}.featurePackageType`, kind: 'enum', options: PACKAGE_OPTIONS },
  { key: 'agentName', label: `${P}.company` },
  { key: 'acConnectorNumber', label: `${P}.acConnectorNumber`, kind: 'number' },
  { key: 'dcConnectorNumber', label: `${P}.dcConnectorNumber`, kind: 'number' },
  { key: 'acConnectorPrice', label: `${P}.acConnectorPrice`, render: money('acConnectorPrice') },
  { key: 'dcConnectorPrice', label: `${P}.dcConnectorPrice`, render: money('dcConnectorPrice') },
  { key: 'acTransactionFee', label: `${P}.acTransactionFee`, render: percent('acTransactionFee') },
  { key: 'dcTransactionFee', label: `${P}.dcTransactionFee`, render: percent('dcTransactionFee') },
  { key: 'validDays', label: `${P}.validDays`, kind: 'number' },
  { key: 'usedFlag', label: `${P}.usedFlag`, kind: 'enum', options: FLAG_OPTIONS.used },
  { key: 'expiredFlag', label: `${P}.expiredFlag`, kind: 'enum', options: FLAG_OPTIONS.expired },
  { key: 'expireTime', label: `${P}.expireTime`, kind: 'date' },
  { key: 'remainingDays', label: `${P}.remainingDays`, kind: 'number' },
  { key: 'pdfUrl', label: `${P}.receipt`, render: (row) => <ReceiptCell row={row} /> },
];

/** Uploads a custom plan's receipt PDF, then stores its key as the plan's pdfUrl. */
export function ReceiptDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const { busy, failure, run } = useSubmit();

  const submit = async () => {
    if (!file || file.size === 0) return setError(tr(`${P}.receiptRequired`));
    if (!file.name.toLowerCase().endsWith('.pdf') && file.type !== 'application/pdf')
      return setError(tr(`${P}.receiptType`));
    setError('');
    const form = new FormData();
    form.set('file', file, file.name);
    await run(async () => {
      const uploaded = await call<{ pdfUrl?: string; key?: string }>(API.admin.plan.upload, form);
      const pdfUrl = uploaded?.pdfUrl ?? uploaded?.key;
      await call(API.admin.plan.update, {
        ...planFields(row),
        pdfUrl,
        id: row.id,
        ...(row.version !== undefined ? { version: row.version } : {}),
      });
      onDone(tr(`${P}.receiptUploaded`));
    });
  };

  return (
    <ActionDialog
      title={tr(`${P}.uploadTitle`, { name: String(row.planNo ?? '') })}
      submitLabel={tr(`${P}.upload`)}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text color="fg.muted">{tr(`${P}.receiptHelp`)}</Text>
        <FileField
          label={tr(`${P}.receiptFile`)}
          accept=".pdf,application/pdf"
          error={error}
          onChange={(f) => {
            setFile(f);
            setError('');
          }}
        />
      </Stack>
    </ActionDialog>
  );
}

const isCustom = (values: Row) => String(values.planType) === String(PLAN_TYPE.custom);

export const planDecl: ResourceDecl = {
  id: 'plan',
  title: `${P}.title`,
  api: { ...recordPaths(API.admin.plan), idParam: 'id' },
  idField: 'id',
  nameField: 'planName',
  permissions: { view: PLAN_CODE.view, add: PLAN_CODE.edit, edit: PLAN_CODE.edit, detail: PLAN_CODE.view },
  schemas: { create: planForm, update: planUpdate },
  columns: [...planColumns, { ...createTimeColumn, hidden: true }],
  filters: [
    { name: 'planNo', label: `${P}.planNo`, kind: 'text' },
    { name: 'planName', label: `${P}.planName`, kind: 'text' },
    { name: 'planType', label: `${P}.planType`, kind: 'select', options: PLAN_TYPE_OPTIONS },
    {
      name: 'featurePackageType',
      label: `${P}.featurePackageType`,
      kind: 'select',
      options: PACKAGE_OPTIONS,
    },
  ],
  fields: [
    { name: 'planNo', label: `${P}.planNo`, kind: 'text', required: true },
    { name: 'planName', label: `${P}.planName`, kind: 'text', required: true },
    { name: 'planType', label: `${P}.planType`, kind: 'select', required: true, options: PLAN_TYPE_OPTIONS },
    {
      name: 'featurePackageType',
      label: `${P}.featurePackageType`,
      kind: 'select',
      required: true,
      options: PACKAGE_OPTIONS,
    },
    {
      name: 'agentId',
      label: `${P}.company`,
      kind: 'remote',
      remote: { ...companySource, currentLabel: 'agentName' },
      help: `${P}.companyHelp`,
      when: isCustom,
    },
    {
      name: 'acConnectorNumber',
      label: `${P}.acConnectorNumber`,
      kind: 'number',
      required: true,
      when: isCustom,
    },
    {
      name: 'dcConnectorNumber',
      label: `${P}.dcConnectorNumber`,
      kind: 'number',
      required: true,
      when: isCustom,
    },
    {
      name: 'acConnectorPrice',
      label: `${P}.acConnectorPrice`,
      kind: 'text',
      required: true,
      help: `${P}.priceHelp`,
    },
    {
      name: 'dcConnectorPrice',
      label: `${P}.dcConnectorPrice`,
      kind: 'text',
      required: true,
      help: `${P}.priceHelp`,
    },
    { name: 'acTransactionFee', label: `${P}.acTransactionFee`, kind: 'text', required: true },
    { name: 'dcTransactionFee', label: `${P}.dcTransactionFee`, kind: 'text', required: true },
    { name: 'validDays', label: `${P}.validDays`, kind: 'number', required: true },
    { name: 'remark', label: `${P}.remark`, kind: 'textarea' },
  ],
  defaults: {
    planType: PLAN_TYPE.custom,
    featurePackageType: FEATURE_PACKAGE.basic,
    acConnectorNumber: 0,
    dcConnectorNumber: 0,
    acConnectorPrice: '0.00',
    dcConnectorPrice: '0.00',
    acTransactionFee: '0',
    dcTransactionFee: '0',
    validDays: 360,
  },
  // A universal entry holds prices only; the fields a switch hid go with their defaults.
  beforeValidate: (body) => {
    const plan = planFields(body);
    if (String(plan.planType) === String(PLAN_TYPE.universal)) {
      plan.acConnectorNumber = 0;
      plan.dcConnectorNumber = 0;
      delete plan.agentId;
    }
    if (plan.agentId === '') delete plan.agentId;
    return {
      ...plan,
      ...(body.id !== undefined ? { id: body.id } : {}),
      ...(body.version !== undefined ? { version: body.version } : {}),
    };
  },
  detail: [...planColumns, { key: 'remark', label: `${P}.remark` }, createTimeColumn],
  canChange: (row) => Number(row.usedFlag) !== 1,
  actions: [
    {
      key: 'page',
      label: () => `${P}.openDetail`,
      permission: PLAN_CODE.view,
      run: (row, ctx) => ctx.navigate(planDetailPath(row)),
    },
    {
      key: 'receipt',
      label: (row) => (row.pdfUrl ? `${P}.replaceReceipt` : `${P}.uploadReceipt`),
      permission: PLAN_CODE.edit,
      visible: (row) => Number(row.planType) === PLAN_TYPE.custom && Number(row.usedFlag) !== 1,
      dialog: ReceiptDialog,
    },
  ],
};
