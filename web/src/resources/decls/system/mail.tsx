/**
 * Mail servers (/mail): the SMTP servers companies send through. The password is write-only; a row action
 * sends a real test mail through the stored server and shows the server's reason when it fails. The company
 * form's picker reads the same list (id, name, userName).
 */
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { requiredEmail } from '@shared/resources/system/fields.ts';
import { mailResource, mailSchema, SSL_FLAG } from '@shared/resources/system/mail.ts';
import { call } from '@web/lib/api.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { ResourceDecl, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { validate } from '@web/resources/values.ts';
import { useState } from 'react';
import { z } from 'zod';
import { flagSwitch, secretColumn, secretField, updateSchemaOf, YES_NO_OPTIONS } from './common.ts';

const { permissions } = mailResource;

const testMailForm = z.object({ to: requiredEmail });

/** Sends a test mail to one recipient through the row's server. */
export function TestMailDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  const { busy, failure, run } = useSubmit();

  const submit = async () => {
    const checked = validate(testMailForm, { to });
    if (!checked.ok) return setError(checked.errors.to ?? 'admin.common.invalid');
    setError('');
    await run(async () => {
      await call('/admin/mail/testMail', checked.data, { id: String(row.id) });
      onDone(tr('systemRes.mail.sent', { to: checked.data.to }));
    });
  };

  return (
    <ActionDialog
      title={tr('systemRes.mail.testTitle', { name: String(row.name ?? '') })}
      submitLabel={tr('systemRes.mail.send')}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text color="fg.muted">{tr('systemRes.mail.testHelp')}</Text>
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            {tr('systemRes.mail.to')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          {error ? <Field.ErrorText>{tr(error)}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}

export const mailDecl: ResourceDecl = {
  ...fromResource(mailResource, { detail: true }),
  title: 'systemRes.mail.title',
  nameField: 'name',
  schemas: { create: mailSchema, update: updateSchemaOf(mailSchema) },
  columns: [
    { key: 'name', label: 'systemRes.mail.name', sortable: true },
    { key: 'host', label: 'systemRes.mail.host', sortable: true },
    { key: 'port', label: 'systemRes.mail.port', kind: 'number', sortable: true },
    { key: 'sslFlag', label: 'systemRes.mail.sslFlag', kind: 'enum', options: YES_NO_OPTIONS },
    { key: 'userName', label: 'systemRes.mail.userName', sortable: true },
    { key: 'fromAddress', label: 'systemRes.mail.fromAddress' },
    secretColumn('password', 'systemRes.mail.password', true),
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'systemRes.mail.name', kind: 'text' },
    { name: 'host', label: 'systemRes.mail.host', kind: 'text' },
    { name: 'userName', label: 'systemRes.mail.userName', kind: 'text' },
  ],
  fields: [
    { name: 'name', label: 'systemRes.mail.name', kind: 'text', required: true },
    { name: 'host', label: 'systemRes.mail.host', kind: 'text', required: true },
    { name: 'port', label: 'systemRes.mail.port', kind: 'number', required: true },
    flagSwitch('sslFlag', 'systemRes.mail.sslFlag', 'systemRes.mail.sslHelp'),
    { name: 'userName', label: 'systemRes.mail.userName', kind: 'text', required: true },
    secretField('password', 'systemRes.mail.password'),
    { name: 'fromAddress', label: 'systemRes.mail.fromAddress', kind: 'text', required: true },
  ],
  defaults: { port: 587, sslFlag: SSL_FLAG.off },
  detail: [
    { key: 'name', label: 'systemRes.mail.name' },
    { key: 'host', label: 'systemRes.mail.host' },
    { key: 'port', label: 'systemRes.mail.port', kind: 'number' },
    { key: 'sslFlag', label: 'systemRes.mail.sslFlag', kind: 'enum', options: YES_NO_OPTIONS },
    { key: 'userName', label: 'systemRes.mail.userName' },
    secretColumn('password', 'systemRes.mail.password'),
    { key: 'fromAddress', label: 'systemRes.mail.fromAddress' },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'testMail',
      label: () => 'systemRes.mail.testMail',
      permission: permissions.edit,
      dialog: TestMailDialog,
    },
  ],
  exportable: true,
};
