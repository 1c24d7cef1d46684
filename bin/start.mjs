/** `npm start`: dependencies and console build when stale, then the whole product (bin/runtime.ts). */
import { spawn } from 'node:child_process';
import { checkPrerequisites, ensureConsoleBuild, ensureDependencies, root } from './prepare.mjs';

checkPrerequisites();
ensureDependencies();
ensureConsoleBuild();

// The runtime stops should this process be killed outright (bin/runtime.ts watches it).
const child = spawn(process.execPath, ['--import', 'tsx', 'bin/runtime.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, EVC_LAUNCHER_PID: String(process.pid) },
});
// Ctrl-C reaches the child through the terminal too; a SIGTERM sent to this process is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
