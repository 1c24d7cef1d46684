/**
 * System parameters needed before the parameter screens exist (issue 4 declares the resource): the
 * copyright link of /logincommon and the maps key of user info, read by code.
 */
import { Repository, PLATFORM_TENANT } from '@functions/lib/store.ts';

export interface ParameterRecord {
  id: string;
  type: string;
  code: string;
  name: string;
  value: string;
  description?: string;
  sort: number;
  enable: boolean;
}

export const parameters = new Repository<ParameterRecord>({
  type: 'PARAMETER',
  idField: 'id',
  unique: (p) => ({ parameterCode: p.code }),
  uniqueMessage: { parameterCode: 'server.duplicate' },
});

export const PARAMETER_CODE = { copyright: 'COPYRIGHT', mapKey: 'GOOGLE_MAP_KEY' } as const;

export async function parameterByCode(code: string): Promise<ParameterRecord | undefined> {
  return (await parameters.list(PLATFORM_TENANT)).find((p) => p.code === code && p.enable);
}
