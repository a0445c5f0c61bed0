// Time left until the raffle closes, split for the hero's countdown.
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

export function timeLeft(endIso: string, nowMs: number): TimeLeft {
  const end = Date.parse(endIso);
  const total = Number.isFinite(end) ? Math.max(0, Math.floor((end - nowMs) / 1000)) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: total === 0,
  };
}

/** Two digits for hours, minutes and seconds; days as they are. */
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The four boxes of the countdown, value and unit, as the server and the browser draw them. */
export function countdownParts(left: TimeLeft): { value: string; unit: string }[] {
  return [
    { value: String(left.days), unit: left.days === 1 ? 'día' : 'días' },
    { value: twoDigits(left.hours), unit: 'horas' },
    { value: twoDigits(left.minutes), unit: 'min' },
    { value: twoDigits(left.seconds), unit: 'seg' },
  ];
}

/** What the countdown says once the date has passed. */
export const COUNTDOWN_ENDED = 'El plazo de compra terminó.';
