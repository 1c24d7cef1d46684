/**
 * "Reserve" on /reserveOrder (code 4201): a charge point of the caller, one of its connectors, the idTag
 * and the minutes (1 to 1440), checked by the API's own schema before it is sent. The reservation goes to the
 * charger through the command pipeline; the list shows it requesting, then reserved or failed.
 */
import { Button, Stack } from '@chakra-ui/react';
import { RESERVE_MINUTES_MAX, reserveAddSchema } from '@shared/schemas/reservation.ts';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { pileSource } from '@web/resources/decls/order/common.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Field } from '@web/resources/types.ts';
import { useFieldsSubmit } from '@web/resources/use-fields-submit.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { RESERVE_ADD_URL, RESERVE_LIST_URL, RESERVE_ORDER_CODE } from './common.tsx';

const D = 'reservationRes.reserve';

const fields = (connectors: number[]): Field[] => [
  {
    name: 'chargePointId',
    label: `${D}.chargePoint`,
    kind: 'remote',
    required: true,
    remote: {
      ...pileSource,
      assign: (picked) => ({
        connectorNo: '',
        connectors: ((picked?.connectors as { connectorNo: number }[] | undefined) ?? []).map(
          (c) => c.connectorNo,
        ),
      }),
    },
  },
  {
    name: 'connectorNo',
    label: `${D}.connector`,
    kind: 'select',
    required: true,
    help: connectors.length ? undefined : `${D}.noConnectors`,
    options: connectors.map((n) => ({ value: n, label: String(n), raw: true })),
  },
  { name: 'idTag', label: `${D}.idTag`, kind: 'text', required: true },
  { name: 'minutes', label: `${D}.minutes`, kind: 'number', required: true, help: `${D}.minutesHelp` },
];

export function ReserveDialog(props: { onClose: () => void; onDone: () => void }) {
  const tr = useTr();
  const [connectors, setConnectors] = useState<number[]>([]);
  const list = fields(connectors);
  const { values, setValues, errors, failure, busy, submit } = useFieldsSubmit({
    fields: list,
    schema: reserveAddSchema,
    url: RESERVE_ADD_URL,
    success: `${D}.sent`,
    onDone: props.onDone,
    initial: { minutes: '30' },
  });

  return (
    <FormDialog
      title={tr(`${D}.title`)}
      submitLabel={tr(`${D}.submit`)}
      cancelLabel={tr('admin.common.cancel')}
      closeLabel={tr(`${D}.close`)}
      busy={busy}
      failure={failure}
      failureTitle={tr(`${D}.title`)}
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {list.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope="reserveOrder"
            value={values[field.name]}
            onChange={(v) => setValues((old) => ({ ...old, [field.name]: v }))}
            onAssign={(assigned) => {
              setConnectors((assigned.connectors as number[] | undefined) ?? []);
              setValues((old) => ({ ...old, connectorNo: '' }));
            }}
            error={errors[field.name] ? tr(errors[field.name]!, { max: RESERVE_MINUTES_MAX }) : undefined}
            disabled={busy}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}

/** The toolbar button of the list, for holders of 4201. */
export function ReserveButton() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  if (!can(RESERVE_ORDER_CODE.add)) return null;
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)}>
        {tr(`${D}.open`)}
      </Button>
      {open ? (
        <ReserveDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void mutate((key) => Array.isArray(key) && key[0] === RESERVE_LIST_URL);
          }}
        />
      ) : null}
    </>
  );
}
