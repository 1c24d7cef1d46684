/**
 * What `npm start` and `npm test` do first, in plain Node (it runs before dependencies exist): install
 * dependencies when missing or stale, and build the console when its sources changed since the last build.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

export function checkPrerequisites() {
  // Node 24 LTS (docs/decisions/436): what the Lambda functions run, and what the dependencies need.
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 24 || (major === 24 && minor < 11)) {
    console.error(
      `Node ${process.versions.node} is too old: Node 24.11 (LTS) or newer is needed.\n` +
        'Get it from the npm registry with: export PATH="$(bin/node24.sh):$PATH"',
    );
    process.exit(1);
  }
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1];
  if (java.error || !version || Number(version) < 17) {
    console.error('Java 17 or newer is needed (DynamoDB Local runs on it): install a JDK/JRE 17+ and retry.');
    process.exit(1);
  }
}

/** npm ci when node_modules is missing or was installed from another lockfile. */
export function ensureDependencies() {
  const lock = at('package-lock.json');
  const hash = createHash('sha256')
    .update(readFileSync(lock))
    .update(readFileSync(at('package.json')))
    .digest('hex');
  const stamp = at('node_modules', '.installed-from');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('Installing dependencies (npm ci)…');
  const started = Date.now();
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, hash);
  console.log(`Dependencies installed in ${seconds(started)} s.`);
}

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((n) => newest(path.join(p, n))));
}

/** Rebuilds web/dist when the console's sources (web/src, web/public, shared/...) are newer than the last build. */
export function ensureConsoleBuild() {
  const stamp = at('web', 'dist', 'index.html');
  const sources = Math.max(
    newest(at('web', 'src')),
    newest(at('web', 'public')),
    newest(at('web', 'index.html')),
    newest(at('web', 'vite.config.ts')),
    newest(at('shared')),
    newest(at('package-lock.json')),
  );
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  console.log('Building the console…');
  const started = Date.now();
  run(process.execPath, [
    at('node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
  console.log(`Console built in ${seconds(started)} s.`);
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
