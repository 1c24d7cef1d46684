/**
 * A walk of every console route in the browser (docs/decisions/452-no-raw-values-in-the-console.md, 453, 449):
 * the platform administrator (every menu) opens each route of `pageRoutes` (web/src/route-table.ts), the detail
 * routes with a record of the demo seed read through the API first, and on each page, once its main content
 * has loaded, checks that nothing failed (no page error, no console error, no API answer of 500 or more) and
 * that the main landmark's text shows no raw value (a protocol value, an OCPP word as data, a record id where a
 * name belongs, "None", "null", JSON, an i18n key) and no date in another form than YYYY-MM-DD[ HH:mm:ss].
 *
 * By default each route is walked in one language, the five languages rotating over the routes; with
 * WALK_ALL_LANGUAGES=1 the whole walk runs in all five. Every finding of every page is collected and the test
 * fails once at the end with all of them, so one run shows everything.
 */
import { translate } from '@functions/lib/i18n.ts';
import { DEMO_ENERGY_BOX } from '@infra/local/seed/demo-chargers.ts';
import { resources } from '@shared/i18n/index.ts';
import { pageRoutes } from '@web/route-table.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { waitDeadline } from '../helpers/waits.ts';

/** The console's languages by their stored short code (shared/i18n/languages.ts). */
const LANGUAGES = ['en', 'cn', 'tw', 'de', 'th'] as const;
type Code = (typeof LANGUAGES)[number];
const ALL = process.env.WALK_ALL_LANGUAGES === '1';

/** The roots of the console's catalogue: a dotted word path starting with one is an untranslated key. */
const KEY_ROOTS = new Set(Object.keys(resources.en.translation));

/**
 * OCPP words that are never a translation in any language (two capitals or more inside one word): shown, they
 * are the value as sent (decision 453).
 */
const OCPP_CAMEL =
  /\b(EVDisconnected|NoError|SuspendedEVSE?|EVConnected|PowerUp|PowerLoss|HardReset|SoftReset|GroundFailure|ConnectorLockFailure|HighTemperature|OverCurrentFailure|OverVoltage|UnderVoltage|WeakSignal|PowerMeterFailure|PowerSwitchFailure|ReaderFailure|ResetFailure|OtherError|InternalError|EmergencyStop|DeAuthorized|UnlockCommand|ConcurrentTx|SignatureVerified|DownloadFailed|InstallationFailed|FirmwareUpdate|ScheduledReset|ApplicationReset|LocalOutOfCredit|MasterPass|ImmediateReset|StopAuthorized|EnergyLimitReached|GroundFault|TimeLimitReached|NotImplemented|NotSupported|RebootRequired|UnknownVendorId|UnknownMessageId|SoftwareUpdate|ChargingProfile|TxProfile|TxDefaultProfile|ChargePointMaxProfile)\b/;
/**
 * OCPP words that are English words too: in English they may be the translation, in the other languages they
 * are the value as sent. Only a whole cell or line is read as such a value: the seed's own English data
 * ("1 Charging Road") is not a status.
 */
const OCPP_WORDS =
  /(?:^|\t)(Available|Preparing|Charging|Finishing|Reserved|Unavailable|Faulted|Occupied|Accepted|Rejected|Invalid|Blocked|Expired|Remote|Local|Inoperative|Operative|Downloaded|Installed|Installing|Downloading|Idle)(?=\t|$)/m;

