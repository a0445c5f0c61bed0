// Sales progress: the bar grows to the sold percentage 300 ms after the data arrives
// (SPEC §4), so the visitor sees it move.
import { ERRORS, TIMINGS } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useProgress } from '../shared/queries';
import { clampPercentage } from './progress';

export default function ProgressBar() {
  const progress = useProgress();
  const [shown, setShown] = useState(0);
  const target = progress.data ? clampPercentage(progress.data.percentage) : 0;

  useEffect(() => {
    if (progress.status !== 'success') return;
    const timer = setTimeout(() => setShown(target), TIMINGS.progressAnimationDelayMs);
    return () => clearTimeout(timer);
  }, [progress.status, target]);

  if (progress.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.progress}
      </p>
    );
  if (progress.status === 'loading') return <p className="loading">Cargando progreso...</p>;
  return (
    <>
      <p className="progress-value">{target.toFixed(2)}%</p>
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
      <p className="muted">
        {progress.data.assigned.toLocaleString('es-EC')} de{' '}
        {progress.data.total.toLocaleString('es-EC')} números vendidos
      </p>
    </>
  );
}
