/**
 * Benchmark: the gzipped JavaScript each console route loads, on the production build
 * (docs/decisions/429-console-code-splitting.md, docs/decisions/431-console-on-react-and-recharts.md). The build
 * (web/vite.config.ts, into a temporary folder, with its manifest) gives each chunk's static and dynamic
 * imports; a route loads
 * - the entry chunk and its static imports, and the catalogue of the default language (en);
 * - for a console page, the layout's chunk and its static imports (web/src/layout/app-layout.tsx);
 * - the module of its screen (web/src/screens/registry.ts) with its static imports, and the lazy parts the
 *   registry says it shows at once (`shownWith`: the chart a detail page draws), counted as if shown.
 * Each chunk is counted once per route, gzipped with zlib's default level as a server sends it; a route is
 * judged in its heaviest language (its catalogue parts in place of English's).
 * Budgets, by class of route: the login page at most 200 KB, a page without charts at most 420 KB, a page
 * with charts at most 550 KB; recharts (the `charts` chunk) only on the routes that draw charts. Each class
 * is printed with its budget, its heaviest route and PASS or FAIL; the process exits 1 on a FAIL.
 *   npm run bench:web             the table
 *   npm run bench:web -- --browser  also loads a few routes in Chromium against a local runtime and sums
 *                                   the JavaScript the page really fetched (gzipped the same way)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { languages } from '@shared/i18n/languages.ts';
import { pageRoutes, screenKey } from '@web/route-table.ts';
import { screenModules, screenOf, screens } from '@web/screens/registry.ts';
import { build } from 'vite';

/** The budgets (KB gzipped, in a route's heaviest language), by class of route. */
const BUDGETS = { login: 200, page: 420, chart: 550 } as const;
type RouteClass = keyof typeof BUDGETS;
const CLASS_NAMES: Record<RouteClass, string> = {
  login: 'login page',
  page: 'pages without charts',
  chart: 'pages with charts',
};
/** The screens that draw charts (the `charts` chunk): every other route must not load it. */
const CHART_ROUTES = new Set([
  '/home',
  '/statRevenue',
  '/transcationInsight',
  '/alarmChart',
  '/appInsight',
  '/analysis',
  '/renewable',
  '/powerProfile',
  '/energyBoxDetail',
  '/orderDetail',
]);

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-web-'));
const started = performance.now();
await build({
  configFile: path.join(root, 'web/vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, manifest: true },
});
const buildSeconds = ((performance.now() - started) / 1000).toFixed(1);
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const chunk = (key: string): ManifestChunk => {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the build's manifest`);
  return found;
};
const gzipped = new Map<string, number>();
const gz = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) gzipped.set(file, (size = gzipSync(readFileSync(path.join(outDir, file))).length));
  return size;
};
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** A chunk and everything it imports statically (the browser fetches them together). */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk(key).imports ?? []) closure(imported, into);
  return into;
}

const ENTRY = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!ENTRY) throw new Error('The build has no entry chunk');
/** The login pages: the entry chunk and the core part of the English catalogue. */
const LOGIN = [ENTRY, 'src/catalogues/core-en.ts'];
/** What any other page loads first (web/src/console-parts.ts). */
const CONSOLE_PARTS = ['src/components/ui/console-system.ts', 'src/catalogues/console-en.ts'];
const LAYOUT = 'src/layout/app-layout.tsx';
interface Row {
  route: string;
  keys: Set<string>;
  kind: RouteClass;
}
const pageKind = (route: string): RouteClass => (CHART_ROUTES.has(route.split('/:')[0]!) ? 'chart' : 'page');
const union = (roots: string[]) => {
  const keys = new Set<string>();
  for (const root of roots) closure(root, keys);
  return keys;
};
const rows: Row[] = [{ route: '/login', keys: union(LOGIN), kind: 'login' }];
for (const [route, source] of [
  ['/status', 'src/pages/public-status-page.tsx'],
  ['/subsplan', 'src/pages/subscription-page.tsx'],
] as const)
  rows.push({ route, keys: union([...LOGIN, ...CONSOLE_PARTS, source]), kind: pageKind(route) });
