/**
 * Payment channels (/pay): the provider account a company is paid through. The API key and maps key are
 * write-only; the push certificate is uploaded from a row action and is never shown or downloadable (only its
 * file name is). The company form's picker reads the same list (id, payUuid, payName).
 */
import { API } from '@shared/api/paths.ts';
import { FileField } from '@web/components/ui/file-field.tsx';
import { Stack, Text } from '@chakra-ui/react';
import { AUTO_REFUND, CERTIFICATE, payResource, paySchema } from '@shared/resources/system/pay.ts';
import { call } from '@web/lib/api.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { EnumOption, ResourceDecl, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { secretColumn, secretField, updateSchemaOf } from './common.ts';

const { permissions } = payResource;

export const AUTO_REFUND_OPTIONS: readonly EnumOption[] = [
  { value: AUTO_REFUND.manual, label: 'systemRes.pay.manual', tone: 'neutral' },
  { value: AUTO_REFUND.auto, label: 'systemRes.pay.auto', tone: 'info' },
];

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** Checks the server repeats: a file, not too big, of a certificate type. */
export function certificateProblem(file: File | null): string | null {
  if (!file || file.size === 0) return 'systemRes.server.certificateRequired';
  if (file.size > CERTIFICATE.maxBytes) return 'systemRes.server.certificateTooLarge';
  if (!(CERTIFICATE.extensions as readonly string[]).includes(extensionOf(file.name)))
    return 'systemRes.server.certificateType';
  return null;
}

/** Uploads (or replaces) a channel's push certificate as form data: `id` and `file`. */
export function CertificateDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const { busy, failure, run } = useSubmit();

  const submit = async () => {
    const problem = certificateProblem(file);
    if (problem) return setError(tr(problem, { max: CERTIFICATE.maxBytes / 1024 }));
    setError('');
    const form = new FormData();
    form.set('id', String(row.id));
    form.set('file', file!, file!.name);
    await run(async () => {
      await call(API.admin.pay.upload, form);
      onDone(tr('systemRes.pay.uploaded'));
    });
  };

  const current = typeof row.certificateName === 'string' && row.certificateName ? row.certificateName : '';
  return (
    <ActionDialog
      title={tr('systemRes.pay.uploadTitle', { name: String(row.payName ?? '') })}
      submitLabel={tr('systemRes.pay.send')}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text color="fg.muted">
          {current
            ? tr('systemRes.pay.currentCertificate', { name: current })
            : tr('systemRes.pay.noCertificate')}
        </Text>
        <FileField
          label={tr('systemRes.pay.chooseFile')}
          accept={CERTIFICATE.extensions.map((e) => `.${e}`).join(',')}
          help={tr('systemRes.pay.uploadHelp')}
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

export const payDecl: ResourceDecl = {
  ...fromResource(payResource, { detail: true }),
  title: 'systemRes.pay.title',
  nameField: 'payName',
  schemas: { create: paySchema, update: updateSchemaOf(paySchema) },
  columns: [
    { key: 'payName', label: 'systemRes.pay.payName', sortable: true },
    { key: 'payUuid', label: 'systemRes.pay.payUuid', sortable: true },
    {
      key: 'autoRefundFlag',
      label: 'systemRes.pay.autoRefundFlag',
      kind: 'enum',
      options: AUTO_REFUND_OPTIONS,
      sortable: true,
    },
    { key: 'notifyUrl', label: 'systemRes.pay.notifyUrl', hidden: true },
    secretColumn('apiKey', 'systemRes.pay.apiKey'),
    secretColumn('mapsKey', 'systemRes.pay.mapsKey', true),
    { key: 'certificateName', label: 'systemRes.pay.certificate' },
    createTimeColumn,
  ],
  filters: [
    { name: 'payName', label: 'systemRes.pay.payName', kind: 'text' },
    { name: 'payUuid', label: 'systemRes.pay.payUuid', kind: 'text' },
    {
      name: 'autoRefundFlag',
      label: 'systemRes.pay.autoRefundFlag',
      kind: 'select',
      options: AUTO_REFUND_OPTIONS,
    },
  ],
  fields: [
    { name: 'payName', label: 'systemRes.pay.payName', kind: 'text', required: true },
    { name: 'payUuid', label: 'systemRes.pay.payUuid', kind: 'text', required: true },
    secretField('apiKey', 'systemRes.pay.apiKey'),
    { name: 'notifyUrl', label: 'systemRes.pay.notifyUrl', kind: 'text' },
    {
      name: 'autoRefundFlag',
      label: 'systemRes.pay.autoRefundFlag',
      kind: 'select',
      required: true,
      options: AUTO_REFUND_OPTIONS,
    },
    secretField('mapsKey', 'systemRes.pay.mapsKey'),
  ],
  defaults: { autoRefundFlag: AUTO_REFUND.manual },
  detail: [
    { key: 'payName', label: 'systemRes.pay.payName' },
    { key: 'payUuid', label: 'systemRes.pay.payUuid' },
    { key: 'notifyUrl', label: 'systemRes.pay.notifyUrl' },
    {
      key: 'autoRefundFlag',
      label: 'systemRes.pay.autoRefundFlag',
      kind: 'enum',
      options: AUTO_REFUND_OPTIONS,
    },
    secretColumn('apiKey', 'systemRes.pay.apiKey'),
    secretColumn('mapsKey', 'systemRes.pay.mapsKey'),
    { key: 'certificateName', label: 'systemRes.pay.certificateName' },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'certificate',
      label: () => 'systemRes.pay.upload',
      permission: permissions.edit,
      dialog: CertificateDialog,
    },
  ],
  exportable: true,
};
