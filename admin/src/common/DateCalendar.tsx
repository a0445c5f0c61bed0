// A month of days in Spanish, weeks from Monday (SPEC §9); picking a day answers yyyy-MM-dd.
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { WEEKDAYS_ES, isoDay, isoToDisplay, monthLabel, monthWeeks } from './dates';

interface Props {
  value: string;
  onPick: (iso: string) => void;
}

function startMonth(value: string): { year: number; month0: number } {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(value);
  if (m) return { year: Number(m[1]), month0: Number(m[2]) - 1 };
  const now = new Date();
  return { year: now.getFullYear(), month0: now.getMonth() };
}

export function DateCalendar({ value, onPick }: Props) {
  const translate = useTranslate();
  const [view, setView] = useState(() => startMonth(value));
  const now = new Date();
  const today = isoDay(now.getFullYear(), now.getMonth(), now.getDate());
  const move = (step: number) =>
    setView(({ year, month0 }) => {
      const next = month0 + step;
      return { year: year + Math.floor(next / 12), month0: ((next % 12) + 12) % 12 };
    });

  return (
    <Box sx={{ p: 1.5, width: 296 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton
          size="small"
          aria-label={translate('vag.dates.previousMonth')}
          onClick={() => move(-1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle2" component="h2" aria-live="polite">
          {monthLabel(view.year, view.month0)}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('vag.dates.nextMonth')}
          onClick={() => move(1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        data-testid="calendar-days"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}
      >
        {WEEKDAYS_ES.map((day) => (
          <Typography
            key={day}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', fontWeight: 700 }}
          >
            {day}
          </Typography>
        ))}
        {monthWeeks(view.year, view.month0)
          .flat()
          .map((iso, i) =>
            iso ? (
              <Button
                key={iso}
                size="small"
                variant={iso === value ? 'contained' : iso === today ? 'outlined' : 'text'}
                aria-label={isoToDisplay(iso)}
                aria-pressed={iso === value}
                onClick={() => onPick(iso)}
                sx={{ minWidth: 0, px: 0, py: 0.5 }}
              >
                {Number(iso.slice(8))}
              </Button>
            ) : (
              <span key={`blank${i}`} />
            ),
          )}
      </Box>
    </Box>
  );
}