for (const route of pageRoutes) {
  const screen = screenOf(screenKey(route));
  const roots = [
    ...LOGIN,
    ...CONSOLE_PARTS,
    LAYOUT,
    ...(screen ? [screen.module.source, ...(screen.shownWith ?? [])] : []),
  ];
  rows.push({ route: route.path, keys: union(roots), kind: pageKind(route.path) });
}

/** Every dynamic import, reached from which chunk: a check that none of them goes uncounted by mistake. */
const counted = new Set([
  ...LOGIN,
  ...CONSOLE_PARTS,
  LAYOUT,
  'src/pages/public-status-page.tsx',
  'src/pages/subscription-page.tsx',
  ...screenModules.map((m) => m.source),
  ...Object.values(screens).flatMap((s) => s.shownWith ?? []),
]);
const onDemand = new Set<string>();
for (const entry of Object.values(manifest))
  for (const lazy of entry.dynamicImports ?? [])
    if (!counted.has(lazy) && !lazy.startsWith('src/catalogues/')) onDemand.add(lazy);

const isCharts = (key: string) => chunk(key).name === 'charts';
const total = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gz(chunk(key).file), 0);
/** The language's catalogue parts in place of English's. */
const inLanguage = (keys: Set<string>, code: string) =>
  new Set(
    [...keys].map((key) => key.replace(/^(src\/catalogues\/(?:core|console))-en\.ts$/, `$1-${code}.ts`)),
  );
/** A route's figure in its heaviest language: the target holds for every language. */
const heaviest = (keys: Set<string>) => {
  let worst = { code: 'en', bytes: total(keys) };
  for (const { locale: code } of languages) {
    const bytes = total(inLanguage(keys, code));
    if (bytes > worst.bytes) worst = { code, bytes };
  }
  return worst;
};

