/**
 * The product's outgoing mail (alarm mail, test mail). A message goes out through one SMTP server: a
 * company's own (a /mail record, chosen as functions/identity/company-mail.ts and docs/decisions/130 say) or the
 * platform's, from the environment. Locally the runtime points SMTP_HOST/SMTP_PORT at its SMTP sink
 * (infra/local/smtp.ts: plain SMTP, no TLS, mail lands as .eml files in `<dataDir>/mail/`). Elsewhere set
 * SMTP_HOST, SMTP_PORT, and SMTP_USER/SMTP_PASS and SMTP_SECURE=true (implicit TLS) as the server needs
 * (Amazon SES's SMTP interface, for instance); STARTTLS is used when the server offers it. MAIL_FROM is the
 * sender. Without SMTP_HOST the platform sends nothing.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

/** One SMTP server and the sender it sends as. `pass` never leaves the process (no log, no answer). */
export interface MailServer {
  /** Where it comes from: `platform`, or the /mail record's id. */
  source: string;
  host: string;
  port: number;
  /** Implicit TLS from the start (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export const mailFrom = () => process.env.MAIL_FROM || 'EV Charging Console <alarms@ev-console.local>';

/** Whether the platform's mail server is configured. */
export const mailConfigured = () => Boolean(process.env.SMTP_HOST);

/** The platform's mail server from the environment; undefined without SMTP_HOST. */
export function platformMailServer(): MailServer | undefined {
  const host = process.env.SMTP_HOST;
  if (!host) return undefined;
  return {
    source: 'platform',
    host,
    port: Number(process.env.SMTP_PORT || 25),
    secure: process.env.SMTP_SECURE === 'true',
    user: process.env.SMTP_USER || undefined,
    pass: process.env.SMTP_PASS || undefined,
    from: mailFrom(),
  };
}

/** What a log line may say of a server: never its password or user. */
export const describeServer = (server: MailServer) => ({
  mailServer: server.source,
  host: server.host,
  port: server.port,
});

/**
 * Sends one message through `server` (the platform's when not given); false when there is no server or
 * nobody to send to. Failures throw (the caller decides). `timeouts` bounds a dead server: callers run inside
 * a request or a charger's message.
 */
export async function sendMail(
  message: MailMessage,
  server: MailServer | undefined = platformMailServer(),
  timeouts = { connection: 5_000, socket: 10_000 },
): Promise<boolean> {
  if (!server || message.to.length === 0) return false;
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.user && server.pass ? { user: server.user, pass: server.pass } : undefined,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.connection,
    socketTimeout: timeouts.socket,
  });
  try {
    await transport.sendMail({
      from: server.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  } finally {
    transport.close();
  }
  return true;
}
