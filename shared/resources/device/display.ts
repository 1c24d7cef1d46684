/**
 * Display message templates (docs/product.md section 3; OCPP 2.0.1 MessageInfo): what a charger shows, in
 * which format and language, how urgently, in which charger state and between which times. Sending one to a
 * charger is a command (docs/decisions/232-commands-that-name-a-record.md).
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optional, requiredText } from '@shared/schemas/fields.ts';
import { choice, given, isoDateTime } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const DISPLAY_FORMATS = ['ASCII', 'HTML', 'URI', 'UTF8'] as const;
export const DISPLAY_PRIORITIES = ['AlwaysFront', 'InFront', 'NormalCycle'] as const;
export const DISPLAY_STATES = ['Charging', 'Faulted', 'Idle', 'Unavailable'] as const;

/** A well-formed BCP 47 language tag (`en`, `de-CH`, `zh-Hant`); OCPP allows 8 characters. */
export function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const displaySchema = z
  .object({
    name: requiredText(64),
    format: choice(DISPLAY_FORMATS),
    language: requiredText(8).refine(isLanguageTag, { error: 'deviceRes.validation.languageTag' }),
    // OCPP 2.0.1 MessageContentType.content: string[0..512].
    content: requiredText(512),
    priority: choice(DISPLAY_PRIORITIES),
    /** The charger state the message is shown in; none: in every state. */
    state: optional(choice(DISPLAY_STATES)),
    startDateTime: optional(isoDateTime()),
    endDateTime: optional(isoDateTime()),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (
      given(value.startDateTime) &&
      given(value.endDateTime) &&
      Date.parse(value.endDateTime!) <= Date.parse(value.startDateTime!)
    )
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'deviceRes.validation.endAfterStart' });
  });

export const displayResource = defineResource({
  module: 'biz',
  name: 'display',
  type: 'DISPLAY',
  label: 'deviceRes.names.display',
  tenancy: 'tenant',
  permissions: { view: CODE.displays, add: CODE.displayEdit, edit: CODE.displayEdit, del: CODE.displayEdit },
  schema: displaySchema,
  filters: { name: 'contains', format: 'eq', priority: 'eq', language: 'eq' },
  sortable: ['name', 'priority', 'language', 'startDateTime', 'endDateTime'],
  views: [{ sort: 'createTime' }],
});
