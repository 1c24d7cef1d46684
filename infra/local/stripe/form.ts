/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys (`metadata[agentId]=...`,
 * `payment_method_types[0]=card`, `card[number]=...`), decoded here into nested objects and arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i]!;
      const next = path[i + 1]!;
      // `a[]` and `a[0]` build arrays; anything else an object.
      const wantArray = next === '' || /^\d+$/.test(next);
      if (typeof node[seg] !== 'object') node[seg] = wantArray ? [] : {};
      node = node[seg] as Record<string, FormValue>;
    }
    const last = path[path.length - 1]!;
    if (Array.isArray(node) && last === '') (node as FormValue[]).push(value);
    else node[last] = value;
  }
  return root;
}

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export function obj(v: FormValue | undefined): Record<string, FormValue> {
  return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
}

/** Only string leaves (metadata values). */
export function stringMap(v: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v))) if (typeof val === 'string') out[k] = val;
  return out;
}

export function list(v: FormValue | undefined): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (v && typeof v === 'object') return Object.values(v).filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : [];
}
