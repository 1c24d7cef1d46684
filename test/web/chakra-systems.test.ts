/**
 * The console's two Chakra systems (web/src/components/ui/system.ts, console-system.ts) hold only some of
 * Chakra's recipes. A component whose recipe a system lacks would be drawn without its styles, so: every
 * Chakra component the console imports (web/src) has its recipes, and those the login pages draw (main.tsx's
 * static imports, the toasts and the change-password dialog) have theirs in the login system. A component's recipes are read from
 * Chakra's own modules: the recipe keys of the component's module and of the Chakra modules it imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { consoleSystem } from '@web/components/ui/console-system.ts';
import { loginSystem } from '@web/components/ui/system.ts';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'web/src');
const chakra = path.join(root, 'node_modules/@chakra-ui/react/dist/esm');
const chakraKeys = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);

/** `import ... from '...'` and `export ... from '...'` of a module: [names imported, specifier]. */
function importsOf(file: string): { names: string[]; from: string; type: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { names: string[]; from: string; type: boolean }[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s+'([^']+)';/gm)) {
    const names = [...(m[2]!.match(/{([\s\S]*)}/)?.[1] ?? m[2]!).split(',')]
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    out.push({ names, from: m[3]!, type: Boolean(m[1]) });
  }
  for (const m of text.matchAll(/^import\s+'([^']+)';/gm)) out.push({ names: [], from: m[1]!, type: false });
  return out;
}

function resolveWeb(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('@web/')) return path.join(web, specifier.slice(5));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined; // a package, or @shared (no UI there)
}

/** Chakra components imported by the given web modules, and (with `follow`) the modules they import statically. */
function chakraImports(files: string[], follow: boolean): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of importsOf(file)) {
      if (imported.type) continue;
      if (imported.from === '@chakra-ui/react') for (const name of imported.names) names.add(name);
      const next = follow ? resolveWeb(file, imported.from) : undefined;
      if (next && /\.tsx?$/.test(next)) visit(next);
    }
  };
  for (const file of files) visit(file);
  return names;
}

const allWebFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? allWebFiles(full) : /\.tsx?$/.test(entry) ? [full] : [];
  });

/** Chakra's export name → its module, from its index (`export {...} from`, `export { ns as Name }`). */
const chakraIndex = (() => {
  const text = readFileSync(path.join(chakra, 'index.js'), 'utf8');
  const map = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const m of text.matchAll(/import \* as (\S+) from '([^']+)';/g)) namespaces.set(m[1]!, m[2]!);
  for (const m of text.matchAll(/export {([^}]*)} from '(\.[^']+)';/g))
    for (const name of m[1]!.split(',')) {
      const [local, exported] = name.trim().split(/\s+as\s+/);
      map.set((exported ?? local)!, path.join(chakra, m[2]!));
    }
  for (const m of text.matchAll(/export {([^}]*)};/g))
    for (const name of m[1]!.split(',')) {
      const [local, exported] = name.trim().split(/\s+as\s+/);
      const source = namespaces.get(local!);
      if (source && exported) map.set(exported, path.join(chakra, source));
    }
  return map;
})();

/** The recipe keys a Chakra module and the Chakra modules it imports use. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(
    /(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\{\s*key:\s*"([^"]+)"/g,
  ))
    keys.add(m[1]!);
  for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.resolve(path.dirname(file), m[1]!);
    if (next.startsWith(path.join(chakra, 'components')))
      for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

/** The Chakra recipes the given components need (those Chakra's theme has: some keys have no recipe). */
function recipesNeeded(components: Set<string>): string[] {
  const keys = new Set<string>();
  for (const name of components) {
    const module = chakraIndex.get(name);
    if (module) for (const key of recipeKeys(module)) if (chakraKeys.has(key)) keys.add(key);
  }
  return [...keys].sort();
}

const has = (system: typeof loginSystem) => (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe('Chakra systems', () => {
  it('reads the recipes of a component from Chakra (self-check)', () => {
    expect(recipesNeeded(new Set(['Checkbox']))).toEqual(['checkbox', 'checkmark']);
    expect(recipesNeeded(new Set(['Table']))).toEqual(['table']);
  });

  it('the login system has the recipes of every component the login pages draw', () => {
    // The first chunk, and what the login pages load on demand: the toasts, the change-password dialog.
    const shown = ['main.tsx', 'components/ui/toaster-view.tsx', 'layout/account-dialogs.tsx'];
    const needed = recipesNeeded(
      chakraImports(
        shown.map((file) => path.join(web, file)),
        true,
      ),
    );
    expect(needed).toContain('field');
    expect(needed.filter((key) => !has(loginSystem)(key))).toEqual([]);
  });

  it('the console system has the recipes of every component the console imports', () => {
    const needed = recipesNeeded(chakraImports(allWebFiles(web), false));
    expect(needed).toContain('table');
    expect(needed.filter((key) => !has(consoleSystem)(key))).toEqual([]);
  });

  it('the console system adds recipes to the login system, which stays smaller', () => {
    for (const key of chakraKeys) if (has(loginSystem)(key)) expect(has(consoleSystem)(key), key).toBe(true);
    const count = (system: typeof loginSystem) => [...chakraKeys].filter(has(system)).length;
    expect(count(loginSystem)).toBeLessThan(count(consoleSystem));
    expect(count(consoleSystem)).toBeLessThan(chakraKeys.size);
  });
});
