// @vitest-environment happy-dom
/**
 * The command results show each command's expiry type as a translated label (normal, expired, invalid, as the
 * server gives it) and its report time as YYYY-MM-DD HH:mm:ss in the user's time zone
 * (docs/decisions/463-command-expiry-type-and-report-time.md), in every language of the console.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { CommandPage } from '@web/screens/command/command-page.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { translate } from '@functions/lib/i18n.ts';
import { languages } from '@shared/i18n/languages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en');
});

const reportTime = '2025-03-01T10:00:05.000Z';
const base = {
  chargePointId: 'CP-16',
  protocol: 'ocpp1.6',
  createdAt: new Date().toISOString(),
  createdBy: 'operator',
  command: 'clearCache',
  action: 'ClearCache',
  params: {},
  payload: {},
};
const records = [
  {
    ...base,
    commandId: 'a',
    status: 'answered',
    result: { status: 'Accepted' },
    expireType: 'normal',
    reportTime,
  },
  { ...base, commandId: 'b', status: 'timeout', expireType: 'expired' },
  {
    ...base,
    commandId: 'c',
    status: 'answered',
    result: { status: 'Rejected' },
    expireType: 'invalid',
    reportTime,
  },
  // A record the server sent without one.
  { ...base, commandId: 'd', status: 'answered', result: { status: 'Accepted' } },
];

describe('the expiry type and report time of command results', () => {
  for (const { code, header: language } of languages)
    it(`are shown as labels and local times (${language})`, async () => {
      await changeLanguage(code);
      grant('2250', '2256');
      fakeApi({
        '/biz/chargePoint/list': () => page([]),
        '/biz/command/list': () => page(records),
      });
      renderScreen(<CommandPage />, '/command');
      const table = await screen.findByRole(
        'table',
        { name: translate(language, 'commandConsole.results.title') },
        { timeout: 30_000 },
      );
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5), { timeout: 15_000 });
      const headings = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headings).toContain(translate(language, 'commandRes.fields.expireType'));
      expect(headings).toContain(translate(language, 'commandRes.fields.reportTime'));
      const cells = (id: string) =>
        within(table)
          .getAllByTestId(id)
          .map((c) => c.textContent);
      expect(cells('command-expire-type')).toEqual([
        translate(language, 'commandRes.expireTypes.normal'),
        translate(language, 'commandRes.expireTypes.expired'),
        translate(language, 'commandRes.expireTypes.invalid'),
        '-',
      ]);
      const local = formatDateTime(reportTime);
      expect(local).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(cells('command-report-time')).toEqual([local, '-', local, '-']);
    });
});
