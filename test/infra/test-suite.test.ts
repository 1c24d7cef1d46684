/**
 * The suite's own rule (decision 360): test files share their worker's loaded modules, so none may replace a
 * module with vi.mock (the replacement would be missed by a worker that loaded the module already, or leak
 * into the next file). A test that watches or holds a call spies on the object its module calls through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

describe('the test suite', () => {
  it('replaces no module with vi.mock or vi.doMock', () => {
    const mocking = testFiles(root)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(mocking).toEqual([]);
  });
});
