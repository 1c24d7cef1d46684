/**
 * Pieces the fee declarations share: the read-only currency, the body schemas of the forms, and the charging
 * fee picker the station and pile wizards bind rules with.
 */
import { API } from '@shared/api/paths.ts';
import { fetchPage } from '@web/resources/api.ts';
import type { Column, Field, RemoteSource, ResourceDecl } from '@web/resources/types.ts';
import { useMemo } from 'react';
import useSWR from 'swr';
import { z } from 'zod';

export const F = 'feeRes';

/** The currency is the company's, set by the server: shown, never sent. */
export const currencyColumn: Column = { key: 'currency', label: `${F}.common.currency` };
export const currencyField: Field = {
  name: 'currency',
  label: `${F}.common.currency`,
  kind: 'text',
  modes: ['edit'],
  readOnly: true,
  help: `${F}.common.currencyHelp`,
};

/** Shown on edit, never sent: the validated body drops it (the API refuses a currency). */
const notSent = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * The bodies the forms validate: the shared schema (the very rules of the API) without what the call does
 * not take (the loaded record's times, names kept for lists), with the id and version on edit.
 */
export function formSchemas(schema: z.ZodObject): NonNullable<ResourceDecl['schemas']> {
  return {
    create: schema.strip(),
    update: schema
      .safeExtend({ id: z.string().min(1), version: z.number().int().optional(), currency: notSent })
      .strip(),
  };
}

/** The company's charging fees, searched by name: the fee rule of a station, charge point or connector. */
export const chargingFeeSource: RemoteSource = {
  url: API.biz.chargingFee.list,
  search: 'name',
  value: 'id',
  label: 'name',
};

/** Names of the company's charging fees by id (the bound rule's name in the wizards). */
export function useChargingFeeNames(): Map<string, string> {
  const { data } = useSWR(['chargingFeeNames'], () =>
    fetchPage(chargingFeeSource.url, { current: 1, size: 500 }),
  );
  return useMemo(
    () => new Map((data?.records ?? []).map((r) => [String(r.id), String(r.name ?? r.id)])),
    [data],
  );
}
