/**
 * Identity rules of docs/product.md sections 5 and 9, written once: the server validates requests with these
 * schemas and the console's forms use the same ones. Messages are i18n keys (`validation.*`), localised where
 * shown.
 */
import { z } from 'zod';

export const LIMITS = {
  usernameMax: 32,
  passwordMin: 8,
  passwordMax: 32,
  imageCodeLength: 4,
  phoneMax: 20,
  emailMax: 60,
} as const;

/** At least 8 characters with at least one letter and one digit (every password form). */
export const password = z
  .string({ error: 'validation.required' })
  .min(LIMITS.passwordMin, { error: 'validation.passwordRule' })
  .max(LIMITS.passwordMax, { error: 'validation.passwordRule' })
  .regex(/[A-Za-z]/, { error: 'validation.passwordRule' })
  .regex(/\d/, { error: 'validation.passwordRule' });

export const username = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(LIMITS.usernameMax, { error: 'validation.tooLong' });

export const phone = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, { error: 'validation.tooLong' })
  .regex(/^\+?[0-9][0-9 ()-]*$/, { error: 'validation.phoneFormat' });

export const email = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.emailFormat' }));

/** The login form: username and password required (max 32), the 4-character image code. */
export const loginForm = z.object({
  username,
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(LIMITS.passwordMax, { error: 'validation.tooLong' }),
  code: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(LIMITS.imageCodeLength, { error: 'validation.tooLong' }),
});

/** Change password: old, new and confirm; new and confirm must match, and the new one differs from the old. */
const passwordChange = {
  oldPwd: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  newPwd: password,
  confirmPwd: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
};
type PasswordChange = { oldPwd: string; newPwd: string; confirmPwd: string };
const matching = <T extends z.ZodType<PasswordChange>>(schema: T) =>
  schema
    .refine((v) => v.newPwd === v.confirmPwd, { error: 'validation.passwordMismatch', path: ['confirmPwd'] })
    .refine((v) => v.newPwd !== v.oldPwd, { error: 'validation.passwordSame', path: ['newPwd'] });

export const changePasswordForm = matching(z.object(passwordChange));

/** The login page's change-password dialog (docs/product.md section 5): the same, and the username first. */
export const preLoginPasswordForm = matching(z.object({ username, ...passwordChange }));

/**
 * POST /admin/user/updatePwd (docs/product.md section 7): the account by `id` or `username` (one of them),
 * the old and new passwords RSA-encrypted (checked with `changePasswordForm` once decrypted).
 */
export const updatePwdRequest = z
  .object({
    id: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(64, { error: 'validation.tooLong' })
      .optional(),
    username: username.optional(),
    oldPwd: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    newPwd: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  })
  .strict()
  .refine((v) => v.id !== undefined || v.username !== undefined, {
    error: 'validation.required',
    path: ['username'],
  });

/** Update info: phone max 20, e-mail max 60 in standard format; the username is not editable. */
/** An empty form field means "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const updateInfoForm = z.object({ phone: optional(phone), email: optional(email) }).strict();
