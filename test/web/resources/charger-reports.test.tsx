// @vitest-environment happy-dom
/**
 * What a charger says about itself and its faults, in the user's language
 * (docs/decisions/453-built-in-data-in-the-users-language.md): the charger page's firmware status (every
 * status of OCPP 1.6, its security extension and 2.0.1) and a 2.0.1 charger's boot reason, the alarm list's
 * and the alarm detail's code (OCPP error codes by the connector catalogue, the platform's Offline and
 * TransformerOverload by their own words; the code as sent on hover in the list and after the words in the
 * detail), in every language of the console; an unknown (vendor's) value reads as sent.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { translate } from '@functions/lib/i18n.ts';
import { languages } from '@shared/i18n/languages.ts';
import { BOOT_REASONS, FIRMWARE_STATUSES } from '@shared/ocpp/charger-reports.ts';
import { changeLanguage } from '@web/i18n.ts';
import { alarmDecl } from '@web/resources/decls/alarm/alarm.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { ChargerDetailPage } from '@web/screens/site/charger-detail.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en');
});

/** The value beside a label in a list of facts (the charger page's `Facts`). */
function factValue(label: string): string {
  const term = screen.getByText(label, { exact: true });
  return term.nextElementSibling?.textContent ?? '';
}

function renderCharger(data: Record<string, unknown>) {
  grant('2200', '2204');
  fakeApi({
    '/biz/chargePoint/detail': () => ({
      data: { id: 'CP-1', chargePointId: 'CP-1', online: true, connectorStates: [], ...data },
    }),
    '/biz/chargePoint/messages': () => ({ data: { from: '', to: '', items: [] } }),
    '/biz/alarm/list': () => page([]),
  });
  renderScreen(
    <Routes>
      <Route path="/chargerDetail/:id" element={<ChargerDetailPage />} />
    </Routes>,
    '/chargerDetail/CP-1',
  );
}

const boot = (reason: string) => ({
  vendor: 'EVC Simulator',
  model: 'SIM-AC22',
  at: '2026-11-20T10:00:00.000Z',
  reason,
});

describe("the charger page's firmware status and boot reason", () => {
  for (const { code, header: language } of languages)
    it(`are in words (${language})`, async () => {
      await changeLanguage(code);
      const t = (key: string) => translate(language, key);
      renderCharger({
        protocol: 'ocpp2.0.1',
        firmwareStatus: 'SignatureVerified',
        boot: boot('RemoteReset'),
      });
      await screen.findByText(t('siteConsole.charger.bootReason'), { exact: true }, { timeout: 30_000 });
      expect(factValue(t('siteConsole.charger.firmwareStatus'))).toBe(
        t('commandRes.results.SignatureVerified'),
      );
      expect(factValue(t('siteConsole.charger.bootReason'))).toBe(t('siteConsole.bootReasons.RemoteReset'));
      expect(screen.queryByText('SignatureVerified', { exact: true })).toBeNull();
      expect(screen.queryByText('RemoteReset', { exact: true })).toBeNull();
    });

  it("reads a vendor's firmware status and boot reason as sent", async () => {
    renderCharger({ protocol: 'ocpp2.0.1', firmwareStatus: 'VendorFlashing', boot: boot('BrownOut') });
    await screen.findByText('Boot reason', { exact: true }, { timeout: 30_000 });
    expect(factValue('Firmware status')).toBe('VendorFlashing');
    expect(factValue('Boot reason')).toBe('BrownOut');
  });

  it('has words for every firmware status and boot reason in every language', () => {
    for (const { code: lang, header: language } of languages)
      for (const [key, values] of [
        ['commandRes.results', FIRMWARE_STATUSES],
        ['siteConsole.bootReasons', BOOT_REASONS],
      ] as const)
        for (const value of values) {
          const text = translate(language, `${key}.${value}`);
          expect(text, `${language} ${value}`).not.toBe(`${key}.${value}`);
          if (lang !== 'en') {
            expect(text, `${language} ${value}`).not.toBe(value);
            expect(text, `${language} ${value}`).not.toBe(translate('en-us', `${key}.${value}`));
          }
        }
  });
});

const alarm = {
  id: 'a1',
  code: 'GroundFailure',
  vendorCode: 'E-12',
  level: 1,
  status: 'open',
  offlineFlag: 0,
  recoverFlag: 0,
  chargePointId: 'DEMO-CP-001',
  chargePointName: 'Bay 1',
  connectorId: 1,
  startTime: '2026-11-20T10:00:00.000Z',
};
const alarms = [
  alarm,
  { ...alarm, id: 'a2', code: 'Offline', offlineFlag: 1, connectorId: 0 },
  { ...alarm, id: 'a3', code: 'TransformerOverload', connectorId: 0 },
  { ...alarm, id: 'a4', code: 'VX-17' },
];

describe("the alarms' codes", () => {
  for (const { code, header: language } of languages)
    it(`are in words in the list, with the code on hover and in the detail (${language})`, async () => {
      await changeLanguage(code);
      const t = (key: string) => translate(language, key);
      grant('5100');
      fakeApi({ '/biz/alarm/list': () => page(alarms) });
      const user = userEvent.setup();
      renderScreen(<ResourceListPage decl={alarmDecl} />);
      const ground = await screen.findByText(
        t('siteConsole.errorCodes.GroundFailure'),
        { exact: true },
        { timeout: 30_000 },
      );
      expect(ground.getAttribute('title')).toBe('GroundFailure');
      const table = ground.closest('table')!;
      for (const [raw, key] of [
        ['Offline', 'alarmRes.codes.Offline'],
        ['TransformerOverload', 'alarmRes.codes.TransformerOverload'],
      ] as const)
        expect(within(table).getByText(t(key), { exact: true }).getAttribute('title')).toBe(raw);
      // A vendor's code reads as sent; no OCPP or platform code shows as sent in a cell.
      within(table).getByText('VX-17', { exact: true });
      for (const raw of ['GroundFailure', 'TransformerOverload'])
        expect(within(table).queryByText(raw, { exact: true })).toBeNull();

      await user.click(within(ground.closest('tr')!).getByRole('button', { name: t('admin.common.detail') }));
      const detail = await screen.findByRole('dialog');
      // The detail keeps the code as sent after the words, for a vendor's support.
      const shown = within(detail).getByText(t('siteConsole.errorCodes.GroundFailure'), { exact: false });
      expect(shown.textContent).toBe(`${t('siteConsole.errorCodes.GroundFailure')} (GroundFailure)`);
      expect(within(detail).getByText('(GroundFailure)').hasAttribute('data-raw-code')).toBe(true);
    });
});
