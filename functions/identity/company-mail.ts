/**
 * The mail server a company's mail goes out through (docs/decisions/130-company-mail-server.md): the /mail
 * record the company itself is bound to (its `mailId`), else the one of the nearest company above it, else the
 * platform's (SMTP_* settings). A `mailId` whose record is gone is passed over (logged).
 */
import { SSL_FLAG } from '@shared/resources/system/mail.ts';
import { operators } from '@functions/data/operators.ts';
import { logger } from '@functions/lib/logger.ts';
import { platformMailServer, type MailServer } from '@functions/lib/mail.ts';
import { mailServerRecords } from '@functions/data/mail-servers.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored /mail record (platform-owned; read here only to send through it) as a server to send through. */
export async function storedMailServer(id: string): Promise<MailServer | undefined> {
  const record = await mailServerRecords.getAny(id);
  if (!record || !text(record.host)) return undefined;
  return {
    source: record.id,
    host: text(record.host),
    port: Number(record.port),
    secure: record.sslFlag === SSL_FLAG.on,
    user: text(record.userName) || undefined,
    pass: text(record.password) || undefined,
    from: text(record.fromAddress),
  };
}

/**
 * The server for mail sent for the company whose path is `tenant` (`/A/A1/`): its own, a parent's, or the
 * platform's; undefined when none of them has one.
 */
export async function companyMailServer(tenant: string): Promise<MailServer | undefined> {
  const nearestFirst = tenant.split('/').filter(Boolean).reverse();
  for (const companyId of nearestFirst) {
    const company = await operators.getAny(companyId);
    if (!company?.mailId) continue;
    const server = await storedMailServer(company.mailId);
    if (server) return server;
    logger.warn('Company mail server missing; trying the next', { companyId, mailServer: company.mailId });
  }
  return platformMailServer();
}
