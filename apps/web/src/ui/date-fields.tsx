import { DATE_FORMAT_PATTERN, DATE_TIME_FORMAT_PATTERN, MONTH_FORMAT_PATTERN } from '@bo/domain';
import { DesktopDatePicker as DatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker as DateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, itIT, ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import 'dayjs/locale/it';
import 'dayjs/locale/ru';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/**
 * Date, date-time and month fields that show the spec's formats (DD.MM.YYYY, DD.MM.YYYY HH:mm, MM.YYYY,
 * spec 9) and the interface's language, whatever the browser's language (a native date input follows
 * the browser). The value stays the text the forms and the API already use: `YYYY-MM-DD`,
 * `YYYY-MM-DDTHH:mm` (a wall time, as a datetime-local field gave it) and `YYYY-MM`; '' when empty or
 * not yet a whole date. The desktop pickers on every device: on a tablet the digits are typed (a numeric
 * keyboard) and the calendar opens from the button, where a mobile picker would only take taps.
 */

const WIRE = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm', month: 'YYYY-MM' } as const;
type Kind = keyof typeof WIRE;

/** The pickers' own words (toolbar, buttons, section names) in the interface's language. */
const PICKER_TEXTS = {
  de: deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  it: itIT.components.MuiLocalizationProvider.defaultProps.localeText,
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
} as const;

function pickerLanguage(language: string): keyof typeof PICKER_TEXTS {
  const short = language.slice(0, 2);
  return short === 'en' || short === 'it' || short === 'ru' ? short : 'de';
}

/** The wire text of a picked value: '' for none or a date not yet whole. */
export function wireOfPicked(kind: Kind, picked: Dayjs | null): string {
  return picked && picked.isValid() ? picked.format(WIRE[kind]) : '';
}

/** The picker's value of a wire text (null for '' or text that is not a date of that kind). */
export function pickedOfWire(kind: Kind, wire: string): Dayjs | null {
  if (wire === '') {
    return null;
  }
  const parsed = dayjs(wire, WIRE[kind], true);
  return parsed.isValid() ? parsed : null;
}

export interface DateFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Put on the field's input, as the native fields had it. */
  testId?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Earliest and latest choosable, as wire text. */
  min?: string;
  max?: string;
  /** Minutes between the clock's choices (date-time only). */
  minutesStep?: number;
  sx?: object;
  onBlur?: () => void;
  name?: string;
}

function usePickerState(kind: Kind, value: string, onChange: (value: string) => void) {
  // The picker keeps what is typed but not yet a whole date; the form only hears whole dates (or '').
  const [picked, setPicked] = useState<Dayjs | null>(() => pickedOfWire(kind, value));
  useEffect(() => {
    setPicked((current) => (wireOfPicked(kind, current) === value ? current : pickedOfWire(kind, value)));
  }, [kind, value]);
  const change = (next: Dayjs | null) => {
    setPicked(next);
    const wire = wireOfPicked(kind, next);
    if (wire !== value) {
      onChange(wire);
    }
  };
  return [picked, change] as const;
}

function Localised({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = pickerLanguage(i18n.language);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={PICKER_TEXTS[language]}>
      {children}
    </LocalizationProvider>
  );
}

function fieldSlot(p: DateFieldProps) {
  return {
    textField: {
      fullWidth: p.fullWidth ?? true,
      size: p.size ?? 'small',
      error: p.error,
      helperText: p.helperText,
      required: p.required,
      name: p.name,
      onBlur: p.onBlur,
      sx: p.sx,
      slotProps: p.testId ? { htmlInput: { 'data-testid': p.testId } } : undefined,
    },
  };
}

/** A date, shown DD.MM.YYYY; value `YYYY-MM-DD`. */
export function DateField(p: DateFieldProps) {
  const [picked, change] = usePickerState('date', p.value, p.onChange);
  return (
    <Localised>
      <DatePicker
        label={p.label}
        value={picked}
        onChange={change}
        format={DATE_FORMAT_PATTERN}
        disabled={p.disabled}
        minDate={p.min ? (pickedOfWire('date', p.min) ?? undefined) : undefined}
        maxDate={p.max ? (pickedOfWire('date', p.max) ?? undefined) : undefined}
        slotProps={fieldSlot(p)}
      />
    </Localised>
  );
}

/** A date and time of day (24 h), shown DD.MM.YYYY HH:mm; value `YYYY-MM-DDTHH:mm`. */
export function DateTimeField(p: DateFieldProps) {
  const [picked, change] = usePickerState('datetime', p.value, p.onChange);
  return (
    <Localised>
      <DateTimePicker
        label={p.label}
        value={picked}
        onChange={change}
        format={DATE_TIME_FORMAT_PATTERN}
        ampm={false}
        minutesStep={p.minutesStep ?? 5}
        disabled={p.disabled}
        minDateTime={p.min ? (pickedOfWire('datetime', p.min) ?? undefined) : undefined}
        slotProps={fieldSlot(p)}
      />
    </Localised>
  );
}

/** A month, shown MM.YYYY; value `YYYY-MM`. */
export function MonthField(p: DateFieldProps) {
  const [picked, change] = usePickerState('month', p.value, p.onChange);
  return (
    <Localised>
      <DatePicker
        label={p.label}
        value={picked}
        onChange={change}
        views={['year', 'month']}
        openTo="month"
        format={MONTH_FORMAT_PATTERN}
        disabled={p.disabled}
        minDate={p.min ? (pickedOfWire('month', p.min) ?? undefined) : undefined}
        slotProps={fieldSlot(p)}
      />
    </Localised>
  );
}
