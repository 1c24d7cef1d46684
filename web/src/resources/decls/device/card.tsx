/**
 * Charging cards (/card): the declared list with type, status, authorization and receive status, the
 * balance with four decimals, the station scope (Pro, code 2805: without it the field is hidden and the
 * stored scope kept) and the bound piles. Rows activate or disable a card by its status, recharge it (2804;
 * a positive amount with at most four decimals: the edit form never changes the balance) and bind it to
 * piles (at least one); the toolbar exports and imports (2803) with the framework.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import { Stack } from '@chakra-ui/react';
import {
  BLACK_FLAG,
  CARD_CODE,
  CARD_STATUS,
  CARD_TYPE,
  cardBindSchema,
  cardResource,
  cardSchema,
  RECEIVE_STATUS,
  rechargeSchema,
} from '@shared/resources/device/card.ts';
import i18n from '@web/i18n.ts';
import { ApiError, call } from '@web/lib/api.ts';
import { errorMessage, fetchRecord } from '@web/resources/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { PILE_LIST_URL, STATION_LIST_URL } from '@web/resources/decls/site/common.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { LoadStates } from '@web/resources/load-states.tsx';
import { loadBindList } from '@web/resources/station-checklist.tsx';
import type {
  Column,
  EnumOption,
  Field,
  FieldsForm,
  ResourceDecl,
  Row,
  RowAction,
  RowDialogProps,
} from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { validate } from '@web/resources/values.ts';
import { oneFieldInto, useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { updateSchema } from './common.ts';

const { permissions: p } = cardResource;
const C = 'deviceRes.card';

const TONES: Record<string, EnumOption['tone']> = {
  normal: 'success',
  lost: 'warning',
  replacement: 'info',
  returned: 'neutral',
  disabled: 'danger',
};

export const CARD_STATUS_OPTIONS: readonly EnumOption[] = Object.entries(CARD_STATUS).map(([key, value]) => ({
  value,
  label: `${C}.statuses.${key}`,
  tone: TONES[key],
}));
export const CARD_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(CARD_TYPE).map(([key, value]) => ({
  value,
  label: `${C}.types.${key}`,
}));
export const BLACK_FLAG_OPTIONS: readonly EnumOption[] = Object.entries(BLACK_FLAG).map(([key, value]) => ({
  value,
  label: `${C}.blackFlags.${key}`,
  tone: key === 'blacklist' ? 'danger' : key === 'whitelist' ? 'info' : 'neutral',
}));
export const RECEIVE_STATUS_OPTIONS: readonly EnumOption[] = Object.entries(RECEIVE_STATUS).map(
  ([key, value]) => ({ value, label: `${C}.receiveStatuses.${key}` }),
);

/** A balance or an amount as money is kept: four decimals (docs/product.md section 9). */
export const formatBalance = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n.toFixed(4) : '';
};

const statusOf = (row: Row) => Number(row.status);
const cardName = (row: Row) => String(row.cardSn ?? row.id ?? '');
const listOf = (value: unknown) => (Array.isArray(value) ? value : []);

/** The caller's stations, for the scope (every page: the form sends the whole set). */
export async function stationOptions(): Promise<EnumOption[]> {
  const stations = await loadBindList(STATION_LIST_URL, {});
  return stations.map((s) => ({ value: String(s.id), label: String(s.name ?? s.id), raw: true }));
}

/** The caller's charge points, for binding: name and charge point id. */
export async function pileOptions(): Promise<EnumOption[]> {
  const piles = await loadBindList(PILE_LIST_URL, {});
  return piles.map((pile) => {
    const id = String(pile.chargePointId ?? pile.id);
    return {
      value: String(pile.id),
      label: pile.name && pile.name !== id ? `${String(pile.name)} (${id})` : id,
      raw: true,
    };
  });
}

/** Cells rendered with the current language (a column's render has no translator of its own). */
function ScopeCell({ row }: { row: Row }) {
  const tr = useTr();
  const count = listOf(row.useScopeList).length;
  return <>{count ? tr(`${C}.stationCount`, { count }) : tr(`${C}.allStations`)}</>;
}
function PilesCell({ row }: { row: Row }) {
  const tr = useTr();
  const count = listOf(row.pileIds).length;
  return <>{count ? String(count) : tr(`${C}.anyPile`)}</>;
}