console.log(
  `Production build in ${buildSeconds} s; gzipped JavaScript each route loads (en catalogue included):\n`,
);
console.log('| route | class | KB gz (en) | heaviest language | budget | met | charts |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
/** Per class: its heaviest route, and the routes over budget or loading recharts where they should not. */
const classes = new Map<
  RouteClass,
  { worst?: { route: string; code: string; bytes: number }; over: string[] }
>((Object.keys(BUDGETS) as RouteClass[]).map((kind) => [kind, { over: [] }]));
const misplacedCharts: string[] = [];
for (const row of rows) {
  const bytes = total(row.keys);
  const worst = heaviest(row.keys);
  const budget = BUDGETS[row.kind];
  const met = worst.bytes <= budget * 1000;
  const charts = [...row.keys].some(isCharts);
  const chartsOk = charts === (row.kind === 'chart');
  const summary = classes.get(row.kind)!;
  if (!met) summary.over.push(row.route);
  if (!chartsOk) misplacedCharts.push(row.route);
  if (!summary.worst || worst.bytes > summary.worst.bytes) summary.worst = { route: row.route, ...worst };
  const chartNote = charts ? 'loaded' : '-';
  console.log(
    `| ${row.route} | ${row.kind} | ${kb(bytes)} | ${kb(worst.bytes)} (${worst.code}) | ≤ ${budget} | ${met ? 'met' : 'NOT met'} | ${chartsOk ? chartNote : `${chartNote} (NOT expected)`} |`,
  );
}

const files = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
const all = files.reduce((sum, c) => sum + gz(c.file), 0);
const catalogues = Object.keys(manifest)
  .filter((key) => key.startsWith('src/catalogues/'))
  .sort()
  .map((key) => `${path.basename(key, '.ts')} ${kb(gz(chunk(key).file))}`);
const login = heaviest(rows[0]!.keys);
console.log(
  `\nLogin page: ${kb(total(rows[0]!.keys))} KB gz in English, ${kb(login.bytes)} in ${login.code}.`,
);
console.log(`Catalogue parts (KB gz; one language's at a time): ${catalogues.join(', ')}.`);
const loginKeys = rows[0]!.keys;
const beyondLogin = (key: string) => total(new Set([...union([key])].filter((k) => !loginKeys.has(k))));
console.log(
  `Loaded on an action or by another route, not counted above (KB gz beyond the login page's): ${[...onDemand]
    .map((key) => `${key} ${kb(beyondLogin(key))}`)
    .join(', ')}.`,
);
console.log(`Whole build: ${files.length} JavaScript chunks, ${kb(all)} KB gz.`);
// `--detail /route` lists what a route loads, largest first.
const detail = process.argv[process.argv.indexOf('--detail') + 1];
for (const row of rows.filter((r) => process.argv.includes('--detail') && r.route === detail)) {
  const sizes = [...row.keys]
    .map((k) => [chunk(k).file, gz(chunk(k).file)] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log(`\n${row.route}: ${sizes.map(([file, size]) => `${file} ${kb(size)}`).join(', ')}`);
}

console.log('\nBudgets (KB gz, each route in its heaviest language):\n');
console.log('| class | routes | budget | heaviest route | KB gz | result |');
console.log('| --- | --- | --- | --- | --- | --- |');
let failures = 0;
for (const [kind, { worst, over }] of classes) {
  const count = rows.filter((row) => row.kind === kind).length;
  if (over.length) failures++;
  const result = over.length ? `FAIL (${over.join(', ')})` : 'PASS';
  console.log(
    `| ${CLASS_NAMES[kind]} | ${count} | ≤ ${BUDGETS[kind]} | ${worst?.route ?? '-'} | ${worst ? `${kb(worst.bytes)} (${worst.code})` : '-'} | ${result} |`,
  );
}
if (misplacedCharts.length) failures++;
console.log(
  `| recharts only on chart pages | ${CHART_ROUTES.size} screens | - | - | - | ${misplacedCharts.length ? `FAIL (${misplacedCharts.join(', ')})` : 'PASS'} |`,
);
console.log(failures ? `\n${failures} budget(s) FAILED.` : '\nEvery budget met.');

if (process.argv.includes('--browser')) await inBrowser();
rmSync(outDir, { recursive: true, force: true });
if (failures) process.exitCode = 1;

/**
 * The same figures as a browser fetches them: the local runtime serves this build, Chromium signs in as the
 * demo platform administrator and opens a few routes, each on a fresh page; every JavaScript response the
 * page gets (from the network or the cache) is gzipped as above and summed.
 */
async function inBrowser() {
  const { launchBrowser, signInOnConsole } = await import('../helpers/browser.ts');
  const { startRuntime } = await import('@infra/local/runtime.ts');
  process.env.AUTH_CAPTCHA = 'off';
  process.env.DYNAMODB_IN_MEMORY ??= '1';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-web-data-'));
  const rt = await startRuntime({
    port: 0,
    mqttPort: 0,
    smtpPort: 0,
    dataDir,
    seed: 'demo',
    seedHistory: false,
    simChargers: 0,
    distDir: outDir,
    log: () => undefined,
  });
  const browser = await launchBrowser();
  try {
    console.log('\nIn Chromium (a fresh page per route; the JavaScript it loaded, gzipped):\n');
    console.log('| route | KB gz | chunks | static figure | page errors |');
    console.log('| --- | --- | --- | --- | --- |');
    const routes = ['/login', '/home', '/equipment', '/chargeOrder', '/user', '/alarmChart', '/monitor'];
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (route !== '/login') {
        await signInOnConsole(page, rt.url, 'admin', 'Admin12345');
        await page.waitForLoadState('networkidle');
        await page.close();
      }
      const fresh = await context.newPage();
      const fetched = new Map<string, number>();
      const errors: string[] = [];
      fresh.on('pageerror', (error) => errors.push(error.message));
      fresh.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      fresh.on('response', (response) => {
        const url = response.url();
        if (!url.endsWith('.js')) return;
        void response.body().then(
          (body) => fetched.set(url, gzipSync(body).length),
          () => undefined,
        );
      });
      await fresh.goto(`${rt.url}/charge${route}`);
      await fresh.waitForLoadState('networkidle');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const report = (label: string, figure: string) => {
        const bytes = [...fetched.values()].reduce((a, b) => a + b, 0);
        console.log(
          `| ${label} | ${kb(bytes)} | ${fetched.size} | ${figure} | ${errors.join('; ') || 'none'} |`,
        );
      };
      const row = rows.find((r) => r.route === route);
      report(route, row ? kb(total(row.keys)) : '-');
      if (route === '/login') {
        // The form's rules come with a field's first focus.
        await fresh.getByLabel('Username').first().focus();
        await fresh.waitForLoadState('networkidle');
        await new Promise((resolve) => setTimeout(resolve, 500));
        report('/login, a field focused', kb(total(row!.keys) + beyondLogin('src/pages/login-rules.ts')));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
