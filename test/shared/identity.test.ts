import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  loginForm,
  password,
  preLoginPasswordForm,
  updateInfoForm,
} from '@shared/schemas/identity.ts';

const firstMessage = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues[0];

describe('identity rules (docs/product.md section 5)', () => {
  it('accepts passwords of 8 to 32 characters with a letter and a digit', () => {
    for (const ok of ['abcdefg1', 'Admin12345', `a1${'x'.repeat(30)}`])
      expect(password.safeParse(ok).success).toBe(true);
    for (const bad of ['abc1234', 'abcdefgh', '12345678', `a1${'x'.repeat(31)}`]) {
      expect(firstMessage(password.safeParse(bad))?.message).toBe('validation.passwordRule');
    }
  });

  it('requires username, password and the image code on login, within their limits', () => {
    expect(loginForm.safeParse({ username: 'admin', password: 'x', code: 'ab12' }).success).toBe(true);
    expect(firstMessage(loginForm.safeParse({ username: '', password: 'x', code: 'ab12' }))).toMatchObject({
      message: 'validation.required',
      path: ['username'],
    });
    expect(
      firstMessage(loginForm.safeParse({ username: 'u'.repeat(33), password: 'x', code: 'ab12' }))?.message,
    ).toBe('validation.tooLong');
    expect(
      firstMessage(loginForm.safeParse({ username: 'admin', password: 'x', code: 'abcde' }))?.path,
    ).toEqual(['code']);
  });

  it('requires new and confirm passwords to match', () => {
    const base = { oldPwd: 'old', newPwd: 'newpass12' };
    expect(changePasswordForm.safeParse({ ...base, confirmPwd: 'newpass12' }).success).toBe(true);
    expect(firstMessage(changePasswordForm.safeParse({ ...base, confirmPwd: 'newpass13' }))).toMatchObject({
      message: 'validation.passwordMismatch',
      path: ['confirmPwd'],
    });
  });

  it('requires the new password to differ from the old, and the username before login', () => {
    const same = { oldPwd: 'newpass12', newPwd: 'newpass12', confirmPwd: 'newpass12' };
    expect(firstMessage(changePasswordForm.safeParse(same))).toMatchObject({
      message: 'validation.passwordSame',
      path: ['newPwd'],
    });
    const form = { oldPwd: 'old', newPwd: 'newpass12', confirmPwd: 'newpass12' };
    expect(preLoginPasswordForm.safeParse({ ...form, username: 'ops' }).success).toBe(true);
    expect(firstMessage(preLoginPasswordForm.safeParse({ ...form, username: ' ' }))).toMatchObject({
      message: 'validation.required',
      path: ['username'],
    });
  });

  it('checks phone and e-mail format and length on update info, and refuses a username change', () => {
    expect(updateInfoForm.safeParse({ phone: '+66 81 234 5678', email: 'ops@demo.local' }).success).toBe(
      true,
    );
    expect(firstMessage(updateInfoForm.safeParse({ email: 'not-an-email' }))?.message).toBe(
      'validation.emailFormat',
    );
    expect(firstMessage(updateInfoForm.safeParse({ phone: 'abc' }))?.message).toBe('validation.phoneFormat');
    expect(firstMessage(updateInfoForm.safeParse({ phone: '1'.repeat(21) }))?.message).toBe(
      'validation.tooLong',
    );
    expect(firstMessage(updateInfoForm.safeParse({ email: `${'a'.repeat(55)}@x.com` }))?.message).toBe(
      'validation.tooLong',
    );
    expect(updateInfoForm.safeParse({ username: 'other' }).success).toBe(false);
  });
});

describe('identity rule messages', () => {
  it('are keys of every catalog', async () => {
    const { resources } = await import('@shared/i18n/index.ts');
    const keys = [
      'required',
      'tooLong',
      'passwordRule',
      'passwordMismatch',
      'passwordSame',
      'phoneFormat',
      'emailFormat',
    ] as const;
    for (const [lang, { translation }] of Object.entries(resources)) {
      for (const key of keys) expect(translation.validation[key], `${lang} validation.${key}`).toBeTruthy();
    }
  });
});
