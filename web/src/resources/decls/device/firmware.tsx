/**
 * Firmware files (/firmware). A file is added by uploading it with its name and version (one file, at most
 * FIRMWARE_MAX_MB: the limit of one API call); editing changes the metadata only, deleting removes the file.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import { Button, Field as ChakraField, Stack } from '@chakra-ui/react';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MAX_MB,
  firmwareResource,
  firmwareSchema,
} from '@shared/resources/device/firmware.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Column, Field, ResourceDecl, Row } from '@web/resources/types.ts';
import { fromInput, validate } from '@web/resources/values.ts';
import { knownFields, useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { brandSource, formatBytes, modelSource, updateSchema } from './common.ts';
import { sendAction } from '@web/screens/device/send-to-charger.tsx';

const { permissions: p } = firmwareResource;
const LIST_URL = API.biz.firmware.list;

/** The metadata fields, in the edit form and the upload dialog. */
export const firmwareFields: readonly Field[] = [
  { name: 'firmwareName', label: 'deviceRes.firmware.firmwareName', kind: 'text', required: true },
  { name: 'firmwareVersion', label: 'deviceRes.firmware.firmwareVersion', kind: 'text', required: true },
  { name: 'brandId', label: 'deviceRes.firmware.brand', kind: 'remote', remote: brandSource },
  { name: 'modelId', label: 'deviceRes.firmware.model', kind: 'remote', remote: modelSource },
  { name: 'remark', label: 'deviceRes.firmware.remark', kind: 'textarea' },
];

const columns: Column[] = [
  { key: 'firmwareName', label: 'deviceRes.firmware.firmwareName', sortable: true },
  { key: 'firmwareVersion', label: 'deviceRes.firmware.firmwareVersion', sortable: true },
  { key: 'brandName', label: 'deviceRes.firmware.brand' },
  { key: 'modelName', label: 'deviceRes.firmware.model' },
  { key: 'size', label: 'deviceRes.firmware.size', sortable: true, render: (row) => formatBytes(row.size) },
  { key: 'path', label: 'deviceRes.firmware.path', hidden: true },
  { key: 'checksum', label: 'deviceRes.firmware.checksum', hidden: true },
  { key: 'remark', label: 'deviceRes.firmware.remark' },
  createTimeColumn,
];

/** Checks of the chosen file before it is sent (the server checks the same). */
export function fileProblem(
  files: readonly File[],
): { message: string; values?: Record<string, unknown> } | null {
  if (files.length !== 1) return { message: 'deviceRes.server.firmwareOneFile' };
  const [file] = files;
  if (file!.size === 0) return { message: 'deviceRes.server.firmwareEmpty' };
  if (file!.size > FIRMWARE_MAX_BYTES)
    return { message: 'deviceRes.server.firmwareTooLarge', values: { max: FIRMWARE_MAX_MB } };
  return null;
}

