// Sales progress, rendered on the server with the figures of that moment. Once in the
// browser the bar grows to the sold percentage 300 ms later (SPEC §4), so the visitor
// sees it move, and keeps itself current by asking again every few seconds.
import { ERRORS, formatCount, TIMINGS, type Progress } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { refreshProgress, useProgress } from '../shared/queries';
import { clampPercentage, PROGRESS_POLL_MS } from './progress';

export default function ProgressBar({ initial }: { initial?: Progress | null }) {
  const progress = useProgress(initial);
  const [shown, setShown] = useState(0);
  const target = progress.data ? clampPercentage(progress.data.percentage) : 0;

  useEffect(() => {
    if (progress.status !== 'success') return;
    const timer = setTimeout(() => setShown(target), TIMINGS.progressAnimationDelayMs);
    return () => clearTimeout(timer);
  }, [progress.status, target]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshProgress();
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  if (progress.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.progress}
      </p>
    );
  if (progress.status === 'loading') return <p className="loading">Cargando progreso...</p>;
  return (
    <>
      <p className="progress-value">{formatPercent(target)}</p>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Porcentaje de números vendidos"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
      >
        <div className="progress-fill" style={{ width: `${shown}%` }} />
      </div>
      <p className="muted">{soldText(progress.data)}</p>
    </>
  );
}

function soldText({ assigned, total }: Progress): string {
  return `${formatCount(assigned)} de ${formatCount(total)} números vendidos`;
}

function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}