const columns: Column[] = [
  { key: 'cardSn', label: `${C}.cardSn`, sortable: true },
  { key: 'type', label: `${C}.type`, kind: 'enum', options: CARD_TYPE_OPTIONS, sortable: true },
  { key: 'status', label: `${C}.status`, kind: 'enum', options: CARD_STATUS_OPTIONS, sortable: true },
  { key: 'blackFlag', label: `${C}.blackFlag`, kind: 'enum', options: BLACK_FLAG_OPTIONS },
  { key: 'receiveStatus', label: `${C}.receiveStatus`, kind: 'enum', options: RECEIVE_STATUS_OPTIONS },
  { key: 'username', label: `${C}.username` },
  { key: 'email', label: `${C}.email` },
  { key: 'balance', label: `${C}.balance`, sortable: true, render: (row) => formatBalance(row.balance) },
  { key: 'useScopeList', label: `${C}.scope`, render: (row) => <ScopeCell row={row} /> },
  { key: 'pileIds', label: `${C}.boundPiles`, render: (row) => <PilesCell row={row} /> },
  { key: 'expireTime', label: `${C}.expireTime`, kind: 'date' },
  createTimeColumn,
];

const fields: Field[] = [
  { name: 'cardSn', label: `${C}.cardSn`, kind: 'text', required: true, help: `${C}.cardSnHelp` },
  { name: 'secretSn', label: `${C}.secretSn`, kind: 'text' },
  { name: 'type', label: `${C}.type`, kind: 'select', required: true, options: CARD_TYPE_OPTIONS },
  { name: 'status', label: `${C}.status`, kind: 'select', required: true, options: CARD_STATUS_OPTIONS },
  {
    name: 'blackFlag',
    label: `${C}.blackFlag`,
    kind: 'select',
    required: true,
    options: BLACK_FLAG_OPTIONS,
    help: `${C}.blackFlagHelp`,
  },
  {
    name: 'receiveStatus',
    label: `${C}.receiveStatus`,
    kind: 'select',
    required: true,
    options: RECEIVE_STATUS_OPTIONS,
  },
  { name: 'username', label: `${C}.username`, kind: 'text' },
  { name: 'email', label: `${C}.email`, kind: 'text' },
  { name: 'expireTime', label: `${C}.expireTime`, kind: 'datetime' },
  {
    name: 'useScopeList',
    label: `${C}.scope`,
    kind: 'multiselect',
    permission: CARD_CODE.scope,
    loadOptions: stationOptions,
    help: `${C}.scopeHelp`,
  },
  // The opening balance; afterwards only recharges change it (the server keeps it on update).
  { name: 'balance', label: `${C}.balance`, kind: 'number', modes: ['create'], help: `${C}.balanceHelp` },
  {
    name: 'balance',
    label: `${C}.balance`,
    kind: 'number',
    modes: ['edit'],
    readOnly: true,
    help: `${C}.balanceReadOnly`,
  },
];

/** A failed card action says which action failed, then why. */
function failed(key: string, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const tr: Translate = (k, values) =>
    k && i18n.exists(k) ? (i18n.t as unknown as Translate)(k, values) : k;
  return new ApiError(error.code, tr(key, { reason: errorMessage(tr, error) }), error.status, error.fields);
}

function statusAction(kind: 'activate' | 'disable'): RowAction {
  const activate = kind === 'activate';
  return {
    key: kind,
    label: () => `${C}.${kind}`,
    permission: p.edit,
    // Activate what cannot charge now; disable what is not disabled yet.
    visible: (row) =>
      activate ? statusOf(row) !== CARD_STATUS.normal : statusOf(row) !== CARD_STATUS.disabled,
    danger: !activate,
    confirm: (row) => ({ message: `${C}.${kind}Confirm`, values: { name: cardName(row) } }),
    run: async (row, ctx) => {
      try {
        await call(API.biz.card[kind], undefined, { id: String(row.id) });
      } catch (error) {
        throw failed(`${C}.${kind}Failed`, error);
      }
      ctx.notify(activate ? `${C}.activated` : `${C}.disabledDone`);
      ctx.refresh();
    },
  };
}

const amountField: Field = {
  name: 'amount',
  label: `${C}.amount`,
  kind: 'number',
  required: true,
  help: `${C}.amountHelp`,
};

/** Recharge: a positive amount with at most four decimals, checked before it is sent. */
const rechargeForm: FieldsForm = {
  title: (row) => ({ message: `${C}.rechargeTitle`, values: { name: cardName(row) } }),
  intro: (row) => ({ message: `${C}.currentBalance`, values: { balance: formatBalance(row.balance) } }),
  fields: [amountField],
  fixed: (row) => ({ id: String(row.id) }),
  schema: rechargeSchema,
  url: API.biz.card.recharge,
  submitLabel: `${C}.recharge`,
  failureTitle: `${C}.rechargeFailed`,
  done: (card) => ({
    message: `${C}.recharged`,
    values: { balance: formatBalance((card as Row | null)?.balance) },
  }),
  scope: 'cardRecharge',
};

