/**
 * The folders of functions/ show its layers (docs/decisions/444-layers-you-can-see.md, 400): one ordered list
 * of layers in eslint.config.js (`FUNCTION_LAYERS`), a folder importing its own layer and those below. The lint
 * rule `import-x/no-restricted-paths` refuses an upward import file by file; this test reads every import of
 * functions/ once and checks what a per-file rule cannot: no two folders import each other both ways, every
 * folder has its place in the list, nothing reaches up into infra/, and only Lambda entries import the wiring
 * of the reactions (functions/reactions.ts). Storage is the data layer's alone
 * (docs/decisions/445-one-way-to-store-an-entity.md): lint refuses a repository built or a key format written
 * outside functions/data, which a probe file proves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { distinctFunctionRefs } from '@shared/topology/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Every .ts file below `dir`, repository-relative. */
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });

// Static imports and re-exports (type-only and side-effect ones too) and dynamic imports.
const STATIC = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository path an import names, for imports of functions/ and infra/ (others are left out). */
function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('@functions/')) return `functions/${spec.slice('@functions/'.length)}`;
  if (spec.startsWith('@infra/')) return `infra/${spec.slice('@infra/'.length)}`;
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return undefined;
}

interface Edge {
  file: string;
  to: string;
}

const edges: Edge[] = sources('functions').flatMap((file) => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].flatMap(([, spec]) => {
    const to = target(file, spec!);
    return to ? [{ file, to }] : [];
  });
});

/** The folder of functions/ a path lies in (undefined for a file at the top of functions/ or elsewhere). */
const folderOf = (file: string) => /^functions\/([^/]+)\//.exec(file)?.[1];

let layers: string[][];
beforeAll(async () => {
  const config = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as {
    FUNCTION_LAYERS: string[][];
  };
  layers = config.FUNCTION_LAYERS;
});
const layerOf = (folder: string) => layers.findIndex((layer) => layer.includes(folder));

describe('the layers of functions/', () => {
  it('places every folder of functions/ in exactly one layer', () => {
    const folders = readdirSync(path.join(root, 'functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const listed = layers.flat();
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('has no import from a folder into a folder of a layer above it', () => {
    const upward = edges
      .filter((e) => folderOf(e.file) && folderOf(e.to))
      .filter((e) => layerOf(folderOf(e.to)!) > layerOf(folderOf(e.file)!))
      .map((e) => `${e.file} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('has no two folders importing each other both ways', () => {
    const direction = new Set(
      edges
        .map((e) => [folderOf(e.file), folderOf(e.to)])
        .filter(([a, b]) => a && b && a !== b)
        .map(([a, b]) => `${a} → ${b}`),
    );
    const twoWay = [...direction].filter((d) => direction.has(d.split(' → ').reverse().join(' → ')));
    expect(twoWay).toEqual([]);
  });

  it('never reaches up into infra/: the topology contract is shared/topology', () => {
    expect(edges.filter((e) => e.to.startsWith('infra/')).map((e) => e.file)).toEqual([]);
  });

  it('lets only Lambda entries import the wiring, and only the wiring import a domain’s reactions', () => {
    const entries = new Set(distinctFunctionRefs().map((ref) => ref.module));
    const wiredBy = edges.filter((e) => e.to === 'functions/reactions.ts').map((e) => e.file);
    expect(wiredBy.filter((file) => !entries.has(file))).toEqual([]);
    expect(wiredBy.length).toBeGreaterThan(0);
    const reactions = edges.filter((e) => /^functions\/[^/]+\/reactions\.ts$/.test(e.to));
    expect(reactions.filter((e) => e.file !== 'functions/reactions.ts')).toEqual([]);
    expect(reactions.length).toBeGreaterThan(0);
  });

  /** The messages of one rule when `text` is linted as the file `file`. */
  const linter = (ruleId: string) => {
    const eslint = new ESLint({ cwd: root });
    return async (file: string, text: string) =>
      (await eslint.lintText(text, { filePath: path.join(root, file) }))[0]!.messages
        .filter((m) => m.ruleId === ruleId)
        .map((m) => m.message);
  };

  it('fails lint on an upward import and on an import of infra/', async () => {
    const lint = linter('import-x/no-restricted-paths');
    const upward =
      "import { chargePointById } from '@functions/chargepoints/sites.ts';\nvoid chargePointById;\n";
    expect(await lint('functions/lib/probe.ts', upward)).toHaveLength(1);
    expect(await lint('functions/orders/probe.ts', upward)).toEqual([]);
    const topology = "import { repoRoot } from '@infra/cdk/stack.ts';\nvoid repoRoot;\n";
    expect(await lint('functions/orders/probe.ts', topology)).toHaveLength(1);
  });

  it('fails lint on a repository built or a key format written outside functions/data (decision 445)', async () => {
    const lint = linter('no-restricted-syntax');
    const storage = [
      "import { Repository } from '@functions/data/repository.ts';",
      "export const probes = new Repository<{ id: string }>({ type: 'PROBE', idField: 'id' });",
      'export const orderPk = (orderNo: string) => `ORDER#${orderNo}`;',
      'export const stationDay = (day: string, id: string) => `STDAY#${day}#${id}`;',
      // Not keys of the table: a join of two values, a message, a bare `#`.
      'export const joined = (a: string, b: string) => `${a}#${b}`;',
      'export const said = (no: string) => `Order #${no}`;',
      '',
    ].join('\n');
    const refused = await lint('functions/orders/probe.ts', storage);
    expect(refused).toHaveLength(3);
    expect(refused.filter((m) => m.includes('repository is built in functions/data'))).toHaveLength(1);
    expect(refused.filter((m) => m.includes('Key formats are written in functions/data'))).toHaveLength(2);
    expect(await lint('functions/data/probe.ts', storage)).toEqual([]);
  });

  it('finds no repository built and no key format written outside functions/data', async () => {
    const { STORAGE_OUTSIDE_DATA } = (await import(
      pathToFileURL(path.join(root, 'eslint.config.js')).href
    )) as {
      STORAGE_OUTSIDE_DATA: { selector: string }[];
    };
    expect(STORAGE_OUTSIDE_DATA).toHaveLength(2);
    const outside = sources('functions').filter((file) => !file.startsWith('functions/data/'));
    const found = outside.filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return /\bnew Repository\b/.test(text) || /`[A-Z][A-Z0-9_]*#\$\{/.test(text);
    });
    expect(found).toEqual([]);
  });
});
