/**
 * DOM test harness for the registry screens: the console's providers around a screen, a fetch test double
 * answering by path with the API envelope, and the signed-in user's permission codes.
 */
import '@web/i18n.ts';
import { resourcePaths, type ApiPath } from '@shared/api/paths.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { STORAGE, writeStored } from '@web/auth/storage.ts';
import { UiProvider } from '@web/components/ui/provider.tsx';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { expect, vi } from 'vitest';
import { clearMessages } from '../support/render-console.tsx';
import { loadConsoleParts } from '@web/console-parts.ts';

// Screens render inside the layout, which loads the console's design system and strings first.
await loadConsoleParts();

/** A test's own path: the fake API answers it (the console's own paths are shared/api/paths.ts's). */
export const testPath = (path: string) => path as ApiPath;

/** The calls of a test declaration under `/test/{name}`, without an info call (the row is the record). */
export function testCalls(name: string) {
  const { info: _info, ...calls } = resourcePaths({ module: 'test', name, importable: true });
  return calls;
}

export interface Sent {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** What a handler answers: data (code 0), or a whole envelope with an HTTP status. */
export type Answer = { data: unknown } | { status?: number; code: number; msg: string; data?: unknown };
export type Handler = (sent: Sent) => Answer | Promise<Answer>;

/** Stubs fetch: each call is recorded and answered by the handler of its path (404 when there is none). */
export function fakeApi(handlers: Record<string, Handler>) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Sent = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    sent.push(call);
    const handler = handlers[call.path];
    if (!handler) return json(404, { code: 404, msg: 'not found' });
    const answer = await handler(call);
    if ('code' in answer) return json(answer.status ?? 200, answer);
    return json(200, { code: 0, msg: '', data: answer.data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, calls: (path: string) => sent.filter((s) => s.path === path) };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function grant(...codes: string[]) {
  writeStored(STORAGE.permissions, codes);
}

export function renderScreen(node: ReactNode, path = '/') {
  // The toaster is module-wide and test files share their modules: earlier messages must not fill it.
  clearMessages();
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{node}</SWRConfig>
      </MemoryRouter>
    </UiProvider>,
  );
}

export const page = <T,>(records: T[], total = records.length, current = 1, size = 10) => ({
  data: { records, total, current, size },
});

type User = ReturnType<typeof userEvent.setup>;

/**
 * Fills a date field (web/src/components/ui/date-field.tsx) named `name` as a person pasting
 * `YYYY-MM-DD HH:mm:ss` into it would (typed digits need a browser's input events: test/e2e does that).
 */
export async function fillDate(user: User, name: string, text: string, within_: HTMLElement = document.body) {
  const group = within(within_).getByRole('group', { name });
  const first = within(group).getAllByRole('spinbutton')[0]!;
  await user.click(first);
  // happy-dom's clipboard gives user-event's paste no text: the event carries it.
  fireEvent.paste(first, { clipboardData: { getData: () => text } });
}

/** A date field's text as shown: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`. */
export const dateText = (name: string, within_: HTMLElement = document.body) =>
  (within(within_).getByRole('group', { name }).textContent ?? '').replace(/[\u2066-\u2069\u200e]/g, '');

/** The actions a list row offers, inline and under its "More" menu. */
export async function rowActions(user: User, name: string): Promise<string[]> {
  const row = (await screen.findByText(name)).closest('tr')!;
  const inline = within(row)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
  const more = within(row).queryByRole('button', { name: 'More' });
  if (!more) return inline;
  await user.click(more);
  const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
  return [...inline.filter((label) => label !== 'More'), ...items];
}

/** Runs a row's action, inline or from its "More" menu. */
export async function rowAction(user: User, name: string, action: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  const inline = within(row).queryByRole('button', { name: action });
  if (inline) return user.click(inline);
  await user.click(within(row).getByRole('button', { name: 'More' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
