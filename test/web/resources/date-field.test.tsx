// @vitest-environment happy-dom
/**
 * The console's date and date-time field (docs/decisions/449-date-picker.md): typed as YYYY-MM-DD or
 * YYYY-MM-DD HH:mm:ss with a 24-hour clock in every language, a calendar in the user's language, and the
 * value handed on in the format the browser's own inputs gave (what the API calls are built from).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField, fromDateValue, toDateValue } from '@web/components/ui/date-field.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from './harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function Harness(props: { initial: string; granularity: 'day' | 'second'; seen: string[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <DateField
      label="From"
      granularity={props.granularity}
      value={value}
      onChange={(next) => {
        props.seen.push(next);
        setValue(next);
      }}
    />
  );
}

/** The segments' text as shown, e.g. `2025-01-31 13:05:09`. */
const shown = (group: HTMLElement) => (group.textContent ?? '').replace(/\u2066|\u2069|\u200e/g, '');

describe('DateField', () => {
  it('reads and writes the strings the browser inputs gave', () => {
    expect(fromDateValue(toDateValue('2025-01-31T13:05:09', 'second'), 'second')).toBe('2025-01-31T13:05:09');
    expect(fromDateValue(toDateValue('2025-01-31T13:05', 'second'), 'second')).toBe('2025-01-31T13:05:00');
    expect(fromDateValue(toDateValue('2025-01-31', 'day'), 'day')).toBe('2025-01-31');
    expect(toDateValue('2025-02-31', 'day')).toBeUndefined();
    expect(toDateValue('2025-01-31T24:00:00', 'second')).toBeUndefined();
    expect(toDateValue('01/31/2025', 'day')).toBeUndefined();
    expect(toDateValue('', 'second')).toBeUndefined();
  });

  for (const language of ['en', 'de', 'cn', 'tw', 'th'] as const) {
    it(`shows YYYY-MM-DD HH:mm:ss with a 24-hour clock in ${language}`, async () => {
      await changeLanguage(language);
      const seen: string[] = [];
      renderScreen(<Harness initial="2025-01-31T13:05:09" granularity="second" seen={seen} />);
      const group = await screen.findByRole('group', { name: 'From' });
      expect(shown(group)).toBe('2025-01-31 13:05:09');
      expect(within(group).queryByText(/AM|PM|上午|下午|ก่อนเที่ยง|หลังเที่ยง/)).toBeNull();
    });
  }

  it('steps the time with the keyboard on a 24-hour clock and hands on the input format', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderScreen(<Harness initial="2025-01-31T23:05:09" granularity="second" seen={seen} />);
    const group = await screen.findByRole('group', { name: 'From' });
    await user.click(within(group).getByRole('spinbutton', { name: 'Hour' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(seen.at(-1)).toBe('2025-01-31T22:05:09'));
    expect(shown(group)).toBe('2025-01-31 22:05:09');
  });

  it('picks a day in the calendar, in the user language, keeping the time', async () => {
    await changeLanguage('de');
    const user = userEvent.setup();
    const seen: string[] = [];
    renderScreen(<Harness initial="2025-01-31T13:05:09" granularity="second" seen={seen} />);
    await user.click(await screen.findByRole('button', { name: 'Kalender für From öffnen' }));
    // The calendar's header names the month in German.
    expect((await screen.findAllByText(/Januar 2025/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /15\. Januar 2025/ }));
    await waitFor(() => expect(seen.at(-1)).toBe('2025-01-15T13:05:09'));
  });

  it('hands on a date alone for a date field', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderScreen(<Harness initial="2025-03-01" granularity="day" seen={seen} />);
    const group = await screen.findByRole('group', { name: 'From' });
    expect(shown(group)).toBe('2025-03-01');
    await user.click(within(group).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(seen.at(-1)).toBe('2025-03-02'));
  });
});
