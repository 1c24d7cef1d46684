/**
 * EventBridge schedules as timers, from the same `rate(...)` and `cron(...)` expressions the CDK stack
 * deploys. Each fire invokes the handler with a Scheduled Event.
 */
import { randomUUID } from 'node:crypto';
import type { ScheduleDecl } from '@shared/topology/types.ts';
import { invoke } from './invoke.ts';

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Values of one cron field: `*`, `?`, lists, ranges, steps, names. */
function field(spec: string, min: number, max: number, names: string[] = [], offset = 0): Set<number> | null {
  if (spec === '*' || spec === '?') return null;
  const value = (s: string) => {
    const i = names.indexOf(s.toUpperCase());
    const n = i >= 0 ? i + offset : Number(s);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`Bad cron value ${s}`);
    return n;
  };
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    const [a, b] =
      range === '*'
        ? [min, max]
        : range!.includes('-')
          ? range!.split('-').map(value)
          : [value(range!), stepText ? max : value(range!)];
    for (let v = a!; v <= b!; v += step) out.add(v);
  }
  return out;
}

/** Milliseconds from `from` to the next fire of the expression (UTC, as EventBridge). */
export function nextFireIn(expression: string, from = new Date()): number {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) return Number(rate[1]) * UNIT_MS[rate[2]!.replace(/s$/, '')]!;
  const cron = /^cron\((.+)\)$/.exec(expression);
  if (!cron) throw new Error(`Unsupported schedule expression ${expression}`);
  const [mi, h, dom, mon, dow, year] = cron[1]!.trim().split(/\s+/);
  const minutes = field(mi!, 0, 59);
  const hours = field(h!, 0, 23);
  const days = field(dom!, 1, 31);
  const months = field(mon!, 1, 12, MONTHS, 1);
  const weekdays = field(dow!, 1, 7, DAYS, 1); // EventBridge: 1 = Sunday
  const years = field(year ?? '*', 1970, 2199);
  const t = new Date(from);
  t.setUTCSeconds(0, 0);
  for (let i = 0; i < 366 * 24 * 60 * 2; i++) {
    t.setUTCMinutes(t.getUTCMinutes() + 1);
    if (
      (!minutes || minutes.has(t.getUTCMinutes())) &&
      (!hours || hours.has(t.getUTCHours())) &&
      (!days || days.has(t.getUTCDate())) &&
      (!months || months.has(t.getUTCMonth() + 1)) &&
      (!weekdays || weekdays.has(t.getUTCDay() + 1)) &&
      (!years || years.has(t.getUTCFullYear()))
    )
      return t.getTime() - from.getTime();
  }
  throw new Error(`Schedule ${expression} never fires`);
}

export function scheduledEvent(schedule: ScheduleDecl, time = new Date()) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString(),
    region: process.env.AWS_REGION ?? 'us-east-1',
    resources: [`arn:aws:events:local:000000000000:rule/${schedule.id}`],
    detail: {},
  };
}

export function startSchedules(schedules: ScheduleDecl[], onError: (id: string, e: Error) => void) {
  const timers = new Map<string, NodeJS.Timeout>();
  let running = true;
  const arm = (s: ScheduleDecl) => {
    if (!running) return;
    const timer = setTimeout(async () => {
      try {
        await invoke(s.handler, scheduledEvent(s));
      } catch (error) {
        onError(s.id, error as Error);
      }
      arm(s);
    }, nextFireIn(s.expression));
    timer.unref();
    timers.set(s.id, timer);
  };
  schedules.forEach(arm);
  return {
    /** Fires a schedule now (local operations and tests). */
    fire: (id: string) => {
      const s = schedules.find((x) => x.id === id);
      if (!s) throw new Error(`No schedule ${id}`);
      return invoke(s.handler, scheduledEvent(s));
    },
    stop: () => {
      running = false;
      timers.forEach(clearTimeout);
    },
  };
}
