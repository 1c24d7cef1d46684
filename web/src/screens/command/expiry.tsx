/**
 * A remote command's expiry type and report time in the results list (docs/product.md section 3, expireType
 * and reportTime; docs/decisions/463-command-expiry-type-and-report-time.md): the type as a translated label
 * (normal, expired, invalid) the server gives, the report time as YYYY-MM-DD HH:mm:ss in the user's time zone.
 */
import { EXPIRE_TYPES, type ExpireType } from '@shared/commands/expiry.ts';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import type { Tone } from '@web/lib/health.ts';
import { formatDateTime } from '@web/lib/format.ts';
import type { Translate } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';

const EXPIRE_TONE: Record<ExpireType, Tone> = { normal: 'success', expired: 'warning', invalid: 'danger' };

export const expireTypeOfRow = (row: Row): ExpireType | undefined =>
  (EXPIRE_TYPES as readonly unknown[]).includes(row.expireType) ? (row.expireType as ExpireType) : undefined;

/** The expiry type's label, or '-' when the row has none. */
export function ExpiryBadge({ tr, row }: { tr: Translate; row: Row }) {
  const type = expireTypeOfRow(row);
  if (!type) return <>-</>;
  return <StatusBadge tone={EXPIRE_TONE[type]} size="sm" label={tr(`commandRes.expireTypes.${type}`)} />;
}

/** When the charger reported the result, or '-'. */
export const reportTimeText = (row: Row) => formatDateTime(row.reportTime) || '-';
