/**
 * Every test file: the environment variables as they were before it, once it is done. Test files share
 * their worker process (decision 360): what one file's runtime or test set (`AUTH_CAPTCHA`, table names, the
 * stand-ins' endpoints) must not reach the next file.
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