/** What must never show in a page's main text, in every language. */
const RAW: [string, RegExp][] = [
  ['a protocol value', /\bocpp ?1\.6j?\b|\bocpp ?2\.0\.1\b|\bOCPP1\.6|\bOCPP2\.0\.1/],
  ['an OCPP word as sent', OCPP_CAMEL],
  ['"undefined", "NaN" or an object', /\b(undefined|NaN)\b|\[object Object\]/],
  // "None" only as a whole cell or line: English says "None yet" in its own words.
  ['"None"', /(?:^|\t)None(?=\t|$)/m],
  // "null" only as a whole cell or line: in German it is the word for zero ("Auf null gesetzt").
  ['"null"', /(?:^|\t)null(?=\t|$)/m],
  // A field's or an enum's name as stored (chargePointId, stopReason): a word with a capital inside.
  // As a whole cell or line, with two small letters after the capital at least: units (kW, kWh) and product
  // names (eMSP, iOS) are not, nor a chart's labels that innerText runs together ("30 daysLast 7 days").
  ['a stored name', /(?:^|\t)[a-z]+[A-Z][a-z]{2,}[a-zA-Z]*(?=\t|$)/m],
  // A code as stored where its words belong (EV_DISCONNECTED), as a whole cell or line.
  ['a code as stored', /(?:^|\t)[A-Z][A-Z0-9]*_[A-Z0-9_]+(?=\t|$)/m],
  ['a record id of the seed', /\b(demo|role)-[a-z]+(-[a-z0-9]+)*\b/],
  ['JSON', /"\w+"\s*:|\{\s*"/],
  ['a date as mm/dd/yyyy', /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/],
  ['AM/PM', /\b(AM|PM)\b/],
  ['an ISO date-time', /\d{4}-\d{2}-\d{2}T\d{2}:/],
];
/**
 * The lists whose records have a code of their own, shown in its column beside the name in the reader's
 * language (a stop reason's, a role's, a subscription role's): the code is the record's data there.
 */
const CODE_COLUMNS = new Set(['/stopReasonList', '/role', '/subRole']);
/** What must not show in the languages other than English. */
const RAW_NOT_EN: [string, RegExp][] = [['an OCPP word as sent (not translated)', OCPP_WORDS]];

/**
 * Findings known and left (docs/decisions/452-no-raw-values-in-the-console.md lists them): "route, language:
 * what" exactly as reported. Kept empty unless a finding cannot be fixed in place; each entry says why.
 */
const EXPECTED: string[] = [];

/** The line around a match, to say where it showed. */
function lineAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text
    .slice(start, end < 0 ? undefined : end)
    .trim()
    .slice(0, 160);
}

/** Every raw value, date in another form and i18n key of a page's main text. */
function findRaw(text: string, language: Code, route: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of [...RAW, ...(language === 'en' ? [] : RAW_NOT_EN)]) {
    if (what === 'a code as stored' && CODE_COLUMNS.has(route)) continue;
    // Each different value, up to three a page.
    const seen = new Set<string>();
    for (const m of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const value = m[0].trim();
      if (seen.has(value) || seen.size >= 3) continue;
      seen.add(value);
      found.push(`${what}: "${value}" in "${lineAt(text, m.index)}"`);
    }
  }
  // An untranslated key: a dotted word path whose first word is a root of the catalogue. Host names, e-mail
  // addresses and file names (the seed's mail servers, firmware files) match the shape, never a root.
  for (const m of text.matchAll(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-zA-Z.]*[a-zA-Z]\b/g))
    if (KEY_ROOTS.has(m[0].split('.')[0]!))
      found.push(`an i18n key: "${m[0]}" in "${lineAt(text, m.index)}"`);
  return found;
}

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let admin: string;
/** Each route's path with the seed's record, or why it is skipped. */
const targets: { route: string; url?: string; skipped?: string; shows?: string }[] = [];

