/**
 * Imported first by main.tsx: the console's Content-Security-Policy has no 'unsafe-eval', so zod must not
 * probe `new Function` to compile parsers (the probe is blocked and logged as a CSP violation).
 */
import { z } from 'zod';

z.config({ jitless: true });
