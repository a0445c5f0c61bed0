// Countdown to the raffle's end date in the hero. Rendered on the server for the moment
// of rendering, then it ticks every second; fixed-width digits keep it from moving.
import { useEffect, useState } from 'react';
import { timeLeft, twoDigits } from './countdown';

export default function Countdown({
  endDate,
  renderedAt,
}: {
  endDate: string;
  renderedAt: number;
}) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(endDate, now);
  if (left.ended) return <p className="countdown-ended">El plazo de compra terminó.</p>;
  const parts: [number | string, string][] = [
    [left.days, left.days === 1 ? 'día' : 'días'],
    [twoDigits(left.hours), 'horas'],
    [twoDigits(left.minutes), 'min'],
    [twoDigits(left.seconds), 'seg'],
  ];
  return (
    <div className="countdown" role="timer" aria-label="Tiempo para el cierre">
      {parts.map(([value, unit]) => (
        <span className="countdown-part" key={unit}>
          <span className="countdown-value">{value}</span>
          <span className="countdown-unit">{unit}</span>
        </span>
      ))}
    </div>
  );
}