type Row = Record<string, unknown>;
async function firstRecord(path: string, body: Row = {}): Promise<Row | undefined> {
  const answer = await api(rt.url, admin, path, { current: 1, size: 10, ...body });
  const data = answer.data;
  const records: Row[] = Array.isArray(data) ? data : (data?.records ?? data?.list ?? []);
  return records[0];
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo', seedHistory: true }), launchBrowser()]);
  admin = await login(rt.url, 'admin', 'Admin12345');
  // The detail routes' records, read as the console lists them (the seed with its history: orders, funds).
  const [order, station, appUser, fleet, operator, plan, energyBox, reservation] = await Promise.all([
    firstRecord('/biz/chargeOrder/list'),
    firstRecord('/biz/station/list'),
    firstRecord('/biz/appUser/list'),
    firstRecord('/biz/fleet/list'),
    firstRecord('/admin/operator/list'),
    firstRecord('/admin/plan/list'),
    firstRecord('/biz/energyBox/list'),
    firstRecord('/biz/reserveOrder/list'),
  ]);
  const e = (v: unknown) => encodeURIComponent(String(v));
  const detail: Record<string, string | undefined> = {
    '/stationDetail/:id': station && `/stationDetail/${e(station.id)}`,
    '/chargerDetail/:id': '/chargerDetail/DEMO-CP-001',
    // The platform's list may leave the company's box out: the seed's box by its code then.
    '/energyBoxDetail/:str': `/energyBoxDetail/${e(energyBox?.code ?? energyBox?.id ?? DEMO_ENERGY_BOX)}`,
    '/orderDetail/:id': order && `/orderDetail/${e(order.orderNo ?? order.id)}`,
    '/reserveOrderDetail/:id': reservation && `/reserveOrderDetail/${e(reservation.id)}`,
    '/operatorDetail/:id': operator && `/operatorDetail/${e(operator.id)}`,
    '/planDetail/:id/:name': plan && `/planDetail/${e(plan.id)}/${e(plan.planName ?? plan.planNo ?? '')}`,
    '/appUserDetail/:id': appUser && `/appUserDetail/${e(appUser.id)}`,
    '/fleetsDetail/:id': fleet && `/fleetsDetail/${e(fleet.id)}`,
  };
  // What each detail page shows of its record: its name (or number), so a page that found nothing is seen.
  const nameOf = (r: Row | undefined) =>
    [r?.orderNo, r?.stationName, r?.name, r?.fleetName, r?.operatorName, r?.planName, r?.nickName, r?.email]
      .map((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined))
      .find(Boolean);
  const shows: Record<string, string | undefined> = {
    '/stationDetail/:id': nameOf(station),
    '/chargerDetail/:id': 'DEMO-CP-001',
    '/energyBoxDetail/:str': String(energyBox?.code ?? DEMO_ENERGY_BOX),
    '/orderDetail/:id': nameOf(order),
    '/operatorDetail/:id': nameOf(operator),
    '/planDetail/:id/:name': nameOf(plan),
    '/appUserDetail/:id': nameOf(appUser),
    '/fleetsDetail/:id': nameOf(fleet),
  };
  for (const route of pageRoutes) {
    if (!route.path.includes('/:')) targets.push({ route: route.path, url: route.path });
    else if (detail[route.path])
      targets.push({ route: route.path, url: detail[route.path], shows: shows[route.path] });
    else
      targets.push({
        route: route.path,
        skipped: `the demo seed has no such record (${route.path === '/reserveOrderDetail/:id' ? 'it makes no reservation' : 'its list is empty'})`,
      });
  }
}, 300_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

/** Signs in and sets the console's language the way its header's menu keeps it (localStorage `language`). */
async function openConsole(language: Code): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInOnConsole(page, rt.url, 'admin', 'Admin12345');
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await page.getByRole('navigation', { name: translate(language, 'layout.mainMenu') }).waitFor();
  return page;
}

/**
 * The main landmark's text once the page has loaded: its heading shown, no spinner, skeleton or busy table
 * left, and the text unchanged for most of a second.
 */
