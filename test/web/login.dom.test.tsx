// @vitest-environment happy-dom
/**
 * The login page (docs/product.md sections 2, 4, 5): two modes, the submit button active once any field has
 * input, the password sent encrypted with the server's key, the tokens stored and the user sent on, and a
 * failed login showing the server's message with a new image code. fetch is the only thing replaced.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicKey } from '@web/auth/crypto.ts';
import { changeLanguage } from '@web/i18n.ts';
import { fakeApi, serverKeyPair, type Handler } from './support/fake-api.ts';
import { clearMessages, renderConsole } from './support/render-console.tsx';

let key: Awaited<ReturnType<typeof serverKeyPair>>;
beforeAll(async () => {
  key = await serverKeyPair();
});
beforeEach(async () => {
  localStorage.clear();
  forgetPublicKey();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearMessages();
  vi.unstubAllGlobals();
});

const publicKey: Handler = () => ({ body: { code: 0, msg: '', data: { publicKey: key.pem } } });

function codeImage(): HTMLImageElement {
  return screen.getByRole('img', { name: 'Image code picture' }) as HTMLImageElement;
}
const randomStrOf = (img: HTMLImageElement) => new URL(img.src, 'http://x').searchParams.get('randomStr');

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { username: string; password: string; code: string },
) {
  await user.type(screen.getByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Image code'), values.code);
}

describe('login page', () => {
  it('offers the two modes and keeps submit disabled until a field has input', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderConsole('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'EV Charging Console' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Operation staff' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Fleets' })).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Image code'), 'a');
    expect(submit.disabled).toBe(false);
    await user.clear(screen.getByLabelText('Image code'));
    expect(submit.disabled).toBe(true);
  });

  it('validates with the shared login rules before calling anything', async () => {
    const api = fakeApi({ 'GET /auth/publicKey': publicKey });
    const user = userEvent.setup();
    renderConsole('/login');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.to('/auth/oauth/token')).toHaveLength(0);
  });

  it('logs staff in with the encrypted password, stores the tokens and goes to /home', async () => {
    const api = fakeApi({
      'GET /auth/publicKey': publicKey,
      'GET /auth/oauth/token': () => ({
        body: { code: 0, msg: '', access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 },
      }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/login');
    const randomStr = randomStrOf(codeImage());
    expect(codeImage().getAttribute('src')).toBe(`/code?randomStr=${randomStr}`);

    await fill(user, { username: 'admin', password: 'Admin12345', code: 'ab12' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(view.pathname()).toBe('/home'));
    const [call] = api.to('/auth/oauth/token');
    expect(call?.method).toBe('GET');
    expect(call?.headers.authorization).toBe(`Basic ${btoa('console:console')}`);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({
      username: 'admin',
      grant_type: 'password',
      code: 'ab12',
      randomStr,
      scope: 'server',
    });
    const sent = call?.query.get('password') ?? '';
    expect(sent).not.toContain('Admin12345');
    await expect(key.decrypt(sent)).resolves.toBe('Admin12345');
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
  });

  it('shows the server message and a new image code when the staff login fails', async () => {
    const api = fakeApi({
      'GET /auth/publicKey': publicKey,
      'GET /auth/oauth/token': () => ({ status: 400, body: { code: 1, msg: 'Image code is wrong' } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/login');
    const before = randomStrOf(codeImage());

    await fill(user, { username: 'admin', password: 'Admin12345', code: 'zzzz' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Image code is wrong')).toBeTruthy();
    expect(randomStrOf(codeImage())).not.toBe(before);
    expect((screen.getByLabelText('Image code') as HTMLInputElement).value).toBe('');
    expect(view.pathname()).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(api.to('/auth/oauth/token')).toHaveLength(1);
  });

  it('changes a password before login: username, old and new twice, checked, sent encrypted', async () => {
    const api = fakeApi({
      'GET /auth/publicKey': publicKey,
      'POST /admin/user/updatePwd': () => ({ body: { code: 0, msg: 'success', data: null } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/login');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });

    // The shared rules first: username required, the new password's rule, different from the old.
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Secret12345');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Secret12345');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Secret12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('The new password must differ from the current one')).toBeTruthy();
    expect(api.to('/admin/user/updatePwd')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Username/), 'ops1');
    await user.clear(within(dialog).getByLabelText(/^New password/));
    await user.type(within(dialog).getByLabelText(/^New password/), 'Fresh12345');
    await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Fresh12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Password changed. Log in with the new password.')).toBeTruthy();
    const [call] = api.to('/admin/user/updatePwd');
    const sent = call?.body as { username: string; oldPwd: string; newPwd: string };
    expect(sent.username).toBe('ops1');
    await expect(key.decrypt(sent.oldPwd)).resolves.toBe('Secret12345');
    await expect(key.decrypt(sent.newPwd)).resolves.toBe('Fresh12345');
    expect(call?.headers.authorization).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    // The login itself was not submitted.
    expect(api.to('/auth/oauth/token')).toHaveLength(0);
    expect(view.pathname()).toBe('/login');
  });

  it('shows the server refusal of a password change and keeps the dialog open', async () => {
    fakeApi({
      'GET /auth/publicKey': publicKey,
      'POST /admin/user/updatePwd': () => ({
        body: { code: 1, msg: 'Wrong username or password; 4 attempts left before the account is locked' },
      }),
    });
    const user = userEvent.setup();
    renderConsole('/login');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText(/^Username/), 'ops1');
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Wrong12345');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Fresh12345');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Fresh12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText(/4 attempts left/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
  });

  it('gets a new image code when the picture is clicked', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderConsole('/login');
    const before = randomStrOf(codeImage());
    await user.click(screen.getByRole('button', { name: 'Get a new picture' }));
    expect(randomStrOf(codeImage())).not.toBe(before);
  });

  it('switches the mode with the arrow keys, the chosen tab focused and its form shown', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderConsole('/login');
    const staff = screen.getByRole('tab', { name: 'Operation staff' });
    const fleets = screen.getByRole('tab', { name: 'Fleets' });
    expect(staff.tabIndex).toBe(0);
    expect(fleets.tabIndex).toBe(-1); // one tab stop for the list
    staff.focus();
    await user.keyboard('{ArrowRight}');
    expect(fleets.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(fleets);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(fleets.id);
    expect(screen.getByRole('form', { name: 'Fleets' })).toBeTruthy();
    await user.keyboard('{ArrowRight}'); // the last stays the last
    expect(fleets.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(staff.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(staff);
    expect(screen.getByRole('form', { name: 'Operation staff' })).toBeTruthy();
  });

  it('logs a fleet administrator in and goes to the fleet dashboard', async () => {
    localStorage.setItem('menus', '[]');
    localStorage.setItem('refresh_token', 'staff-refresh');
    const api = fakeApi({
      'GET /auth/publicKey': publicKey,
      'POST /fleets/fleetsAdmin/pwdLogin': () => ({ body: { code: 0, msg: '', data: { token: 'fleet-1' } } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/login');
    await user.click(screen.getByRole('tab', { name: 'Fleets' }));
    const form = screen.getByRole('form', { name: 'Fleets' });
    const randomStr = randomStrOf(within(form).getByRole('img') as HTMLImageElement);

    await fill(user, { username: 'fleet@demo.local', password: 'Fleet12345', code: 'qw12' });
    await user.click(within(form).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(view.pathname()).toBe('/vehicle/dashbord'));
    const [call] = api.to('/fleets/fleetsAdmin/pwdLogin');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.query.get('code')).toBe('qw12');
    expect(call?.query.get('randomStr')).toBe(randomStr);
    const body = call?.body as { name: string; password: string; code: string; randomStr: string };
    expect(body).toMatchObject({ name: 'fleet@demo.local', code: 'qw12', randomStr });
    await expect(key.decrypt(body.password)).resolves.toBe('Fleet12345');
    expect(localStorage.getItem('vehicle_access_token')).toBe('fleet-1');
    expect(localStorage.getItem('access_token')).toBeNull();
    // A staff session left in the browser ends: its user and menus are not the fleet account's.
    expect(localStorage.getItem('menus')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('shows the fleet login failure message and refreshes the image code', async () => {
    fakeApi({
      'GET /auth/publicKey': publicKey,
      'POST /fleets/fleetsAdmin/pwdLogin': () => ({
        status: 400,
        body: { code: 1, msg: 'Account or password is wrong' },
      }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/login');
    await user.click(screen.getByRole('tab', { name: 'Fleets' }));
    const before = randomStrOf(codeImage());
    await fill(user, { username: 'fleet@demo.local', password: 'nope12345', code: 'qw12' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Account or password is wrong')).toBeTruthy();
    expect(randomStrOf(codeImage())).not.toBe(before);
    expect(view.pathname()).toBe('/login');
  });

  it('sends an unauthenticated visitor of a console page to /login', async () => {
    fakeApi({});
    const view = renderConsole('/equipment');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
  });
});
