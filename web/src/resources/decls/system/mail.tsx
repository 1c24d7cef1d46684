/**
 * Mail servers (/mail): the SMTP servers companies send through. The password is write-only; a row action
 * sends a real test mail through the stored server and shows the server's reason when it fails. The company
 * form's picker reads the same list (id, name, userName).
 */
import { API } from '@shared/api/paths.ts';
import { requiredEmail } from '@shared/resources/system/fields.ts';
import { mailResource, mailSchema, SSL_FLAG } from '@shared/resources/system/mail.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { FieldsForm, ResourceDecl } from '@web/resources/types.ts';
import { z } from 'zod';
import { flagSwitch, secretColumn, secretField, updateSchemaOf, YES_NO_OPTIONS } from './common.ts';

const { permissions } = mailResource;

/** Sends a test mail to one recipient through the row's server. */
const testMailForm: FieldsForm = {
  title: (row) => ({ message: 'systemRes.mail.testTitle', values: { name: String(row.name ?? '') } }),
  intro: () => ({ message: 'systemRes.mail.testHelp' }),
  fields: [{ name: 'to', label: 'systemRes.mail.to', kind: 'text', required: true }],
  schema: z.object({ to: requiredEmail }),
  url: API.admin.mail.testMail,
  query: (row) => ({ id: String(row.id) }),
  submitLabel: 'systemRes.mail.send',
  done: (_, body) => ({ message: 'systemRes.mail.sent', values: { to: body.to } }),
  scope: 'mailTest',
};

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
      form: testMailForm,
    },
  ],
  exportable: true,
};
