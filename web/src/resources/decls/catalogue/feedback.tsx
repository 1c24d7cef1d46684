/**
 * Feedback (/feedback): written by app users, so the console has no Add; it lists, shows, marks read and
 * replies (the reply sets the reply time and the replied state).
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import { Link, Stack, Text } from '@chakra-ui/react';
import {
  FEEDBACK_STATUS,
  feedbackReplySchema,
  feedbackResource,
} from '@shared/resources/catalogue/feedback.ts';
import { call } from '@web/lib/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { Column, EnumOption, FieldsForm, ResourceDecl, Row } from '@web/resources/types.ts';

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

/** The reply (the app user's text above it); replying sets the reply time and the replied state. */
const replyForm: FieldsForm = {
  title: (row) => ({
    message: 'catalogueRes.feedback.replyTitle',
    values: { name: String(row.userName ?? '') },
  }),
  intro: (row) => String(row.content ?? ''),
  fields: [{ name: 'reply', label: 'catalogueRes.feedback.reply', kind: 'textarea', required: true }],
  initial: (row) => ({ reply: String(row.reply ?? '') }),
  fixed: (row) => ({ id: String(row.id), version: row.version }),
  schema: feedbackReplySchema,
  url: API.biz.feedback.reply,
  done: () => ({ message: 'catalogueRes.feedback.replied' }),
  scope: 'feedbackReply',
};

const isNew = (row: Row) => Number(row.status) === FEEDBACK_STATUS.new;

export const feedbackDecl: ResourceDecl = {
  id: 'feedback',
  title: 'catalogueRes.feedback.title',
  api: { ...resourcePaths(feedbackResource), idParam: 'id' },
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
        await call(API.biz.feedback.read, undefined, { id: String(row.id) });
        ctx.notify('catalogueRes.feedback.markedRead');
        ctx.refresh();
      },
    },
    {
      key: 'reply',
      label: () => 'catalogueRes.feedback.reply',
      permission: permissions.edit,
      form: replyForm,
    },
  ],
  exportable: true,
};
