/** `npm test`: dependencies and console build when stale, then the whole suite (Vitest). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkPrerequisites, ensureConsoleBuild, ensureDependencies, root } from './prepare.mjs';

const started = Date.now();
checkPrerequisites();
ensureDependencies();
ensureConsoleBuild();

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(result.status ?? 1);
