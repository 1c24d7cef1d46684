/**
 * The product's own outgoing mail (alarm mail): one SMTP transport from the environment. Locally the runtime
 * points SMTP_HOST/SMTP_PORT at its SMTP sink (infra/local/smtp.ts: plain SMTP, no TLS, mail lands as .eml
 * files in `<dataDir>/mail/`). Elsewhere set SMTP_HOST, SMTP_PORT, and SMTP_USER/SMTP_PASS and
 * SMTP_SECURE=true (implicit TLS) as the server needs (Amazon SES's SMTP interface, for instance); STARTTLS
 * is used when the server offers it. MAIL_FROM is the sender. Without SMTP_HOST nothing is sent.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

export const mailFrom = () => process.env.MAIL_FROM || 'EV Charging Console <alarms@ev-console.local>';

/** Whether a mail server is configured. */
export const mailConfigured = () => Boolean(process.env.SMTP_HOST);

/** Sends one message; false when no server is configured. Failures throw (the caller decides). */
export async function sendMail(message: MailMessage): Promise<boolean> {
  const host = process.env.SMTP_HOST;
  if (!host || message.to.length === 0) return false;
  const user = process.env.SMTP_USER;
  const pass = process.env.SMTP_PASS;
  const transport = nodemailer.createTransport({
    host,
    port: Number(process.env.SMTP_PORT || 25),
    secure: process.env.SMTP_SECURE === 'true',
    auth: user && pass ? { user, pass } : undefined,
    // Callers run inside a request or a charger's message: a dead server must not hold them long.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({
      from: mailFrom(),
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  } finally {
    transport.close();
  }
  return true;
}
