/**
 * The alarm service (docs/product.md section 3 "Alarm"; docs/decisions/244-alarms.md): the OCPP side calls it
 * when a connector faults and recovers, and when a charger stays away past the grace period and comes back.
 *
 * Storage: alarms are repository entities (functions/data/alarms.ts) of type ALARM under the charger's
 * company tenant, so a company sees the alarms of its own and its sub-companies' chargers and nothing else.
 * Two views: by (offlineFlag, startTime), which the alarm and offline lists read within their 30-day window,
 * and by `openKey` (charger and connector, or charger and "offline", while open), which recovery reads.
 *
 * Idempotency is in the data layer, never read-then-write: an open fault alarm holds a unique guard on
 * (charger, connector, code), written in the same transaction as the alarm, so a repeated or concurrent
 * raise writes nothing; an offline record's id is derived from (charger, `since`) and written only where none
 * exists, so however many sweeps, follow-ups and reconnect races report an outage it has one record
 * (docs/decisions/460-offline-alarm-and-charger-health.md); closing is an update conditional on the version
 * read, which also drops the guard, so a repeated recovery changes nothing.
 *
 * Statistics never scan alarms: each raised alarm adds, right after it is written, to per-day rollup items
 * of its company (functions/alarms/stats.ts).
 *
 * Level: the alarm template (a tenant resource, code unique per company) whose code equals the alarm code,
 * looked up in the charger's company first and then up its ancestors; without one, 4 (general alarm).
 * Mail: every alarm mail setting bound to that template, in the charger's company or above it, gets one
 * mail per raised alarm, through the company's mail server (its own /mail record, a parent's, else the
 * platform's: functions/identity/company-mail.ts). A mail failure is logged and never loses the alarm.
 */
