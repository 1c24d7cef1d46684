/**
 * The console's Content-Security-Policy has no 'unsafe-eval', so zod must not probe `new Function` to
 * compile parsers (the probe is blocked and logged as a CSP violation). zod is not in the console's first
 * chunk (decision 429): each module that brings it to a page imports this first, before anything parses:
 * the layout (every screen renders inside it), the subscription page, the account dialogs and the login
 * form's rules.
 */
import { z } from 'zod';

z.config({ jitless: true });
