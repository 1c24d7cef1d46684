/**
 * The keys docs/product.md section 3 keeps locally, in one place. A 401 (docs/product.md section 8) clears
 * exactly SESSION_KEYS; the language choice and the fleet token survive it.
 */
export const STORAGE = {
  accessToken: 'access_token',
  vehicleAccessToken: 'vehicle_access_token',
  refreshToken: 'refresh_token',
  activeKey: 'activeKey',
  openKeys: 'openKeys',
  permissions: 'permissions',
  menus: 'menus',
  roles: 'roles',
  user: 'user',
  mapKey: 'mapKey',
  agentId: 'agentId',
  access: 'access',
  language: 'language',
} as const;

/** What a 401 clears: token, active key, permissions, menus, roles, user, map key, agent id, open keys, access. */
export const SESSION_KEYS = [
  STORAGE.accessToken,
  STORAGE.refreshToken,
  STORAGE.activeKey,
  STORAGE.permissions,
  STORAGE.menus,
  STORAGE.roles,
  STORAGE.user,
  STORAGE.mapKey,
  STORAGE.agentId,
  STORAGE.openKeys,
  STORAGE.access,
] as const;

function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStored(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

export function readStoredJson<T>(key: string): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | object | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) writeStored(key, null);
}

/** The bearer token the request helper attaches: the staff token, else the fleet token. */
export function storedToken(): string | null {
  return readStored(STORAGE.accessToken) ?? readStored(STORAGE.vehicleAccessToken);
}
