/**
 * System parameters (a declared resource, shared/resources/parameter.ts), and the ones read by code: the
 * copyright link of /logincommon and the maps key of user info.
 */
import { parameterResource } from '@shared/resources/parameter.ts';
import { resource } from '@functions/api/resources.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';

export const parameters = resource(parameterResource);

export const PARAMETER_CODE = { copyright: 'COPYRIGHT', mapKey: 'GOOGLE_MAP_KEY' } as const;

export async function parameterByCode(code: string) {
  const found = (await parameters.repo.list(PLATFORM_TENANT)).find(
    (p) => p.code === code && p.enable !== false,
  );
  return found as { code: string; name: string; value: string; description?: string } | undefined;
}