import {
  ALARM_STATUS,
  DEFAULT_ALARM_LEVEL,
  OFFLINE_ALARM_CODE,
  OFFLINE_FLAG,
  RECOVER_FLAG,
  TRANSFORMER_ALARM_CODE,
  type AlarmRecord,
} from '@shared/schemas/alarm.ts';
import { alarmMails, alarmTemplates, tenantAndAncestors } from './catalogue.ts';
import { openAlarmWrites, companyOwner, stationOwner } from '@functions/data/alarm-stats.ts';
import { AppError, refused } from '@functions/lib/errors.ts';
import { logger } from '@functions/lib/logger.ts';
import { companyMailServer } from '@functions/identity/company-mail.ts';
import { describeServer, sendMail, type MailServer } from '@functions/lib/mail.ts';
import { newId, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { uniqueOwner, type GuardedWrite } from '@functions/data/repository.ts';
import {
  alarmDigest,
  alarms,
  faultKey,
  groupKey,
  offlineKey,
  type AlarmItem,
} from '@functions/data/alarms.ts';
import { addToRollup } from './stats.ts';

export interface ChargerRef {
  /** Company path, e.g. '/demo-operator/'. */
  tenant: string;
  agentId: string;
  stationId?: string;
  stationName?: string;
  chargePointId: string;
  chargePointName?: string;
}

/** A charger's time as UTC ISO; an unreadable one is taken as now. */
function isoTime(at: string | undefined): string {
  const t = at ? Date.parse(at) : Number.NaN;
  return new Date(Number.isNaN(t) ? Date.now() : t).toISOString();
}

// ---- Templates and levels -------------------------------------------------------------------------------

interface Template {
  id: string;
  name?: string;
  level: number;
}

/**
 * The template for a code as the charger's company sees it: its own first, then its parent's, up to the
 * platform. Each step is one read of the template's unique-code guard (the resource framework keeps it as
 * `{type}.code` = `{tenant}|{code}`, compared case-insensitively).
 */
export async function templateFor(tenant: string, code: string): Promise<Template | undefined> {
  const guard = `${alarmTemplates.meta.type}.code`;
  for (const t of tenantAndAncestors(tenant).reverse()) {
    const id = await uniqueOwner(guard, `${t}|${code}`);
    const template = id ? await alarmTemplates.repo.getAny(id) : undefined;
    if (template && template.tenant === t)
      return { id: template.id, name: String(template.name ?? ''), level: Number(template.level) };
  }
  return undefined;
}

// ---- Writing --------------------------------------------------------------------------------------------

/** The open-alarm counters of the alarm's company and station, moved with the alarm's own write. */
const openCount = (tenant: string, stationId: string | undefined, delta: 1 | -1): GuardedWrite[] =>
  openAlarmWrites([companyOwner(tenant), ...(stationId ? [stationOwner(stationId)] : [])], delta).map(
    (write) => ({ write, refusal: refused('server.conflict') }),
  );

/** Writes a new alarm; false when its guard (or its id) is taken: the alarm is already recorded. */
async function createOnce(item: AlarmItem, tenant: string): Promise<(AlarmItem & Stored) | undefined> {
  try {
    // Counted open in the same transaction (the home dashboard's open alarms).
    return await alarms.create(item, tenant, {}, openCount(tenant, item.stationId, 1));
  } catch (error) {
    // The repository turns a failed condition into a refusal; anything else (network, throttling) is real.
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

async function raise(
  ref: ChargerRef,
  fields: Pick<
    AlarmItem,
    'id' | 'offlineFlag' | 'code' | 'vendorCode' | 'info' | 'connectorId' | 'startTime'
  > &
    Pick<AlarmItem, 'openKey' | 'since'>,
): Promise<void> {
  const template = await templateFor(ref.tenant, fields.code);
  const item: AlarmItem = {
    ...fields,
    recoverFlag: RECOVER_FLAG.open,
    status: ALARM_STATUS.open,
    level: template?.level ?? DEFAULT_ALARM_LEVEL,
    templateId: template?.id,
    templateName: template?.name,
    agentId: ref.agentId,
    stationId: ref.stationId,
    stationName: ref.stationName,
    chargePointId: ref.chargePointId,
    chargePointName: ref.chargePointName,
  };
  const created = await createOnce(item, ref.tenant);
  if (!created) return;
  try {
    await addToRollup(ref.tenant, created);
  } catch (error) {
    // The alarm is recorded; a repeat would not count it again, so say so rather than fail the charger.
    logger.error('Alarm statistics not updated', { alarmId: created.id, error: error as Error });
  }
  if (template) await mailAlarm(ref, created, template);
}

/** Closes one alarm if it is open: recovery time (never before its start), duration, status; the guard goes. */
async function closeAlarm(current: (AlarmItem & Stored) | undefined, at: string): Promise<void> {
  if (!current || current.status !== ALARM_STATUS.open) return;
  const endTime = isoTime(at) < current.startTime ? current.startTime : isoTime(at);
  const duration = Math.max(0, Math.round((Date.parse(endTime) - Date.parse(current.startTime)) / 1000));
  const { openKey: _open, ...rest } = current;
  try {
    await alarms.update(
      current,
      { ...rest, status: ALARM_STATUS.recovered, recoverFlag: RECOVER_FLAG.recovered, endTime, duration },
      {},
      openCount(current.tenant, current.stationId, -1),
    );
  } catch (error) {
    // Someone closed it since it was read (a repeated recovery): nothing to do.
    if (!(error instanceof AppError)) throw error;
  }
}

/**
 * Closes every open alarm under one open key (`startedBefore`: only those that started before it).
 * The open-key view is an index, so a record written a moment ago may not be on it yet: an offline record is
 * also closed by its id (`outageEnded`).
 */
async function closeOpen(tenant: string, openKey: string, at: string, startedBefore?: string): Promise<void> {
  // The open-key view: the alarms still open under this key (closing one takes it off the view).
  const ids = await alarms.viewIds(1, tenant, { openKey });
  for (const id of ids) {
    const current = await alarms.getAny(id, true);
    if (startedBefore && current && current.startTime >= startedBefore) continue;
    await closeAlarm(current, at);
  }
}

// ---- Mail -----------------------------------------------------------------------------------------------

const LEVEL_NAMES: Record<number, string> = {
  1: 'urgent fault',
  2: 'general fault',
  3: 'severe alarm',
  4: 'general alarm',
};

/** The consignees of every mail setting bound to the template that the charger's company is under. */
async function consigneesOf(tenant: string, templateId: string): Promise<string[]> {
  const page = await alarmMails.repo.findPage({
    scope: PLATFORM_TENANT,
    tenants: tenantAndAncestors(tenant),
    query: { current: 1, size: 1000, orderBy: 'name', order: 'asc' },
    filters: { templateId },
    modes: { templateId: 'eq' },
  });
  const to = new Set<string>();
  for (const setting of page.records)
    for (const address of (setting.consignees as string[] | undefined) ?? []) to.add(address);
  return [...to];
}

/**
 * Mails an alarm to its template's consignees. The text is English for now: a setting has no language and
 * the consignees may not be console users (a per-company language would come with company settings).
 */
async function mailAlarm(ref: ChargerRef, alarm: AlarmItem, template: Template): Promise<void> {
  let server: MailServer | undefined;
  try {
    // The company's own mail server, a parent company's, else the platform's (decision 130).
    server = await companyMailServer(ref.tenant);
    if (!server) return;
    const to = await consigneesOf(ref.tenant, template.id);
    if (to.length === 0) return;
    const charger = ref.chargePointName ? `${ref.chargePointName} (${ref.chargePointId})` : ref.chargePointId;
    const level = `${alarm.level} (${LEVEL_NAMES[alarm.level] ?? 'alarm'})`;
    const what = alarm.offlineFlag === OFFLINE_FLAG.offline ? 'Charger offline' : `Alarm ${alarm.code}`;
    const lines = [
      `${what} on charger ${charger}.`,
      '',
      `Code: ${alarm.code}`,
      ...(alarm.vendorCode ? [`Vendor code: ${alarm.vendorCode}`] : []),
      `Level: ${level}`,
      `Template: ${template.name || template.id}`,
      `Charger: ${charger}`,
      `Station: ${ref.stationName ?? ref.stationId ?? '-'}`,
      ...(alarm.offlineFlag === OFFLINE_FLAG.offline ? [] : [`Connector: ${alarm.connectorId}`]),
      `Time (UTC): ${alarm.startTime.replace('T', ' ').replace(/\.\d+Z$/, '')}`,
      ...(alarm.info ? [`Info: ${alarm.info}`] : []),
      '',
      'This message was sent by the EV charging console because this address is a consignee of the alarm mail settings of this alarm template.',
    ];
    const subject = `[Level ${alarm.level}] ${what} - ${charger}`;
    await sendMail({ to, subject, text: lines.join('\n') }, server);
  } catch (error) {
    logger.error('Alarm mail not sent', {
      alarmId: alarm.id,
      ...(server ? describeServer(server) : {}),
      error: error as Error,
    });
  }
}

// ---- The calls the OCPP side makes ----------------------------------------------------------------------

/** A fault began (1.6 StatusNotification Faulted with errorCode/vendorErrorCode/info; 2.0.1 NotifyEvent / Faulted). Idempotent: one open alarm per (chargePointId, connectorId, code); a repeat changes nothing. */
export async function raiseAlarm(
  ref: ChargerRef,
  input: { connectorId: number; code: string; vendorCode?: string; info?: string; at: string },
): Promise<void> {
  const code = input.code.trim() || 'Unknown';
  await raise(ref, {
    id: newId(),
    offlineFlag: OFFLINE_FLAG.fault,
    code,
    vendorCode: input.vendorCode?.trim() || undefined,
    info: input.info?.trim() || undefined,
    connectorId: input.connectorId,
    startTime: isoTime(input.at),
    openKey: faultKey(ref.chargePointId, input.connectorId),
  });
}

/** The connector left the fault state: every open fault alarm of that connector gets its recovery time and duration. Idempotent. */
export async function recoverAlarms(
  ref: ChargerRef,
  input: { connectorId: number; at: string },
): Promise<void> {
  await closeOpen(ref.tenant, faultKey(ref.chargePointId, input.connectorId), input.at);
}

// ---- The calls load management makes ----------------------------------------------------------------------

/**
 * A transformer group's load went over its alarm power (functions/energy/balancer.ts): one open alarm per
 * station and group, on the group's first pile (connector 0); a repeat changes nothing.
 */
export async function raiseGroupAlarm(
  ref: ChargerRef & { stationId: string },
  input: { group: string; info: string; at: string },
): Promise<void> {
  await raise(ref, {
    id: newId(),
    offlineFlag: OFFLINE_FLAG.fault,
    code: TRANSFORMER_ALARM_CODE,
    info: input.info,
    connectorId: 0,
    startTime: isoTime(input.at),
    openKey: groupKey(ref.stationId, input.group),
  });
}

/** The group's load is back under its alarm power: its open alarm recovers. Idempotent. */
export async function recoverGroupAlarm(
  ref: { tenant: string; stationId: string },
  input: { group: string; at: string },
): Promise<void> {
  await closeOpen(ref.tenant, groupKey(ref.stationId, input.group), input.at);
}

/** An outage's record id: the same outage reported again is the same record, open or closed. */
const outageId = (chargePointId: string, since: string) =>
  `off${alarmDigest(`${chargePointId}\u0000${isoTime(since)}`).slice(0, 29)}`;

/**
 * The charger went offline at `since` (functions/chargepoints/outages.ts: at once, or after a grace period
 * when one is set). Idempotent per outage (its id comes from `since`): one record however often it is called.
 */
export async function chargerOffline(ref: ChargerRef, input: { since: string }): Promise<void> {
  const since = isoTime(input.since);
  await raise(ref, {
    id: outageId(ref.chargePointId, since),
    offlineFlag: OFFLINE_FLAG.offline,
    code: OFFLINE_ALARM_CODE,
    connectorId: 0,
    startTime: since,
    since,
    openKey: offlineKey(ref.chargePointId),
  });
}

/** The outage that began at `since` ended at `at`: its record (read by id) gets its end. Idempotent. */
export async function outageEnded(ref: ChargerRef, input: { since: string; at: string }): Promise<void> {
  await closeAlarm(await alarms.getAny(outageId(ref.chargePointId, input.since), true), input.at);
}

/**
 * The charger is back at `at`: the alarmed outage it ends (`since`, read by id) and any other offline record
 * of the charger still open that began before `at` get their end; one that began after it (the charger went
 * away again since) stays open. Idempotent.
 */
export async function chargerBack(ref: ChargerRef, input: { at: string; since?: string }): Promise<void> {
  if (input.since) await outageEnded(ref, { since: input.since, at: input.at });
  await closeOpen(ref.tenant, offlineKey(ref.chargePointId), input.at, isoTime(input.at));
}

/** The offline record of the charger's outage that began at `since`, while it is open: its page shows it. */
export async function openOutageAlarm(
  chargePointId: string,
  since: string,
): Promise<AlarmRecord | undefined> {
  const alarm = await alarms.getAny(outageId(chargePointId, since));
  if (!alarm || alarm.status !== ALARM_STATUS.open) return undefined;
  const { openKey: _open, since: _since, tenant: _tenant, ...shown } = alarm as AlarmItem & Stored;
  return shown as unknown as AlarmRecord;
}
