/**
 * Excel export and import of a declared resource, shown in its list's toolbar. Export queues a file
 * of the current filter (it appears in File export); import offers the template, uploads a filled one and
 * shows the per-row report: how many were added and why each refused row was refused.
 */
import { Box, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { ApiError, call, request } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { callOf } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { ListContext, ResourceDecl } from '@web/resources/types.ts';
import { useState } from 'react';

interface ImportReport {
  total: number;
  success: number;
  failed: { row: number; msg: string; fields?: Record<string, string> }[];
}

export function ExportButton({ decl, context }: { decl: ResourceDecl; context: ListContext }) {
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await call(callOf(decl, 'export'), context.query);
      showMessage('success', tr('resources.io.exportQueued'), {
        description: tr('resources.io.exportWhere'),
      });
    } catch (error) {
      showMessage('error', tr('resources.io.exportFailed'), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={busy} disabled={!context.total}>
      {tr('resources.io.export')}
    </Button>
  );
}

export function ImportButton({ decl, onImported }: { decl: ResourceDecl; onImported: () => void }) {
  const tr = useTr();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    setProblem(null);
  };
  const upload = async () => {
    if (!file) return setProblem(tr('resources.io.chooseFile'));
    setBusy(true);
    setProblem(null);
    try {
      const form = new FormData();
      form.set('file', file, file.name);
      const answer = await request<ImportReport>(callOf(decl, 'import'), { body: form });
      if (answer.code !== 0) return setProblem(answer.msg || tr('resources.io.importFailed'));
      setReport(answer.data);
      if (answer.data.success) onImported();
    } finally {
      setBusy(false);
    }
  };
  const template = () =>
    downloadFile(callOf(decl, 'template'), `${decl.id}-template.xlsx`).catch(() =>
      showMessage('error', tr('resources.io.templateFailed')),
    );

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {tr('resources.io.import')}
      </Button>
      {open ? (
        <FormDialog
          title={tr('resources.io.importTitle', { what: tr(decl.title) })}
          submitLabel={tr('resources.io.upload')}
          cancelLabel={tr('resources.io.close')}
          closeLabel={tr('resources.io.close')}
          busy={busy}
          onClose={close}
          onSubmit={() => void upload()}
          size="lg"
        >
          <Stack gap="3">
            <Text fontSize="sm">{tr('resources.io.importHelp')}</Text>
            <Box>
              <Button size="xs" variant="ghost" onClick={() => void template()}>
                {tr('resources.io.template')}
              </Button>
            </Box>
            <Input
              type="file"
              aria-label={tr('resources.io.file')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {problem ? (
              <Text color="fg.error" role="alert">
                {problem}
              </Text>
            ) : null}
            {report ? (
              <Stack gap="2" role="status">
                <Text fontWeight="medium">
                  {tr('resources.io.result', { success: report.success, total: report.total })}
                </Text>
                {report.failed.length ? (
                  <Table.ScrollArea>
                    <Table.Root size="sm">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{tr('resources.io.row')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{tr('resources.io.reason')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {report.failed.map((f) => (
                          <Table.Row key={f.row}>
                            <Table.Cell>{f.row}</Table.Cell>
                            <Table.Cell>
                              {f.fields
                                ? Object.entries(f.fields)
                                    .map(([k, v]) => `${k}: ${v}`)
                                    .join('; ')
                                : f.msg}
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </FormDialog>
      ) : null}
    </>
  );
}
