// @vitest-environment happy-dom
/**
 * What chargers report, in the user's language (docs/decisions/453-built-in-data-in-the-users-language.md):
 * the charger page's connector table (reported status and error code: "Charging", "SuspendedEV", "Faulted",
 * "NoError", "GroundFailure", 2.0.1's "Occupied"), the order timeline's status events and stop reasons
 * (every reason of both OCPP versions), in every language of the console; an unknown (vendor's) value reads
 * as sent.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { ChargerDetailPage } from '@web/screens/site/charger-detail.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { translate } from '@functions/lib/i18n.ts';
import { languages } from '@shared/i18n/languages.ts';
import { CHARGE_POINT_ERROR_CODES } from '@shared/ocpp/connector-state.ts';
import { OCPP_STOP_REASONS, stopReasonCode } from '@shared/ocpp/stop-reasons.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, renderScreen } from './harness.tsx';
import { openTimeline } from './order-timeline-harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en');
});

const connectorStates = [
  { connectorNo: 1, state: 'charging', status: 'Charging', errorCode: 'NoError' },
  { connectorNo: 2, state: 'suspendedEV', status: 'SuspendedEV', errorCode: 'NoError' },
  { connectorNo: 3, state: 'faulted', status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD tripped' },
  { connectorNo: 4, state: 'preparing', status: 'Occupied' },
  { connectorNo: 5, state: 'faulted', status: 'VendorBusy', errorCode: 'VX-17' },
];

/** Raw OCPP words none of which may show where a translation exists. */
const RAW = ['Charging', 'SuspendedEV', 'Faulted', 'NoError', 'GroundFailure', 'Occupied'];

describe("the charger page's connectors", () => {
  for (const { code, header: language } of languages)
    it(`shows reported statuses and error codes in words (${language})`, async () => {
      await changeLanguage(code);
      grant('2200', '2204');
      fakeApi({
        '/biz/chargePoint/detail': () => ({
          data: { id: 'CP-1', chargePointId: 'CP-1', protocol: 'ocpp1.6', online: true, connectorStates },
        }),
        '/biz/chargePoint/messages': () => ({ data: { from: '', to: '', items: [] } }),
      });
      renderScreen(
        <Routes>
          <Route path="/chargerDetail/:id" element={<ChargerDetailPage />} />
        </Routes>,
        '/chargerDetail/CP-1',
      );
      const t = (key: string) => translate(language, key);
      const table = await screen.findByRole(
        'table',
        { name: t('siteConsole.charger.connectors') },
        { timeout: 30_000 },
      );
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? ''));
      // Reported status and error code: columns 4 and 5.
      expect(rows.map((r) => [r[3], r[4]])).toEqual([
        [t('siteConsole.states.charging'), t('siteConsole.errorCodes.NoError')],
        [t('siteConsole.states.suspendedEV'), t('siteConsole.errorCodes.NoError')],
        [t('siteConsole.states.faulted'), t('siteConsole.errorCodes.GroundFailure')],
        [t('siteConsole.reportedStatuses.Occupied'), '-'],
        // A vendor's own words read as sent.
        ['VendorBusy', 'VX-17'],
      ]);
      expect(rows[2]![5]).toBe('RCD tripped');
      if (code !== 'en')
        for (const raw of RAW) expect(within(table).queryByText(raw, { exact: true })).toBeNull();
    });

  it('has words for every OCPP 1.6 error code in every language', () => {
    for (const { code: lang, header: language } of languages)
      for (const code of CHARGE_POINT_ERROR_CODES) {
        const text = translate(language, `siteConsole.errorCodes.${code}`);
        expect(text, `${language} ${code}`).not.toBe(`siteConsole.errorCodes.${code}`);
        expect(text, `${language} ${code}`).not.toBe(code);
        if (lang !== 'en')
          expect(text, `${language} ${code}`).not.toBe(translate('en-us', `siteConsole.errorCodes.${code}`));
      }
  });
});

const order = {
  id: 'O-1',
  orderNo: 'O-1',
  stationId: 'st-1',
  chargePointId: 'CP-1',
  connectorNo: 1,
  transactionId: '42',
  idTag: 'TAG-1',
  startTime: '2025-03-01T10:00:00.000Z',
  endTime: '2025-03-01T11:00:00.000Z',
  curve: [],
};

/** A timeline of the protocol's status reports and one stop per reason the protocol defines. */
function timeline(protocol: 'ocpp1.6' | 'ocpp2.0.1') {
  const statuses =
    protocol === 'ocpp1.6'
      ? [
          { status: 'Preparing' },
          { status: 'SuspendedEV' },
          { status: 'Faulted', errorCode: 'OverCurrentFailure' },
          { status: 'Finishing' },
        ]
      : [{ status: 'Occupied' }, { status: 'EVConnected' }, { status: 'SuspendedEVSE' }, { status: 'Idle' }];
  const at = (i: number) => new Date(Date.parse('2025-03-01T10:00:00.000Z') + i * 1000).toISOString();
  return [
    ...statuses.map((s, i) => ({ type: 'status', at: at(i), source: 'log', ...s })),
    ...OCPP_STOP_REASONS[protocol].map((reason, i) => ({
      type: 'stop',
      at: at(100 + i),
      source: 'log',
      meterWh: 1000,
      reason,
    })),
  ];
}

describe("the order timeline's reports", () => {
  for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const)
    for (const { code, header: language } of languages)
      it(`names the states, error codes, event kinds and stop reasons of ${protocol} in words (${language})`, async () => {
        await changeLanguage(code);
        const events = timeline(protocol);
        const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
        const { rows } = await openTimeline(language, { ...order, protocol }, events);
        expect(rows.map((r) => r[1])).toEqual(events.map((e) => t(`orderRes.timeline.types.${e.type}`)));
        const details = rows.map((r) => r[2]!);
        if (protocol === 'ocpp1.6')
          expect(details.slice(0, 4)).toEqual([
            t('siteConsole.states.preparing'),
            t('siteConsole.states.suspendedEV'),
            `${t('siteConsole.states.faulted')} · ${t('siteConsole.errorCodes.OverCurrentFailure')}`,
            t('siteConsole.states.finishing'),
          ]);
        else
          expect(details.slice(0, 4)).toEqual([
            t('siteConsole.reportedStatuses.Occupied'),
            t('siteConsole.reportedStatuses.EVConnected'),
            t('siteConsole.states.suspendedEVSE'),
            t('siteConsole.reportedStatuses.Idle'),
          ]);
        OCPP_STOP_REASONS[protocol].forEach((reason, i) =>
          expect(details[4 + i]).toContain(
            t('orderRes.timeline.reason', {
              reason: t(`builtIn.stopReasons.${stopReasonCode(protocol, reason)}`),
            }),
          ),
        );
        // No OCPP word shows as sent (English shares some words with the protocol: checked in the others).
        if (code !== 'en')
          for (const raw of [...OCPP_STOP_REASONS[protocol], 'OverCurrentFailure', 'Occupied', 'Idle'])
            for (const detail of details) expect(detail).not.toContain(raw);
      });
});
