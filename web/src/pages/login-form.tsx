/**
 * The login form of docs/product.md sections 2, 4 and 5: username, password and the 4-character image code
 * with its picture beside it (click to get a new one). Staff may change a password first (the header's
 * dialog, with a username field: docs/product.md sections 2 and 5). The submit button is active once any
 * field has input; the shared `loginForm` schema validates. The password is sent encrypted. A failed login
 * shows the server's message and a new image code. The rules (zod and the schema) and the change-password
 * dialog are loaded when first needed: a field's first focus, the dialog's button.
 *
 * staff: GET /auth/oauth/token (password grant) → tokens stored → /home.
 * fleet: POST /fleets/fleetsAdmin/pwdLogin → `vehicle_access_token` → /vehicle/dashbord.
 */
import { Alert, Button, chakra, Image, Stack } from '@chakra-ui/react';
import { imageCodeUrl, newRandomStr, requestFleetToken, requestStaffToken } from '@web/auth/auth-api.ts';
import { encryptPassword, forgetPublicKey, InsecureContextError, PublicKeyError } from '@web/auth/crypto.ts';
import { signIn, signInFleet } from '@web/auth/session.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { fieldErrors } from '@web/lib/form-errors.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { RequestError } from '@web/lib/http.ts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export type LoginMode = 'staff' | 'fleet';

type Rules = typeof import('@web/pages/login-rules.ts');
let rulesLoading: Promise<Rules> | undefined;
const loadRules = () => {
  rulesLoading ??= import('@web/pages/login-rules.ts').catch((error: unknown) => {
    rulesLoading = undefined; // the next focus or submit tries again
    throw error;
  });
  return rulesLoading;
};

const ChangePasswordDialog = lazy(() =>
  import('@web/layout/account-dialogs.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);

export function LoginForm({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', password: '', code: '' });
  const [randomStr, setRandomStr] = useState(newRandomStr);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  // Once opened, the dialog stays mounted, so it closes with its animation.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const [rules, setRules] = useState<Rules | null>(null);
  const needRules = () => void loadRules().then(setRules, () => undefined);

  const hasInput = form.username !== '' || form.password !== '' || form.code !== '';
  const refreshCode = () => {
    setRandomStr(newRandomStr());
    setForm((f) => ({ ...f, code: '' }));
  };
  const fail = (message: string) => {
    setFailure(message);
    forgetPublicKey();
    refreshCode();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let loginForm: Rules['loginForm'];
    try {
      ({ loginForm } = await loadRules());
    } catch {
      setFailure(t('errors.network'));
      return;
    }
    const result = loginForm.safeParse(form);
    setErrors(fieldErrors(result));
    if (!result.success) return;
    setBusy(true);
    setFailure(null);
    try {
      const password = await encryptPassword(result.data.password);
      const { username, code } = result.data;
      if (mode === 'staff') {
        const answer = await requestStaffToken({ username, password, code, randomStr });
        if (answer.code !== 0 || typeof answer.access_token !== 'string')
          return fail(answer.msg || t('login.failed'));
        signIn({ accessToken: answer.access_token, refreshToken: answer.refresh_token ?? null });
        navigate('/home', { replace: true });
      } else {
        const answer = await requestFleetToken({ name: username, password, code, randomStr });
        const token = answer.data?.token;
        if (answer.code !== 0 || typeof token !== 'string') return fail(answer.msg || t('login.failed'));
        signInFleet(token);
        navigate('/vehicle/dashbord', { replace: true });
      }
    } catch (error) {
      if (error instanceof InsecureContextError) fail(t('login.insecure'));
      else if (error instanceof PublicKeyError) fail(t('login.keyFailed'));
      else if (error instanceof RequestError)
        fail(t(error.kind === 'timeout' ? 'errors.timeout' : 'errors.network'));
      else fail(t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  const set = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const error = (name: string) => (errors[name] ? translateKey(t, errors[name]) : undefined);

  return (
    <>
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={needRules}
        noValidate
        aria-label={t(mode === 'staff' ? 'login.modes.staff' : 'login.modes.fleet')}
      >
        <Stack gap="4">
          {failure ? (
            <Alert.Root status="error" size="sm" role="alert">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            maxLength={rules?.LIMITS.usernameMax}
            value={form.username}
            onChange={set('username')}
            error={error('username')}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={rules?.LIMITS.passwordMax}
            value={form.password}
            onChange={set('password')}
            error={error('password')}
          />
          <TextField
            label={t('login.code')}
            name="code"
            autoComplete="off"
            maxLength={rules?.LIMITS.imageCodeLength}
            value={form.code}
            onChange={set('code')}
            error={error('code')}
            addon={
              <chakra.button
                type="button"
                onClick={refreshCode}
                title={t('login.refreshCode')}
                aria-label={t('login.refreshCode')}
                flexShrink={0}
                h="10"
                w="28"
                borderWidth="1px"
                rounded="md"
                overflow="hidden"
                bg="bg.muted"
                cursor="pointer"
              >
                <Image
                  src={imageCodeUrl(randomStr)}
                  alt={t('login.codeImage')}
                  h="full"
                  w="full"
                  objectFit="contain"
                />
              </chakra.button>
            }
          />
          <Button
            type="submit"
            colorPalette="blue"
            disabled={!hasInput}
            loading={busy}
            loadingText={t('login.submitting')}
          >
            {t('login.submit')}
          </Button>
          {mode === 'staff' ? (
            <Button
              type="button"
              variant="plain"
              size="sm"
              alignSelf="center"
              onClick={() => {
                setDialogLoaded(true);
                setChanging(true);
              }}
            >
              {t('login.changePassword')}
            </Button>
          ) : null}
        </Stack>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit is not the login's. */}
      {mode === 'staff' && dialogLoaded ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} beforeLogin />
        </Suspense>
      ) : null}
    </>
  );
}
