/**
 * The login form's rules: zod and the shared login schema, about 27 KB gzipped, which the login page's first
 * load goes without. web/src/pages/login-form.tsx loads them when a field first gets focus; a submit waits
 * for them.
 */
import '@web/lib/zod-config.ts';

export { LIMITS, loginForm } from '@shared/schemas/identity.ts';
