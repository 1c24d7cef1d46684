/**
 * Built-in catalogue data in the user's language, keyed by its stable code (docs/decisions/453-built-in-data-
 * in-the-users-language.md): seeded roles by role code, stop reasons by stop reason code with their types and
 * finishes. A record that still has its seeded name shows the translation; one created or renamed by a person
 * shows its own name.
 */
import { HStack, Tag, Text } from '@chakra-ui/react';
import { builtInRoleCode } from '@shared/permissions/built-in-roles.ts';
import {
  FINISH,
  FINISH_END_FLAG,
  STOP_TYPES,
  stopReasonCode,
  stopReasonEntry,
} from '@shared/ocpp/stop-reasons.ts';
import { INVALID_CODE } from '@shared/resources/catalogue/stop-reason.ts';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';

/** A role's name as the user reads it: a built-in role by its code, any other by its own name. */
export function roleNameText(tr: Translate, role: { roleCode?: unknown; roleName?: unknown }): string {
  const code = builtInRoleCode(role);
  return code ? tr(`builtIn.roles.${code}`) : String(role.roleName ?? '');
}

/** A stop reason code (STOP_REASONS) in words; an unknown code as it is. */
export function stopReasonText(tr: Translate, code: unknown): string {
  const text = String(code ?? '');
  return stopReasonEntry(text) ? tr(`builtIn.stopReasons.${text}`) : text;
}

/** An order's stop reason in words: its code, else the code of the reported reason. */
export function orderStopReasonText(tr: Translate, order: Row): string {
  if (order.stopReasonCode) return stopReasonText(tr, order.stopReasonCode);
  if (!order.stopReason) return '';
  return stopReasonText(tr, stopReasonCode(String(order.protocol ?? ''), String(order.stopReason)));
}

type StopKey = keyof typeof FINISH;

/** A finish in words: the end flag an order with it gets, the same words as the order's end flag. */
export function finishText(tr: Translate, finish: unknown): string {
  const key = String(finish ?? '') as StopKey;
  if (!Object.hasOwn(FINISH, key)) return String(finish ?? '');
  return key === 'ABNORMAL_END' ? tr('builtIn.abnormalEnd') : tr(`orderRes.endFlags.${FINISH_END_FLAG[key]}`);
}

/** The fields of a stop reason record as shown: seeded names by their codes, others as stored. */
export function stopReasonFieldText(tr: Translate, row: Row, field: string): string {
  const stored = String(row[field] ?? '');
  const seeded = stopReasonEntry(String(row.code ?? ''));
  switch (field) {
    case 'displayName':
      return seeded && seeded.displayName === stored ? stopReasonText(tr, row.code) : stored;
    case 'typeName': {
      const type = String(row.typeCode ?? '') as keyof typeof STOP_TYPES;
      return Object.hasOwn(STOP_TYPES, type) && STOP_TYPES[type] === stored
        ? tr(`builtIn.stopTypes.${type}`)
        : stored;
    }
    case 'finishName': {
      const finish = String(row.finishCode ?? '') as StopKey;
      return Object.hasOwn(FINISH, finish) && FINISH[finish] === stored ? finishText(tr, finish) : stored;
    }
    case 'invalidName': {
      const normal = Number(row.invalidCode) === INVALID_CODE.normal;
      return stored === (normal ? 'Normal' : 'Abnormal')
        ? tr(`catalogueRes.stopReason.invalidCodes.${normal ? 'normal' : 'abnormal'}`)
        : stored;
    }
    default:
      return stored;
  }
}

/** A role's name cell. */
export function RoleName({ row }: { row: Row }) {
  const tr = useTr();
  return <>{roleNameText(tr, row)}</>;
}

/** A user's roles as tags: built-in ones by their codes (`roleCodes` beside `roleNames`). */
export function UserRoles({ row }: { row: Row }) {
  const tr = useTr();
  const names = Array.isArray(row.roleNames) ? (row.roleNames as unknown[]) : [];
  const codes = Array.isArray(row.roleCodes) ? (row.roleCodes as unknown[]) : [];
  if (!names.length) return <Text color="fg.subtle">-</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {names.map((name, i) => (
        <Tag.Root key={`${String(name)}-${i}`} size="sm">
          <Tag.Label>{roleNameText(tr, { roleName: name, roleCode: codes[i] })}</Tag.Label>
        </Tag.Root>
      ))}
    </HStack>
  );
}

/** A stop reason record's field cell. */
export function StopReasonField({ row, field }: { row: Row; field: string }) {
  const tr = useTr();
  return <>{stopReasonFieldText(tr, row, field) || '-'}</>;
}
