/**
 * Every remote command of the catalogue from the browser, in each OCPP version: headless Chromium against the
 * local runtime with the demo seed and the project's simulator as DEMO-CP-001 (OCPP 1.6) and DEMO-CP-004
 * (OCPP 2.0.1). The operator opens /charge/command, picks the pile (and the connector of a connector
 * command), chooses each command its version has, fills the parameter form like a user, sends it, sees
 * "Command issued successfully, please check the result" and then the command's row on the results list
 * answered, with the charger's answer. Commands that need state come after the ones that make it (a session
 * before the remote stop, a reservation before its cancellation, a profile before it is read and cleared);
 * the ids a later command names (reservation, monitors) are read from the earlier command's details, and the
 * records the server loads (firmware, local list, display message, network configuration) are created through
 * the API first. The reset comes last. The list of steps must cover the catalogue: a command added to it
 * without a step here fails the test.
 */
import { COMMANDS, variantFor, type OcppVersion } from '@shared/commands/catalogue.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateField, launchBrowser, typeDate } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const ISSUED = 'Command issued successfully, please check the result';
const TAGS_PLACEHOLDER = 'Type a value and press Enter to add it.';
const ID_TAG = 'SIM-TAG-001';
const PROFILE_ID = '11';
const DISPLAY_MESSAGE_ID = '5';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
const chargers = new Map<string, SimulatedCharger>();
/** Records the server loads for a command, by kind: their ids as the form takes them. */
const records: Record<'firmware' | 'list' | 'display' | 'network', string> = {
  firmware: '',
  list: '',
  display: '',
  network: '',
};

async function created(token: string, path: string, body: unknown): Promise<string> {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return String((answer.data as { id: string }).id);
}