async function loadedText(page: Page): Promise<string> {
  let last = '';
  let since = Date.now();
  return waitFor(
    async () => {
      const state = await page.evaluate(() => {
        const main = document.querySelector('main');
        if (!main) return { ready: false, text: '' };
        const shown = (el: Element) => (el as HTMLElement).getClientRects().length > 0;
        const heading = [...main.querySelectorAll('h1, h2')].some(shown);
        const loading = [
          ...main.querySelectorAll(
            '.chakra-spinner, .chakra-skeleton, [data-scope="skeleton"], [aria-busy="true"]',
          ),
        ].some(shown);
        return { ready: heading && !loading, text: (main as HTMLElement).innerText };
      });
      if (!state.ready || state.text !== last) since = Date.now();
      last = state.text;
      // Unchanged for most of a second: the page's answers are in.
      return state.ready && state.text.trim() !== '' && Date.now() - since > 800 ? state.text : undefined;
    },
    waitDeadline(),
    `the page ${page.url()} to load`,
  );
}

/** What still says "loading" on a page that did not load: its first elements, shortened. */
const stillLoading = (page: Page) =>
  page.evaluate(
    () =>
      [
        ...(document
          .querySelector('main')
          ?.querySelectorAll('.chakra-spinner, .chakra-skeleton, [aria-busy="true"]') ?? []),
      ]
        .filter((el) => (el as HTMLElement).getClientRects().length > 0)
        .map((el) => el.outerHTML.slice(0, 120))
        .slice(0, 3)
        .join(' | ') || (document.querySelector('main h1, main h2') ? 'text kept changing' : 'no heading'),
  );

/** Walks the routes in one language, client-side; what each page met and showed, one line per finding. */
async function walk(language: Code, routes: typeof targets): Promise<string[]> {
  const findings: string[] = [];
  const page = await openConsole(language);
  let events: string[] = [];
  page.on('pageerror', (e) => events.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') events.push(`console error: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) events.push(`API answer ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  for (const { route, url, shows } of routes) {
    events = [];
    // Client-side, as the console's own links go: the router follows the history's popstate.
    await page.evaluate((path) => {
      window.history.pushState({}, '', `/charge${path}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url!);
    let text = '';
    try {
      text = await loadedText(page);
    } catch (e) {
      findings.push(
        `${route} (${url}), ${language}: did not load (${(e as Error).message}): ${await stillLoading(page)}`,
      );
      text = await page.evaluate(
        () => (document.querySelector('main') as HTMLElement | null)?.innerText ?? '',
      );
    }
    if (shows && !text.includes(shows)) events.push(`does not show its record ("${shows}")`);
    for (const found of [...events, ...findRaw(text, language, route)])
      findings.push(`${route} (${url}), ${language}: ${found}`);
  }
  await page.close();
  return findings;
}

describe('every console route in the browser', () => {
  it(
    `shows no raw value, no other date form and nothing failed (${ALL ? 'all five languages' : 'languages rotating'})`,
    { timeout: ALL ? 3_600_000 : 1_200_000 },
    async () => {
      const started = Date.now();
      const walked = targets.filter((t) => t.url);
      const plan = new Map<Code, typeof targets>();
      walked.forEach((target, i) => {
        for (const language of ALL ? LANGUAGES : [LANGUAGES[i % LANGUAGES.length]!])
          plan.set(language, [...(plan.get(language) ?? []), target]);
      });
      const findings: string[] = [];
      for (const [language, routes] of plan) findings.push(...(await walk(language, routes)));

      const pages = [...plan.values()].reduce((n, routes) => n + routes.length, 0);
      const skipped = targets.filter((t) => t.skipped).map((t) => `${t.route}: ${t.skipped}`);
      console.info(
        `route walk: ${pages} pages of ${walked.length} routes in ${Math.round((Date.now() - started) / 1000)} s, ` +
          `${findings.length} findings; skipped: ${skipped.length ? skipped.join('; ') : 'none'}`,
      );
      // Every route of the table is walked, or listed as skipped with its reason.
      expect(walked.length + skipped.length).toBe(pageRoutes.length);
      const unexpected = findings.filter((f) => !EXPECTED.some((known) => f.startsWith(known)));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    },
  );
});
