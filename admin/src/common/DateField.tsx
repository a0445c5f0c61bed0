// A calendar-day field in Spanish (SPEC §9: dd/MM/yyyy, weeks from Monday): MUI's DatePicker
// on date-fns' es locale, typed section by section or picked from its calendar. The form
// holds the day as yyyy-MM-dd ('' while what is typed is not a real day).
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { dateToDay, dayToDate } from './dates';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  name?: string;
}

/** 'mayo de 2026', as Spanish writes a month. */
const MONTH_TITLE = "LLLL 'de' yyyy";

/** 'lu', 'ma', 'mi'…: two letters tell martes from miércoles, one ('M') does not. */
const weekdayShort = (day: Date) => format(day, 'EEEEEE', { locale: es });

function useLocaleText() {
  const translate = useTranslate();
  return useMemo(
    () => ({
      ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
      fieldDayPlaceholder: () => translate('vag.dates.dayPlaceholder'),
      fieldMonthPlaceholder: () => translate('vag.dates.monthPlaceholder'),
      fieldYearPlaceholder: () => translate('vag.dates.yearPlaceholder'),
      day: translate('vag.dates.day'),
      okButtonLabel: translate('vag.dates.accept'),
      openDatePickerDialogue: (date: string | null) =>
        date
          ? translate('vag.dates.openCalendarPicked', { date })
          : translate('vag.dates.openCalendar'),
    }),
    [translate],
  );
}

export function DateField({ label, value, onChange, onBlur, error, ...rest }: DateFieldProps) {
  const localeText = useLocaleText();
  // The picker keeps what is typed so far (an invalid Date) while the form holds ''; the
  // shown date is replaced only when the form's day changes from outside (load, reset).
  const [date, setDate] = useState(() => dayToDate(value));
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setDate(dayToDate(value));
    }
  }, [value]);

  const change = (next: Date | null) => {
    setDate(next);
    emitted.current = dateToDay(next);
    onChange(emitted.current);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={localeText}>
      <DatePicker
        label={label}
        value={date}
        onChange={change}
        format="dd/MM/yyyy"
        dayOfWeekFormatter={weekdayShort}
        slotProps={{
          // Filled, as react-admin's theme draws every other input.
          textField: { variant: 'filled', ...rest, onBlur, ...(error ? { error } : {}) },
          calendarHeader: { format: MONTH_TITLE },
        }}
      />
    </LocalizationProvider>
  );
}
