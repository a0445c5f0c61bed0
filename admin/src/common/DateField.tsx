// A calendar-day field in Spanish: typed as dd/mm/aaaa or picked from the calendar, held by
// the form as yyyy-MM-dd ('' while what is typed is not a real day). Replaces the browser's
// date input, whose format and first weekday follow the browser's language.
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DateCalendar } from './DateCalendar';
import { displayToIso, isoToDisplay } from './dates';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  name?: string;
}

export function DateField({ label, value, onChange, onBlur, ...rest }: DateFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(() => isoToDisplay(value));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const emitted = useRef(value);

  // A value set from outside (record loaded, form reset) replaces what is shown.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(isoToDisplay(value));
    }
  }, [value]);

  const emit = (iso: string) => {
    emitted.current = iso;
    onChange(iso);
  };

  return (
    <>
      <TextField
        {...rest}
        label={label}
        value={text}
        placeholder={translate('vag.dates.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          emit(displayToIso(e.target.value) ?? '');
        }}
        onBlur={() => {
          const iso = displayToIso(text);
          if (iso) setText(isoToDisplay(iso));
          onBlur?.();
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={translate('vag.dates.openCalendar')}
                  onClick={(e) => setAnchor(e.currentTarget)}
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <DateCalendar
          value={value}
          onPick={(iso) => {
            setText(isoToDisplay(iso));
            emit(iso);
            setAnchor(null);
          }}
        />
      </Popover>
    </>
  );
}
