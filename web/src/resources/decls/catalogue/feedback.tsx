/**
 * Feedback (/feedback): written by app users, so the console has no Add; it lists, shows, marks read and
 * replies (the reply sets the reply time and the replied state).
 */
import { Field, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  FEEDBACK_STATUS,
  feedbackReplySchema,
  feedbackResource,
} from '@shared/resources/catalogue/feedback.ts';
import { call } from '@web/lib/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { Column, EnumOption, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { validate } from '@web/resources/values.ts';
import { useState } from 'react';

export const FEEDBACK_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: FEEDBACK_STATUS.new, label: 'catalogueRes.feedback.statuses.new', tone: 'warning' },
  { value: FEEDBACK_STATUS.read, label: 'catalogueRes.feedback.statuses.read', tone: 'info' },
  { value: FEEDBACK_STATUS.replied, label: 'catalogueRes.feedback.statuses.replied', tone: 'success' },
];

const { permissions } = feedbackResource;

/** The images the app attached, each a link. */
const imagesColumn: Column = {
  key: 'images',
  label: 'catalogueRes.feedback.images',
  render: (row) =>
    Array.isArray(row.images) && row.images.length ? (
      <Stack gap="1">
        {row.images.map((url) => (
          <Link
            key={String(url)}
            href={String(url)}
            target="_blank"
            rel="noreferrer noopener"
            colorPalette="blue"
          >
            {String(url)}
          </Link>
        ))}
      </Stack>
    ) : (
      <Text color="fg.subtle">-</Text>
    ),
};

export function ReplyDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [reply, setReply] = useState(String(row.reply ?? ''));
  const [error, setError] = useState('');
  const { busy, failure, run } = useSubmit();

  const submit = async () => {
    const checked = validate(feedbackReplySchema, { id: String(row.id), reply, version: row.version });
    if (!checked.ok) return setError(checked.errors.reply ?? 'admin.common.invalid');
    setError('');
    await run(async () => {
      await call('/biz/feedback/reply', checked.data);
      onDone(tr('catalogueRes.feedback.replied'));
    });
  };

  return (
    <ActionDialog
      title={tr('catalogueRes.feedback.replyTitle', { name: String(row.userName ?? '') })}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text whiteSpace="pre-wrap" color="fg.muted">
          {String(row.content ?? '')}
        </Text>
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            {tr('catalogueRes.feedback.reply')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={5} value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
          {error ? <Field.ErrorText>{tr(error)}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}

const isNew = (row: Row) => Number(row.status) === FEEDBACK_STATUS.new;

export const feedbackDecl: ResourceDecl = {
  id: 'feedback',
  title: 'catalogueRes.feedback.title',
  api: { base: '/biz/feedback', idParam: 'id' },
  idField: 'id',
  nameField: 'userName',
  permissions: { view: permissions.view, detail: permissions.view },
  columns: [
    { key: 'userName', label: 'catalogueRes.feedback.userName', sortable: true },
    { key: 'contact', label: 'catalogueRes.feedback.contact' },
    { key: 'content', label: 'catalogueRes.feedback.content' },
    {
      key: 'status',
      label: 'catalogueRes.feedback.status',
      kind: 'enum',
      options: FEEDBACK_STATUS_OPTIONS,
      sortable: true,
    },
    { key: 'replyTime', label: 'catalogueRes.feedback.replyTime', kind: 'date', sortable: true },
    createTimeColumn,
  ],
  filters: [
    {
      name: 'status',
      label: 'catalogueRes.feedback.status',
      kind: 'select',
      options: FEEDBACK_STATUS_OPTIONS,
    },
    { name: 'userName', label: 'catalogueRes.feedback.userName', kind: 'text' },
    { name: 'content', label: 'catalogueRes.feedback.content', kind: 'text' },
  ],
  detail: [
    { key: 'userName', label: 'catalogueRes.feedback.userName' },
    { key: 'contact', label: 'catalogueRes.feedback.contact' },
    { key: 'content', label: 'catalogueRes.feedback.content' },
    imagesColumn,
    { key: 'status', label: 'catalogueRes.feedback.status', kind: 'enum', options: FEEDBACK_STATUS_OPTIONS },
    { key: 'reply', label: 'catalogueRes.feedback.reply' },
    { key: 'replyTime', label: 'catalogueRes.feedback.replyTime', kind: 'date' },
    { key: 'replyBy', label: 'catalogueRes.feedback.replyBy' },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'read',
      label: () => 'catalogueRes.feedback.markRead',
      permission: permissions.edit,
      visible: isNew,
      run: async (row, ctx) => {
        await call('/biz/feedback/read', undefined, { id: String(row.id) });
        ctx.notify('catalogueRes.feedback.markedRead');
        ctx.refresh();
      },
    },
    {
      key: 'reply',
      label: () => 'catalogueRes.feedback.reply',
      permission: permissions.edit,
      dialog: ReplyDialog,
    },
  ],
  exportable: true,
};
