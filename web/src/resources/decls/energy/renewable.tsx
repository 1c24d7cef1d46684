/**
 * The renewable sources (a declared resource: PV arrays, turbines, green supply contracts) with the
 * import of a source's hourly production; /renewable shows them under the renewable report
 * (web/src/screens/energy/renewable-page.tsx).
 */
import { API } from '@shared/api/paths.ts';
import { FileField } from '@web/components/ui/file-field.tsx';
import { Button, Stack, Text } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import {
  RENEWABLE_TYPES,
  renewableSourceResource,
  renewableSourceSchema,
} from '@shared/resources/energy/renewable-source.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { updateSchemaOf } from '@web/resources/decls/catalogue/common.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { EnumOption, ResourceDecl, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';

const R = 'energyRes.renewableSource';

export const SOURCE_TYPE_OPTIONS: readonly EnumOption[] = RENEWABLE_TYPES.map((t) => ({
  value: t,
  label: `${R}.types.${t}`,
}));

/** Imports a PV array's or turbine's hourly production from an Excel sheet (columns hour, kwh). */
function ProductionDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const { busy, failure, run } = useSubmit();
  const submit = async () => {
    if (!file || file.size === 0) return setError(tr(`${R}.fileRequired`));
    setError('');
    const form = new FormData();
    form.set('file', file, file.name);
    await run(async () => {
      const answer = await call<{ imported: number }>(API.biz.renewable.importProduction, form, {
        sourceId: String(row.id),
      });
      onDone(tr(`${R}.imported`, { count: answer.imported }));
    });
  };
  return (
    <ActionDialog
      title={tr(`${R}.importTitle`, { name: String(row.name ?? '') })}
      submitLabel={tr(`${R}.import`)}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text color="fg.muted">{tr(`${R}.importHelp`)}</Text>
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            void downloadFile(API.biz.renewable.productionTemplate, 'production-template.xlsx').catch(
              (e: Error) => showMessage('error', e.message),
            )
          }
        >
          {tr(`${R}.template`)}
        </Button>
        <FileField
          label={tr(`${R}.file`)}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          error={error}
          onChange={(f) => {
            setFile(f);
            setError('');
          }}
        />
      </Stack>
    </ActionDialog>
  );
}

export const renewableSourceDecl: ResourceDecl = {
  ...fromResource(renewableSourceResource),
  title: `${R}.title`,
  nameField: 'name',
  schemas: { create: renewableSourceSchema, update: updateSchemaOf(renewableSourceSchema) },
  columns: [
    { key: 'name', label: `${R}.name`, sortable: true },
    { key: 'stationName', label: `${R}.station` },
    {
      key: 'sourceType',
      label: `${R}.sourceType`,
      kind: 'enum',
      options: SOURCE_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'peakPower', label: `${R}.peakPower`, kind: 'number', sortable: true },
    { key: 'share', label: `${R}.share`, kind: 'number' },
    { key: 'energyBoxCode', label: `${R}.energyBoxCode` },
    { key: 'surplusGroup', label: `${R}.surplusGroup` },
    { key: 'surplusMode', label: `${R}.surplusMode`, render: (row) => (row.surplusMode ? '✓' : '') },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'name', label: `${R}.name`, kind: 'text' },
    { name: 'stationId', label: `${R}.station`, kind: 'remote', remote: stationSource },
    { name: 'sourceType', label: `${R}.sourceType`, kind: 'select', options: SOURCE_TYPE_OPTIONS },
  ],
  fields: [
    { name: 'name', label: `${R}.name`, kind: 'text', required: true },
    { name: 'stationId', label: `${R}.station`, kind: 'remote', required: true, remote: stationSource },
    {
      name: 'sourceType',
      label: `${R}.sourceType`,
      kind: 'select',
      required: true,
      options: SOURCE_TYPE_OPTIONS,
    },
    { name: 'peakPower', label: `${R}.peakPower`, kind: 'number', help: `${R}.peakPowerHelp` },
    { name: 'share', label: `${R}.share`, kind: 'number', help: `${R}.shareHelp` },
    { name: 'energyBoxCode', label: `${R}.energyBoxCode`, kind: 'text', help: `${R}.energyBoxHelp` },
    { name: 'surplusGroup', label: `${R}.surplusGroup`, kind: 'text', help: `${R}.surplusHelp` },
    { name: 'surplusMode', label: `${R}.surplusMode`, kind: 'switch' },
    { name: 'remark', label: `${R}.remark`, kind: 'textarea' },
  ],
  defaults: { sourceType: 'PV', surplusMode: false },
  actions: [
    {
      key: 'production',
      label: () => `${R}.importProduction`,
      permission: CODE.renewableEdit,
      visible: (row) => row.sourceType === 'PV' || row.sourceType === 'WIND',
      dialog: ProductionDialog,
    },
  ],
  exportable: true,
  importable: true,
};
