/**
 * Mail servers (docs/product.md section 3): the SMTP server a company's mail goes out through. The password
 * is write-only; `/admin/mail/testMail` sends a real test mail through a stored server.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { flag, requiredEmail, requiredNumber, secret } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** sslFlag: 0 plain (STARTTLS when the server offers it), 1 TLS from the start (usually port 465). */
export const SSL_FLAG = { off: 0, on: 1 } as const;

export const mailSchema = z
  .object({
    name: requiredText(64),
    host: requiredText(255).regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'systemRes.validation.host' }),
    port: requiredNumber('systemRes.validation.port', (n) => Number.isInteger(n) && n >= 1 && n <= 65535),
    sslFlag: flag(SSL_FLAG.off),
    userName: requiredText(128),
    password: secret(255),
    fromAddress: requiredEmail,
  })
  .strict();

export const mailResource = defineResource({
  module: 'admin',
  name: 'mail',
  type: 'MAIL',
  label: 'systemRes.names.mail',
  tenancy: 'platform',
  permissions: {
    view: CODE.mailServers,
    add: CODE.mailServerEdit,
    edit: CODE.mailServerEdit,
    del: CODE.mailServerEdit,
  },
  schema: mailSchema,
  // The company form's picker searches by name (docs/product.md section 7).
  filters: { name: 'contains', host: 'contains', userName: 'contains' },
  sortable: ['name', 'host', 'port', 'userName'],
  views: [{ sort: 'createTime' }],
  secrets: ['password'],
});
