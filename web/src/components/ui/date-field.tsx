/**
 * The console's date and date-time field (docs/decisions/449-date-picker.md): Chakra UI's DateInput, typed
 * segment by segment as `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (24-hour) whatever the language, beside
 * Chakra UI's DatePicker, a calendar in the user's language (Gregorian, the week as the language starts it).
 * Picking a day keeps the time already typed.
 *
 * The value is the string the browser's own inputs gave before, so every caller and every call keeps
 * its format: `YYYY-MM-DD` for a date, `YYYY-MM-DDTHH:mm:ss` (local time) for a date and time, '' for none.
 */
import { DateInput, DatePicker, Group, Icon, IconButton, Portal } from '@chakra-ui/react';
import { CalendarDate, CalendarDateTime, DateFormatter, type DateValue } from '@internationalized/date';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type DateGranularity = 'day' | 'second';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The field's value for a field string ('' or unreadable: none). */
export function toDateValue(text: string, granularity: DateGranularity): DateValue | undefined {
  const value = text.trim();
  const dateTime = DATE_TIME.exec(value);
  const date = dateTime ?? DATE.exec(value);
  if (!date) return undefined;
  const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const day = new CalendarDate(y, m, d);
  // CalendarDate balances an impossible day (02-31) into the next month: such a text is refused.
  if (day.year !== y || day.month !== m || day.day !== d) return undefined;
  if (granularity === 'day') return day;
  const [h, min, s] = dateTime
    ? [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? 0)]
    : [0, 0, 0];
  if (h > 23 || min > 59 || s > 59) return undefined;
  return new CalendarDateTime(y, m, d, h, min, s);
}

/** The field string for a value: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:ss`. */
export function fromDateValue(value: DateValue | undefined, granularity: DateGranularity): string {
  if (!value) return '';
  const date = `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
  if (granularity === 'day') return date;
  const time = 'hour' in value ? value : { hour: 0, minute: 0, second: 0 };
  return `${date}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

/**
 * Segments in the order and with the separators of `YYYY-MM-DD HH:mm:ss`: Swedish writes dates that way, and
 * only the numbers are shown, so no Swedish word appears. UTC is a neutral frame: the value has no time zone.
 */
const segmentFormat = (granularity: DateGranularity) =>
  new DateFormatter('sv-SE', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(granularity === 'second'
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const }
      : {}),
  });
const FORMATTERS = { day: segmentFormat('day'), second: segmentFormat('second') };

/** The calendar's locale: the user's language, always the Gregorian calendar (Thai would count Buddhist years). */
export const calendarLocale = (language: string) => `${language || 'en'}-u-ca-gregory`;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const SEGMENT_TYPES = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

export interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  granularity?: DateGranularity;
  /** The field's accessible name (the visible label is the caller's). */
  label: string;
  size?: 'xs' | 'sm' | 'md';
  invalid?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Days before or after these (same format as the value) cannot be picked in the calendar. */
  min?: string;
  max?: string;
  /** Attribute of the root, for tests. */
  'data-testid'?: string;
}

export function DateField(props: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const granularity = props.granularity ?? 'day';
  const size = props.size ?? 'md';
  const locale = calendarLocale(i18n.language);
  const value = useMemo(() => toDateValue(props.value, granularity), [props.value, granularity]);
  const values = value ? [value] : [];
  const set = (next: DateValue[]) => {
    const text = fromDateValue(next[0], granularity);
    if (text !== props.value) props.onChange(text);
  };
  const segmentLabel = (type: string): string | undefined => {
    const part = SEGMENT_TYPES.find((p) => p === type);
    return part ? t(`admin.common.dateParts.${part}`) : undefined;
  };
  return (
    <Group
      attached
      w="full"
      data-testid={props['data-testid']}
      data-granularity={granularity}
      // A whole date (and time) pasted into any segment, `YYYY-MM-DD HH:mm:ss` or with a T, fills the field.
      onPasteCapture={(event) => {
        const text = event.clipboardData.getData('text/plain').trim().replace(' ', 'T');
        const pasted = toDateValue(text, granularity);
        if (!pasted || props.disabled || props.readOnly) return;
        event.preventDefault();
        event.stopPropagation();
        props.onChange(fromDateValue(pasted, granularity));
      }}
    >
      <DateInput.Root
        size={size}
        flex="1"
        minW="0"
        locale={locale}
        timeZone="UTC"
        granularity={granularity}
        formatter={FORMATTERS[granularity]}
        hourCycle={24}
        shouldForceLeadingZeros
        value={values}
        onValueChange={(e) => set(e.value)}
        invalid={props.invalid}
        disabled={props.disabled}
        readOnly={props.readOnly}
      >
        <DateInput.Label srOnly>{props.label}</DateInput.Label>
        <DateInput.Control>
          <DateInput.Context>
            {(api) => (
              <DateInput.SegmentGroup>
                {api.getSegments().map((segment, index) => (
                  <DateInput.Segment key={index} segment={segment} aria-label={segmentLabel(segment.type)} />
                ))}
              </DateInput.SegmentGroup>
            )}
          </DateInput.Context>
        </DateInput.Control>
      </DateInput.Root>
      <DatePicker.Root
        size={size}
        w="auto"
        locale={locale}
        timeZone={browserTimeZone()}
        value={values}
        onValueChange={(e) => set(e.value)}
        disabled={props.disabled}
        readOnly={props.readOnly}
        positioning={{ placement: 'bottom-end' }}
        min={props.min ? toDateValue(props.min.slice(0, 10), 'day') : undefined}
        max={props.max ? toDateValue(props.max.slice(0, 10), 'day') : undefined}
      >
        {/* The calendar opens under this control (without it, at the page's corner). */}
        <DatePicker.Control>
          <DatePicker.Trigger asChild>
            <IconButton
              variant="outline"
              size={size}
              // The height of the segments beside it (the picker's trigger recipe draws a smaller button).
              boxSize={size === 'md' ? '10' : size === 'sm' ? '9' : '8'}
              aria-label={t('admin.common.openCalendar', { name: props.label })}
            >
              <CalendarIcon />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.Control>
        <Portal>
          <DatePicker.Positioner>
            <DatePicker.Content>
              <DatePicker.View view="day">
                <DatePicker.Header />
                <DatePicker.DayTable />
              </DatePicker.View>
              <DatePicker.View view="month">
                <DatePicker.Header />
                <DatePicker.MonthTable />
              </DatePicker.View>
              <DatePicker.View view="year">
                <DatePicker.Header />
                <DatePicker.YearTable />
              </DatePicker.View>
            </DatePicker.Content>
          </DatePicker.Positioner>
        </Portal>
      </DatePicker.Root>
    </Group>
  );
}

function CalendarIcon() {
  return (
    <Icon boxSize="4" aria-hidden>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 5h16v16H4z M4 10h16 M8 3v4 M16 3v4" />
      </svg>
    </Icon>
  );
}
