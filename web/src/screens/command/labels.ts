/**
 * Texts of the command catalogue (shared/i18n/areas/commands.ts): command names, parameter labels, option
 * labels, result texts, CALLERROR texts and command statuses. A key the catalogue lacks shows the raw value
 * (the command key, the parameter name, the OCPP status), so nothing is ever blank or a dotted key.
 */
import i18n from '@web/i18n.ts';
import type { Translate } from '@web/resources/i18n.ts';

/** True when the catalogs hold a text (not a group of texts) under the key. */
export function hasText(key: string): boolean {
  if (!i18n.exists(key)) return false;
  const value: unknown = (i18n.t as unknown as (k: string, o: object) => unknown)(key, {
    returnObjects: true,
  });
  return typeof value === 'string';
}

/** The text of the key, else the raw value as given. */
export const textOr = (tr: Translate, key: string, raw: string, values?: Record<string, unknown>) =>
  hasText(key) ? tr(key, values) : raw;

export const commandName = (tr: Translate, command: unknown) =>
  textOr(tr, `commandRes.names.${String(command)}`, String(command ?? ''));

export const paramLabel = (tr: Translate, name: string) => textOr(tr, `commandRes.params.${name}`, name);

export const optionText = (tr: Translate, param: string, value: unknown) =>
  textOr(tr, `commandRes.options.${param}.${String(value)}`, String(value));

export const statusText = (tr: Translate, status: unknown) =>
  textOr(tr, `commandRes.status.${String(status)}`, String(status ?? ''));

/** An OCPP answer status (Accepted, Unlocked...). */
export const ocppResultText = (tr: Translate, status: string) =>
  textOr(tr, `commandRes.results.${status}`, status);

/** A CALLERROR code (NotImplemented, FormationViolation...). */
export const callErrorText = (tr: Translate, code: string) => textOr(tr, `commandRes.errors.${code}`, code);
