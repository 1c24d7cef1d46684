/**
 * The header's account dialogs (docs/product.md sections 5 and 8).
 * Change password: old, new, confirm (shared rule: 8-32, a letter and a digit; new and confirm match, new
 * differs from old); both passwords encrypted; success "update success", then the session ends and the user
 * logs in again. The login page opens the same dialog with a username field (docs/product.md section 5).
 * Update info: phone and e-mail of the caller; the username is shown, not editable.
 */
import { API } from '@shared/api/paths.ts';
import '@web/lib/zod-config.ts';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import {
  changePasswordForm,
  LIMITS,
  preLoginPasswordForm,
  updateInfoForm,
} from '@shared/schemas/identity.ts';
import { encryptPassword } from '@web/auth/crypto.ts';
import { logout } from '@web/auth/logout.ts';
import { useCurrentUser } from '@web/auth/user-context.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { request } from '@web/lib/api.ts';
import { fieldErrors } from '@web/lib/form-errors.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

function AccountDialog(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={props.title}
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{props.children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose} disabled={props.busy}>
                  {t('account.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={props.busy}>
                  {t('account.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('account.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Change password. In the header (signed in) the account is the caller's (`id`); on the login page
 * (`beforeLogin`) the dialog also asks for the username and, on success, asks for a login with the new
 * password. Either way POST /admin/user/updatePwd checks the old password as a login does.
 */
export function ChangePasswordDialog({
  open,
  onClose,
  beforeLogin = false,
}: {
  open: boolean;
  onClose: () => void;
  beforeLogin?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const empty = { username: '', oldPwd: '', newPwd: '', confirmPwd: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setForm(empty);
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const result = beforeLogin
      ? preLoginPasswordForm.safeParse(form)
      : changePasswordForm.safeParse({
          oldPwd: form.oldPwd,
          newPwd: form.newPwd,
          confirmPwd: form.confirmPwd,
        });
    setErrors(fieldErrors(result));
    if (!result.success) return;
    setBusy(true);
    try {
      const [oldPwd, newPwd] = await Promise.all([
        encryptPassword(form.oldPwd),
        encryptPassword(form.newPwd),
      ]);
      const account = beforeLogin
        ? { username: form.username.trim() }
        : { id: String(current?.user.userId ?? '') };
      const answer = await request(API.admin.user.updatePwd, {
        body: { ...account, oldPwd, newPwd },
        silent: true,
        auth: !beforeLogin,
      });
      if (answer.code !== 0) {
        showMessage('error', t('account.updateFailed'), { description: answer.msg });
        return;
      }
      close();
      if (beforeLogin) {
        showMessage('success', t('account.updateSuccess'), { description: t('login.passwordChanged') });
        return;
      }
      showMessage('success', t('account.updateSuccess'));
      await logout(); // the new password takes effect with a new login
      navigate('/login', { replace: true });
    } catch (error) {
      showMessage('error', t('account.updateFailed'), {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type={name === 'username' ? 'text' : 'password'}
      required
      autoComplete={autoComplete}
      maxLength={name === 'username' ? LIMITS.usernameMax : LIMITS.passwordMax}
      value={form[name]}
      onChange={(value) => setForm((f) => ({ ...f, [name]: value }))}
      error={errors[name] ? translateKey(t, errors[name]) : undefined}
    />
  );

  return (
    <AccountDialog
      title={t('account.changePassword')}
      open={open}
      onClose={close}
      onSubmit={() => void submit()}
      busy={busy}
    >
      {beforeLogin ? field('username', t('account.username'), 'username') : null}
      {field('oldPwd', t('account.oldPwd'), 'current-password')}
      {field('newPwd', t('account.newPwd'), 'new-password')}
      {field('confirmPwd', t('account.confirmPwd'), 'new-password')}
    </AccountDialog>
  );
}

export function UpdateInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const initial = { phone: current?.user.phone ?? '', email: current?.user.email ?? '' };
  const [form, setForm] = useState<{ phone: string; email: string } | null>(null);
  const values = form ?? initial;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setForm(null);
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const result = updateInfoForm.safeParse(values);
    setErrors(fieldErrors(result));
    if (!result.success) return;
    setBusy(true);
    try {
      const body = { phone: result.data.phone ?? '', email: result.data.email ?? '' };
      const answer = await request(API.admin.user.updateInfo, { body, silent: true });
      if (answer.code !== 0) {
        showMessage('error', t('account.updateFailed'), { description: answer.msg });
        return;
      }
      current?.updateUser(body);
      showMessage('success', t('account.updateSuccess'));
      close();
    } catch (error) {
      showMessage('error', t('account.updateFailed'), {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountDialog
      title={t('account.updateInfo')}
      open={open}
      onClose={close}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <TextField
        label={t('account.username')}
        name="username"
        value={current?.user.username ?? ''}
        onChange={() => undefined}
        readOnly
      />
      <TextField
        label={t('account.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={LIMITS.phoneMax}
        value={values.phone}
        onChange={(phone) => setForm({ ...values, phone })}
        error={errors.phone ? translateKey(t, errors.phone) : undefined}
      />
      <TextField
        label={t('account.email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        value={values.email}
        onChange={(email) => setForm({ ...values, email })}
        error={errors.email ? translateKey(t, errors.email) : undefined}
      />
    </AccountDialog>
  );
}
