/**
 * The project cites its own documents: docs/product.md and docs/architecture.md (whose numbered sections are
 * those of the specification and the design), docs/*.md and the decisions in docs/decisions. Never the
 * specification or design files themselves (not in the repository) nor an issue number. The lint rule
 * `citations/no-foreign-citations` (eslint.config.js) holds comments and test names to it; this file holds
 * docs/ and README.md to it, and checks that the rule is wired into the project's lint configuration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const markdown = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdown(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });

let foreign: RegExp;
beforeAll(async () => {
  // eslint.config.js is plain JavaScript: imported by URL, its one pattern shared with the lint rule.
  const config = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as {
    FOREIGN_CITATION: RegExp;
  };
  foreign = config.FOREIGN_CITATION;
});

describe('citations', () => {
  it('the pattern catches the old citations and leaves other words alone', () => {
    for (const text of [
      'SPEC.md section 3',
      'see SPEC section 5',
      'the SPEC routes',
      'DESIGN.md section 8',
      '(issue 19)',
      'Issue 17.',
      "issue 7's tariffs",
      'issues 6 and 8',
      'issue #12',
    ])
      expect(foreign.test(text), text).toBe(true);
    for (const text of [
      'docs/product.md section 3',
      'docs/architecture.md section 8',
      'docs/decisions/426-ocpi-cpo.md',
      'a schema issue below a rows field',
      'result.error.issues[0]',
      'the date spec reads it as local time',
      'card issued 2026-11-01',
    ])
      expect(foreign.test(text), text).toBe(false);
  });

  it('docs/ and README.md cite no specification or design file and no issue number', () => {
    const found = [path.join(root, 'README.md'), ...markdown(path.join(root, 'docs'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          foreign.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('the lint rule refuses them in comments and test names, and passes the project’s own citations', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (code: string, file: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages.filter((m) => m.ruleId === 'citations/no-foreign-citations').map((m) => m.line);
    };
    const bad = [
      '/** Orders (issue 7; SPEC.md section 3). */',
      'export const a = 1; // DESIGN.md section 3',
      '/* the SPEC routes */',
      "describe('fleets (issue 18)', () => {});",
      "it.each([1])(`has Issue 4's rows`, () => {});",
    ].join('\n');
    expect(await lint(bad, 'shared/citations-sample.ts')).toEqual([1, 2, 3, 4, 5]);
    const good = [
      '/** Orders (docs/product.md section 3; docs/decisions/263-settlement-is-one-transaction.md). */',
      'export const a = 1; // docs/architecture.md section 3',
      "describe('fleets', () => {});",
      "export const message = 'issue 7 is not a comment';",
    ].join('\n');
    expect(await lint(good, 'shared/citations-sample.ts')).toEqual([]);
  });
});
