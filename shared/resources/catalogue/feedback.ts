/**
 * App users' feedback (/feedback): written by the app, read and answered in the console. The app sends the
 * user's name, contact, content and optional image URLs; the console marks it read (status 1) or replies
 * (reply, replyTime, status 2) through its own calls. Each company sees its own users' feedback.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const FEEDBACK_STATUS = { new: 0, read: 1, replied: 2 } as const;

const imageUrl = z
  .string()
  .trim()
  .max(500, { error: 'validation.tooLong' })
  .regex(/^https?:\/\/\S+$/i, { error: 'catalogueRes.validation.url' });

export const feedbackSchema = z
  .object({
    userName: requiredText(64),
    contact: optionalText(64),
    content: requiredText(2000),
    images: z.array(imageUrl).max(9, { error: 'catalogueRes.validation.tooManyImages' }).optional(),
  })
  .strict();

/** The console's reply: the answer and the version the replier saw. */
export const feedbackReplySchema = z
  .object({
    id: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    reply: requiredText(2000),
    version: z.number({ error: 'validation.required' }).int(),
  })
  .strict();

export const feedbackResource = defineResource({
  module: 'biz',
  name: 'feedback',
  type: 'FEEDBACK',
  label: 'catalogueRes.names.feedback',
  tenancy: 'tenant',
  permissions: {
    view: CODE.feedback,
    add: CODE.feedbackReply,
    edit: CODE.feedbackReply,
    del: CODE.feedbackReply,
  },
  schema: feedbackSchema,
  filters: { status: 'eq', userName: 'contains', content: 'contains' },
  sortable: ['userName', 'status', 'replyTime'],
  views: [{ sort: 'createTime' }, { eq: ['status'], sort: 'createTime' }],
});