async function uploadFirmware(token: string): Promise<string> {
  const form = new FormData();
  form.set('firmwareName', 'Station firmware');
  form.set('firmwareVersion', '2.0.0');
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 31 + 7) % 256);
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'station.bin');
  const res = await fetch(`${rt.url}/biz/firmware/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(json.code, json.msg).toBe(0);
  return String(json.data.id);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  for (const [id, ocpp] of [
    ['DEMO-CP-001', '1.6'],
    ['DEMO-CP-004', '2.0.1'],
  ] as const) {
    const charger = new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id,
      password: DEMO_CHARGER_PASSWORD,
      ocpp,
      connectors: 2,
      timeScale: 50,
      idTags: [ID_TAG],
    });
    chargers.set(id, charger);
    await charger.start();
    await charger.whenBooted();
  }
  const operator = await login(rt.url, 'operator', 'Operator12345');
  records.firmware = await uploadFirmware(operator);
  records.list = await created(operator, '/biz/listVersion/add', {
    name: 'Fleet cards',
    listVersion: 7,
    type: 1,
    capacity: 100,
    entries: [
      { idTag: 'CARD-1', idTagStatus: 'Accepted', idTagExpiryDate: '2031-01-01T00:00:00.000Z' },
      { idTag: 'CARD-2', idTagStatus: 'Blocked', parentIdTag: 'CARD-1' },
    ],
  });
  records.display = await created(operator, '/biz/display/add', {
    name: 'Welcome',
    format: 'UTF8',
    language: 'en',
    content: 'Welcome, plug in to charge',
    priority: 'NormalCycle',
    state: 'Idle',
  });
  records.network = await created(operator, '/biz/network/add', {
    name: 'Backup CSMS',
    ocppVersion: 'OCPP20',
    ocppTransport: 'JSON',
    ocppCsmsUrl: 'wss://backup.example.com/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    configurationSlot: 2,
  });
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(page: Page) {
  await page.goto(`${rt.url}/charge/login`);
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill('Operator12345');
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/charge\/home$/);
}

/** The commands that ask for a confirmation before they are sent (web/src/screens/command/command-page.tsx). */
const CONFIRMED = new Set([
  'reset',
  'changeAvailability',
  'unlockConnector',
  'remoteStop',
  'updateFirmware',
  'signedUpdateFirmware',
]);

/** A field's label exactly (a required field's label ends with its mark). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** What the steps share while one charger is driven. */
interface Run {
  page: Page;
  id: string;
  charger: SimulatedCharger;
  v201: boolean;
}

interface Step {
  key: string;
  /** The connector of a connector command. */
  connector?: number;
  /** Fills the parameter form. */
  fill?: (form: Locator, run: Run) => Promise<void>;
  /** The result the charger answers, as the list shows it (by version when they differ). */
  result: RegExp | ((run: Run) => RegExp);
  /** Before sending (e.g. listening for the session the command starts). */
  before?: (run: Run) => Promise<() => Promise<void>>;
}

const text = (name: string, value: string) => async (form: Locator) => {
  await form.getByLabel(label(name)).fill(value);
};
const select = (name: string, option: { label: string } | string) => async (form: Locator) => {
  await form.getByLabel(label(name)).selectOption(option);
};
const all =
  (...fills: ((form: Locator, run: Run) => Promise<void>)[]) =>
  async (form: Locator, run: Run) => {
    for (const fill of fills) await fill(form, run);
  };
/** Types a value into the tags input and waits for it to be a tag. */
async function tag(form: Locator, value: string) {
  const input = form.getByPlaceholder(TAGS_PLACEHOLDER);
  const tags = form.locator('[data-scope="tags-input"][data-part="item-text"]');
  const before = await tags.count();
  await input.fill(value);
  await input.press('Enter');
  await waitFor(async () => (await tags.count()) > before, 5_000, `the tag ${value}`);
  expect(await tags.nth(before).textContent()).toBe(value);
}
const check = (option: string) => async (form: Locator) => {
  await form.getByText(option, { exact: true }).click();
};
/** The fields of row `n` (from 1) of a list parameter, adding the row when it is not there. */
async function listRow(form: Locator, list: string, n = 1) {
  const group = form.getByRole('group', { name: label(list) });
  const remove = group.getByRole('button', { name: `Remove row ${n}` });
  if ((await remove.count()) === 0) await group.getByRole('button', { name: 'Add a row' }).click();
  await remove.waitFor();
  return group;
}
const variableRow =
  (list: string, fields: Record<string, string>, selects: Record<string, string> = {}) =>
  async (form: Locator) => {
    const group = await listRow(form, list);
    for (const [name, value] of Object.entries(fields)) await group.getByLabel(label(name)).fill(value);
    for (const [name, value] of Object.entries(selects))
      await group.getByLabel(label(name)).selectOption({ label: value });
  };

/** A key of the device model as each version writes it. */
const heartbeatKey = (run: Run) => (run.v201 ? 'OCPPCommCtrlr/HeartbeatInterval' : 'HeartbeatInterval');

/**
 * The commands in the order they run. Each version runs those it has; the session, reservation, profile,
 * monitor and display message a later command needs come from an earlier one.
 */
const STEPS: Step[] = [
  { key: 'clearCache', result: /^Accepted$/ },
  {
    key: 'dataTransfer',
    fill: all(text('Vendor ID', 'com.example'), text('Message ID', 'ping'), text('Data', 'hello')),
    result: /^Accepted$/,
  },
  {
    key: 'triggerMessage',
    fill: select('Requested message', { label: 'Heartbeat' }),
    result: /^Accepted$/,
  },
  {
    key: 'extendedTriggerMessage',
    fill: select('Requested message', { label: 'Status notification' }),
    result: /^Accepted$/,
  },
  {
    key: 'getConfiguration',
    fill: (form, run) => tag(form, heartbeatKey(run)),
    // 2.0.1 reads it with GetVariables: each variable's status and value.
    // 1.6's answer as labelled fields, never JSON (decision 452).
    result: (run) =>
      run.v201 ? /^HeartbeatInterval: Accepted \(\d+\)$/ : /^Configuration keys: HeartbeatInterval = \d+$/,
  },
  {
    key: 'changeConfiguration',
    fill: async (form, run) => {
      await form.getByLabel(label('Configuration key')).fill(heartbeatKey(run));
      await form.getByLabel(label('Value')).fill('120');
    },
    result: (run) => (run.v201 ? /^HeartbeatInterval: Accepted$/ : /^Accepted$/),
  },
  {
    key: 'changeAvailability',
    fill: select('Availability', { label: 'Operative' }),
    result: /^Accepted$/,
  },
  {
    key: 'sendLocalList',
    fill: all(
      async (form) => form.getByLabel(label('Local list')).fill(records.list),
      select('Update type', { label: 'Full (replace the list)' }),
    ),
    result: /^Accepted$/,
  },
  {
    key: 'getLocalListVersion',
    result: /^List version: 7$/,
  },
  {
    key: 'setChargingProfile',
    fill: async (form) => {
      await form.getByLabel(label('Charging profile ID')).fill(PROFILE_ID);
      await form.getByLabel(label('Stack level')).fill('2');
      await form.getByLabel(label('Purpose')).selectOption({ label: 'Default for sessions' });
      await form.getByLabel(label('Duration (s)')).fill('7200');
      await typeDate(dateField(form, label('Schedule start')), new Date());
      await form.getByLabel(label('Charging rate unit')).selectOption({ label: 'Amperes (A)' });
      const periods = await listRow(form, 'Periods');
      await periods.getByLabel(label('Start (s from schedule start)')).fill('0');
      await periods.getByLabel(label('Limit')).fill('16');
    },
    result: /^Accepted$/,
  },
  {
    key: 'getChargingProfiles',
    fill: text('Charging profile ID', PROFILE_ID),
    result: /^Accepted$/,
  },
  {
    key: 'getCompositeSchedule',
    connector: 1,
    fill: all(text('Duration (s)', '600'), select('Charging rate unit', { label: 'Amperes (A)' })),
    result: /^Accepted$/,
  },
  {
    key: 'clearChargingProfile',
    fill: text('Charging profile ID', PROFILE_ID),
    result: /^Accepted$/,
  },
  {
    key: 'reserveNow',
    connector: 2,
    fill: all(text('ID tag', ID_TAG), async (form) => {
      await typeDate(dateField(form, label('Expiry time')), new Date(Date.now() + 3_600_000));
    }),
    result: /^Accepted$/,
  },
  {
    // The reservation id is the one the platform gave the reservation: read from its payload.
    key: 'cancelReservation',
    fill: async (form, run) => {
      const payload = await details(run, 'Reserve now', 'Payload sent');
      const id = /"(?:reservationId|id)": (\d+)/.exec(payload)?.[1];
      expect(id, payload).toBeDefined();
      await form.getByLabel(label('Reservation ID')).fill(id!);
    },
    result: /^Accepted$/,
  },
  { key: 'unlockConnector', connector: 1, result: /^Unlocked$/ },
  {
    key: 'remoteStart',
    connector: 1,
    fill: all(text('ID tag', ID_TAG), async (form) => {
      // The charge type (decision 170): until full by default, its value field shown only for a target.
      const type = form.getByLabel(label('Charge type'));
      expect(await type.inputValue()).toBe('4');
      expect(await form.getByLabel(label('Charge value')).count()).toBe(0);
      await type.selectOption({ label: 'By energy' });
      await form.getByLabel(label('Charge value')).waitFor();
      await type.selectOption({ label: 'Until full' });
    }),
    result: /^Accepted$/,
    before: async ({ charger }) => {
      const started = new Promise<void>((resolve) => charger.once('sessionStarted', () => resolve()));
      return () => started;
    },
  },
  {
    // The running session's transaction id (an operator reads it on the charger's sessions).
    key: 'getTransactionStatus',
    fill: async (form, run) => {
      const tx = run.charger.connectors[1]?.session?.transactionId;
      expect(tx).toBeDefined();
      await form.getByLabel(label('Transaction ID')).fill(String(tx));
    },
    result: /Transaction ongoing: Yes/,
  },
  {
    key: 'remoteStop',
    connector: 1,
    result: /^Accepted$/,
    before: async ({ charger }) => {
      const stopped = new Promise<void>((resolve) => charger.once('sessionStopped', () => resolve()));
      return () => stopped;
    },
  },
  {
    // Fetched next year: the simulated charger does not install (and reboot) while the test runs.
    key: 'updateFirmware',
    fill: all(
      async (form) => form.getByLabel(label('Firmware')).fill(records.firmware),
      async (form) => typeDate(dateField(form, label('Download time')), inDays(365)),
      text('Retries', '2'),
      text('Retry interval (s)', '60'),
    ),
    // 1.6 UpdateFirmware.conf is empty.
    result: (run) => (run.v201 ? /^Accepted$/ : /^Empty$/),
  },
  {
    key: 'signedUpdateFirmware',
    fill: all(
      async (form) => form.getByLabel(label('Firmware')).fill(records.firmware),
      async (form) => typeDate(dateField(form, label('Download time')), inDays(365)),
      async (form) => typeDate(dateField(form, label('Install time')), inDays(366)),
      text('Signing certificate', '-----BEGIN CERTIFICATE-----'),
      text('Signature', 'c2lnbmF0dXJl'),
    ),
    result: /^Accepted$/,
  },
  {
    key: 'getDiagnostics',
    fill: all(
      async (form) => typeDate(dateField(form, label('From')), inDays(-1)),
      async (form) => typeDate(dateField(form, label('To')), new Date()),
    ),
    // 1.6 answers the file name it uploads; 2.0.1 is a GetLog.
    result: (run) => (run.v201 ? /^Accepted$/ : /^File name: diagnostics-/),
  },
  {
    key: 'getLog',
    fill: all(select('Log type', { label: 'Security log' }), text('Retries', '1')),
    result: /^Accepted$/,
  },
  // ---- OCPP 2.0.1's device model, monitoring, display messages and network profiles.
  {
    key: 'setVariables',
    fill: variableRow('Component variables', {
      Component: 'OCPPCommCtrlr',
      Variable: 'HeartbeatInterval',
      Value: '300',
    }),
    result: /^HeartbeatInterval: Accepted$/,
  },
  {
    key: 'getVariables',
    fill: variableRow(
      'Component variables',
      { Component: 'OCPPCommCtrlr', Variable: 'HeartbeatInterval' },
      { Attribute: 'Actual value' },
    ),
    result: /^HeartbeatInterval: Accepted \(300\)$/,
  },
  {
    key: 'getBaseReport',
    fill: select('Report type', { label: 'Summary' }),
    result: /^Accepted$/,
  },
  {
    key: 'getReport',
    fill: variableRow('Component variables', { Component: 'OCPPCommCtrlr', Variable: 'HeartbeatInterval' }),
    result: /^Accepted$/,
  },
  {
    key: 'setVariableMonitoring',
    fill: all(
      variableRow('Component variables', { Component: 'OCPPCommCtrlr', Variable: 'HeartbeatInterval' }),
      check('Above threshold'),
      check('Change by'),
      text('Monitor value', '600'),
      select('Severity', { label: '5 Alert' }),
    ),
    result: /^HeartbeatInterval, monitor \d+: Accepted; HeartbeatInterval, monitor \d+: Accepted$/,
  },
  {
    key: 'getMonitoringReport',
    fill: check('Change monitors'),
    result: /^Accepted$/,
  },
  {
    // The monitors' ids are those the charger gave them: read from the raw result of their setting.
    key: 'clearVariableMonitoring',
    fill: async (form, run) => {
      const raw = await details(run, 'Set variable monitoring', 'Raw result');
      const ids = [...raw.matchAll(/"id": (\d+)/g)].map((m) => m[1]!);
      expect(ids, raw).toHaveLength(2);
      for (const id of ids) await tag(form, id);
    },
    result: /^Monitor \d+: Accepted; Monitor \d+: Accepted$/,
  },
  {
    key: 'setMonitoringBase',
    fill: select('Monitoring base', { label: 'Factory defaults' }),
    result: /^Accepted$/,
  },
  {
    key: 'setMonitoringLevel',
    fill: select('Monitoring level', { label: '4 Error' }),
    result: /^Accepted$/,
  },
  {
    key: 'setDisplayMessage',
    fill: all(
      async (form) => form.getByLabel(label('Display message template')).fill(records.display),
      text('Display message ID', DISPLAY_MESSAGE_ID),
    ),
    result: /^Accepted$/,
  },
  {
    key: 'getDisplayMessages',
    fill: (form) => tag(form, DISPLAY_MESSAGE_ID),
    result: /^Accepted$/,
  },
  {
    key: 'clearDisplayMessage',
    fill: text('Display message ID', DISPLAY_MESSAGE_ID),
    result: /^Accepted$/,
  },
  {
    key: 'setNetworkProfile',
    fill: all(
      async (form) => form.getByLabel(label('Network configuration')).fill(records.network),
      select('Network interface', { label: 'Wireless 1' }),
    ),
    result: /^Accepted$/,
  },
  // Last: the charger reboots.
  {
    key: 'reset',
    fill: select('Reset type', { label: 'Soft reset when idle' }),
    result: /^Accepted$/,
  },
];

const NAMES: Record<string, string> = {
  reset: 'Reset',
  unlockConnector: 'Unlock connector',
  changeAvailability: 'Change availability',
  getConfiguration: 'Get configuration',
  changeConfiguration: 'Change configuration',
  clearCache: 'Clear cache',
  remoteStart: 'Remote start',
  remoteStop: 'Remote stop',
  reserveNow: 'Reserve now',
  cancelReservation: 'Cancel reservation',
  getLocalListVersion: 'Get local list version',
  clearChargingProfile: 'Clear charging profile',
  getCompositeSchedule: 'Get composite schedule',
  triggerMessage: 'Trigger message',
  dataTransfer: 'Data transfer',
  getBaseReport: 'Get base report',
  updateFirmware: 'Update firmware',
  signedUpdateFirmware: 'Signed firmware update',
  getDiagnostics: 'Get diagnostics',
  getLog: 'Get log',
  sendLocalList: 'Send local list',
  setChargingProfile: 'Set charging profile',
  getChargingProfiles: 'Get charging profiles',
  setVariableMonitoring: 'Set variable monitoring',
  clearVariableMonitoring: 'Clear variable monitoring',
  setMonitoringBase: 'Set monitoring base',
  setMonitoringLevel: 'Set monitoring level',
  getMonitoringReport: 'Get monitoring report',
  getReport: 'Get report',
  getVariables: 'Get variables',
  setVariables: 'Set variables',
  setDisplayMessage: 'Set display message',
  getDisplayMessages: 'Get display messages',
  clearDisplayMessage: 'Clear display message',
  setNetworkProfile: 'Set network profile',
  getTransactionStatus: 'Get transaction status',
  extendedTriggerMessage: 'Extended trigger message',
};

const resultsTable = (page: Page) => page.getByRole('table', { name: 'Command results' });
/** The newest row of the results list. */
const newestRow = (page: Page) => resultsTable(page).locator('tbody tr[data-status]').first();

/** The text of a details group ("Payload sent", "Raw result") of the newest row of a command. */
async function details(run: Run, command: string, group: string): Promise<string> {
  const row = resultsTable(run.page)
    .locator('tbody tr[data-status]')
    .filter({ hasText: run.id })
    .filter({ hasText: command })
    .first();
  await row.getByRole('button', { name: `Show details of ${command} on ${run.id}` }).click();
  const text = (await run.page.getByRole('group', { name: group }).textContent()) ?? '';
  await run.page.getByRole('button', { name: 'Hide details' }).click();
  return text;
}

/**
 * Waits for the newest row to be this command on this charger with an end, refreshing the list as a user
 * would (the list itself refreshes every 5 seconds while a command is pending). Its status and result.
 */
async function ended(page: Page, id: string, name: string) {
  const row = newestRow(page);
  const refresh = page
    .getByRole('region', { name: 'Command results' })
    .getByRole('button', { name: 'Refresh' });
  let last = '';
  const end = waitFor(
    async () => {
      // Status and cells read at once (the row re-renders as the list refreshes).
      const { status, cells, result } = await row
        .evaluate(
          (tr: HTMLTableRowElement) => ({
            status: tr.dataset.status ?? '',
            cells: [...tr.cells].map((cell) => cell.innerText),
            // The result cell by its test id: the expiry type and report time columns stand before it.
            result:
              (tr.querySelector('[data-testid="command-result"]') as HTMLElement | null)?.innerText ?? '',
          }),
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => ({ status: '', cells: [] as string[], result: '' }));
      last = `${status} ${cells.join(' | ')}`;
      if (cells[1] === id && cells[3] === name && !['queued', 'sent'].includes(status))
        return { status, statusText: cells[4] ?? '', result };
      if (await refresh.isEnabled()) await refresh.click({ timeout: 2_000 }).catch(() => undefined);
      await page.waitForTimeout(150);
      return undefined;
    },
    30_000,
    `the end of ${name} on ${id}`,
  );
  return end.catch((e: Error) => {
    throw new Error(`${e.message} (the newest row: ${last})`);
  });
}

async function choosePile(page: Page, id: string) {
  await page.getByRole('searchbox', { name: 'Search charge points by id' }).fill(id);
  await page.getByRole('option', { name: new RegExp(`^${id}.*Online`) }).click();
}

describe.each([
  ['DEMO-CP-001', 'ocpp1.6'],
  ['DEMO-CP-004', 'ocpp2.0.1'],
] as const)('every command to %s (%s) from /charge/command', (id, version: OcppVersion) => {
  const supported = COMMANDS.filter((def) => variantFor(def, version) !== undefined);
  const steps = STEPS.filter((s) => supported.some((def) => def.key === s.key));

  it('has a step for each command its version supports', () => {
    expect(steps.map((s) => s.key).sort()).toEqual(supported.map((def) => def.key).sort());
    expect(Object.keys(NAMES).sort()).toEqual(COMMANDS.map((def) => def.key).sort());
  });

  it('runs each one and shows its answer', { timeout: 300_000 }, async () => {
    const page = await browser.newPage();
    // Generous waits: the machine may be busy (the whole file runs in about a minute when it is not).
    page.setDefaultTimeout(60_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await page.goto(`${rt.url}/charge/command`);
    const run: Run = { page, id, charger: chargers.get(id)!, v201: version === 'ocpp2.0.1' };

    let tab: 'pile' | 'connector' | undefined;
    const ran: string[] = [];
    for (const step of steps) {
      const def = supported.find((d) => d.key === step.key)!;
      const name = NAMES[step.key]!;
      const tabName = def.scope === 'connector' ? 'Connector control' : 'Charge point control';
      if (tab !== def.scope) {
        await page.getByRole('tab', { name: tabName }).click();
        tab = def.scope;
      }
      const form = page.getByRole('form', { name: tabName });
      const selected = form.getByTestId('selected-pile');
      if ((await selected.count()) === 0) await choosePile(page, id);
      await selected.getByRole('code').getByText(id, { exact: true }).waitFor();
      if (def.scope === 'connector') {
        expect(step.connector, step.key).toBeDefined();
        await form.getByLabel(/^Connector/).selectOption(String(step.connector));
      }
      await form.getByLabel(/^Command/).selectOption({ label: name });
      if (step.fill) await step.fill(form, run);
      else await form.getByText('This command has no parameters.').waitFor();

      const after = step.before ? await step.before(run) : undefined;
      await form.getByRole('button', { name: 'Send' }).click();
      // Commands that change what the charger does for drivers ask first, naming it.
      if (CONFIRMED.has(step.key)) {
        const confirm = page.getByRole('alertdialog');
        expect(await confirm.textContent(), `${step.key}: the confirmation`).toContain(id);
        await confirm.getByRole('button', { name: 'Send' }).click();
      }
      const outcome = form.getByTestId('command-outcome');
      await outcome.waitFor();
      expect(await outcome.textContent(), `${step.key}: the send`).toBe(ISSUED);

      const end = await ended(page, id, name);
      const want = typeof step.result === 'function' ? step.result(run) : step.result;
      expect(end.status, `${step.key}: ${end.result}`).toBe('answered');
      expect(end.statusText).toBe('Answered');
      expect(end.result, step.key).toMatch(want);
      if (after) await after();
      ran.push(step.key);
    }

    expect(ran).toEqual(steps.map((s) => s.key));
    expect(errors).toEqual([]);
    await page.close();
  });
});