const pilesField: Field = {
  name: 'pileIds',
  label: `${C}.piles`,
  kind: 'multiselect',
  required: true,
  help: `${C}.pilesHelp`,
};

/** Binding to piles: the caller's charge points, at least one; sent with the card's current version. */
export function BindDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const id = String(row.id);
  const loaded = useLoad(`card:bind:${id}`, async () => {
    const [card, piles] = await Promise.all([fetchRecord(cardDecl, id), pileOptions()]);
    return { card, piles };
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const { busy, failure, setFailure, run } = useSubmit();
  const card = loaded.data?.card;
  const value = chosen ?? listOf(card?.pileIds).map(String);

  const submit = async () => {
    if (!card) return;
    setFailure('');
    const checked = validate(cardBindSchema, { id, version: card.version, pileIds: value });
    if (!checked.ok) return setError(checked.errors.pileIds ?? 'admin.common.invalid');
    setError('');
    await run(
      async () => {
        await call(API.biz.card.bind, checked.data);
        onDone(tr(`${C}.bindSaved`));
      },
      { onFields: oneFieldInto('pileIds', setError) },
    );
  };

  return (
    <ActionDialog
      title={tr(`${C}.bindTitle`, { name: cardName(row) })}
      busy={busy}
      failure={failure}
      failureTitle={tr(`${C}.bindFailed`)}
      disabled={!card}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <LoadStates error={loaded.error} loading={loaded.loading} onRetry={loaded.retry} />
      {loaded.data ? (
        <Stack gap="4">
          <FormField
            field={{ ...pilesField, options: loaded.data.piles }}
            scope="cardBind"
            value={value}
            onChange={(next) => {
              setChosen(listOf(next).map(String));
              setError('');
            }}
            onAssign={() => undefined}
            error={error ? tr(error) : undefined}
            disabled={busy}
          />
        </Stack>
      ) : null}
    </ActionDialog>
  );
}

export const cardDecl: ResourceDecl = {
  id: 'card',
  title: `${C}.title`,
  api: resourcePaths(cardResource),
  idField: 'id',
  nameField: 'cardSn',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del, import: p.import },
  schemas: { create: cardSchema, update: updateSchema(cardSchema) },
  columns,
  filters: [
    { name: 'cardSn', label: `${C}.cardSn`, kind: 'text' },
    { name: 'status', label: `${C}.status`, kind: 'select', options: CARD_STATUS_OPTIONS },
    { name: 'type', label: `${C}.type`, kind: 'select', options: CARD_TYPE_OPTIONS },
    { name: 'blackFlag', label: `${C}.blackFlag`, kind: 'select', options: BLACK_FLAG_OPTIONS },
  ],
  fields,
  // Piles are bound by their own action; an edit sends the loaded ones back unchanged.
  defaults: {
    type: CARD_TYPE.private,
    status: CARD_STATUS.normal,
    blackFlag: BLACK_FLAG.normal,
    receiveStatus: RECEIVE_STATUS.blank,
    useScopeList: [],
    pileIds: [],
    balance: 0,
  },
  detail: [
    { key: 'cardSn', label: `${C}.cardSn` },
    { key: 'secretSn', label: `${C}.secretSn` },
    { key: 'type', label: `${C}.type`, kind: 'enum', options: CARD_TYPE_OPTIONS },
    { key: 'status', label: `${C}.status`, kind: 'enum', options: CARD_STATUS_OPTIONS },
    { key: 'blackFlag', label: `${C}.blackFlag`, kind: 'enum', options: BLACK_FLAG_OPTIONS },
    { key: 'receiveStatus', label: `${C}.receiveStatus`, kind: 'enum', options: RECEIVE_STATUS_OPTIONS },
    { key: 'username', label: `${C}.username` },
    { key: 'email', label: `${C}.email` },
    { key: 'balance', label: `${C}.balance`, render: (row) => formatBalance(row.balance) },
    { key: 'useScopeList', label: `${C}.scope`, render: (row) => <ScopeCell row={row} /> },
    { key: 'pileIds', label: `${C}.boundPiles`, render: (row) => <PilesCell row={row} /> },
    { key: 'expireTime', label: `${C}.expireTime`, kind: 'date' },
    createTimeColumn,
  ],
  actions: [
    statusAction('activate'),
    statusAction('disable'),
    {
      key: 'recharge',
      label: () => `${C}.recharge`,
      permission: CARD_CODE.recharge,
      // The server recharges cards in normal status only.
      visible: (row) => statusOf(row) === CARD_STATUS.normal,
      form: rechargeForm,
    },
    { key: 'bind', label: () => `${C}.bind`, permission: p.edit, dialog: BindDialog },
  ],
  exportable: true,
  importable: true,
};