/** The upload: metadata and exactly one file, sent as form data in one call. */
export function FirmwareUploadDialog(props: { onClose: () => void; onDone: () => void }) {
  const tr = useTr();
  const [values, setValues] = useState<Row>({});
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();

  const submit = async () => {
    setFailure('');
    const body = Object.fromEntries(firmwareFields.map((f) => [f.name, fromInput(f, values[f.name] ?? '')]));
    const checked = validate(firmwareSchema, body);
    const next: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    const problem = fileProblem(files);
    if (problem) next.file = tr(problem.message, problem.values);
    setErrors(next);
    if (!checked.ok || problem) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(checked.data))
      if (value !== undefined && value !== '') form.set(name, String(value));
    form.set('file', files[0]!, files[0]!.name);
    await run(
      async () => {
        await call(API.biz.firmware.upload, form);
        props.onDone();
      },
      {
        onFields: (fields) => {
          const known = knownFields(
            firmwareFields.map((f) => f.name),
            fields,
          );
          setErrors(known);
          return Object.keys(known).length > 0;
        },
      },
    );
  };

  return (
    <ActionDialog
      title={tr('deviceRes.firmware.uploadTitle')}
      submitLabel={tr('deviceRes.firmware.upload')}
      busy={busy}
      failure={failure}
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {firmwareFields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope="firmwareUpload"
            value={values[field.name] ?? ''}
            onChange={(value) => {
              setValues((prev) => ({ ...prev, [field.name]: value }));
              setErrors((prev) => ({ ...prev, [field.name]: '' }));
            }}
            onAssign={(more) => setValues((prev) => ({ ...prev, ...more }))}
            error={errors[field.name] ? tr(errors[field.name]!) : undefined}
            pickedLabel={labels[field.name]}
            onPicked={(label) => setLabels((prev) => ({ ...prev, [field.name]: label }))}
            disabled={busy}
          />
        ))}
        <ChakraField.Root invalid={Boolean(errors.file)} required disabled={busy}>
          <ChakraField.Label>
            {tr('deviceRes.firmware.file')}
            <ChakraField.RequiredIndicator />
          </ChakraField.Label>
          <input
            type="file"
            aria-label={tr('deviceRes.firmware.chooseFile')}
            onChange={(e) => {
              setFiles(Array.from(e.currentTarget.files ?? []));
              setErrors((prev) => ({ ...prev, file: '' }));
            }}
          />
          <ChakraField.HelperText>
            {tr('deviceRes.firmware.fileHelp', { max: FIRMWARE_MAX_MB })}
          </ChakraField.HelperText>
          {errors.file ? <ChakraField.ErrorText>{errors.file}</ChakraField.ErrorText> : null}
        </ChakraField.Root>
      </Stack>
    </ActionDialog>
  );
}

/** The list toolbar's upload button (add permission), reloading the list after an upload. */
export function FirmwareToolbar() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  if (!can(p.add)) return null;
  return (
    <>
      <Button colorPalette="blue" size="sm" onClick={() => setOpen(true)}>
        {tr('deviceRes.firmware.upload')}
      </Button>
      {open ? (
        <FirmwareUploadDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            showMessage('success', tr('deviceRes.firmware.uploaded'));
            void mutate((key) => Array.isArray(key) && key[0] === LIST_URL);
          }}
        />
      ) : null}
    </>
  );
}

export const firmwareDecl: ResourceDecl = {
  exportable: true,
  id: 'firmware',
  title: 'deviceRes.firmware.title',
  api: resourcePaths(firmwareResource),
  idField: 'id',
  nameField: 'firmwareName',
  // No generic add: firmware is added by its upload (the toolbar).
  permissions: { view: p.view, edit: p.edit, delete: p.del },
  schemas: { update: updateSchema(firmwareSchema) },
  columns,
  filters: [
    { name: 'firmwareName', label: 'deviceRes.firmware.firmwareName', kind: 'text' },
    { name: 'firmwareVersion', label: 'deviceRes.firmware.firmwareVersion', kind: 'text' },
    { name: 'brandId', label: 'deviceRes.firmware.brand', kind: 'remote', remote: brandSource },
  ],
  fields: firmwareFields.map((f) => ({ ...f, modes: ['edit'] as const })),
  detail: [
    { key: 'firmwareName', label: 'deviceRes.firmware.firmwareName' },
    { key: 'firmwareVersion', label: 'deviceRes.firmware.firmwareVersion' },
    { key: 'brandName', label: 'deviceRes.firmware.brand' },
    { key: 'modelName', label: 'deviceRes.firmware.model' },
    { key: 'size', label: 'deviceRes.firmware.size', render: (row) => formatBytes(row.size) },
    { key: 'path', label: 'deviceRes.firmware.path', kind: 'code' },
    { key: 'checksum', label: 'deviceRes.firmware.checksum', kind: 'code' },
    { key: 'remark', label: 'deviceRes.firmware.remark' },
    createTimeColumn,
  ],
  toolbar: FirmwareToolbar,
  actions: [
    // updateFirmware with the schedule, or its signed variant (OCPP 2.0.1 and the 1.6 security extension).
    sendAction({
      key: 'updateChargers',
      label: 'deviceSend.updateChargers',
      commands: ['updateFirmware', 'signedUpdateFirmware'],
      fixed: (row) => ({ firmwareId: String(row.id ?? '') }),
      nameField: 'firmwareName',
    }),
  ],
};
