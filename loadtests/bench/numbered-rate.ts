// How many purchases a ramp step took from order to numbers per second. The step's k6 run
// is not the clock: it starts (building a second of VUs) before the first buyer and waits
// for its last buyers' confirmations after the arrivals stop, and neither is part of the
// sale. The sale's own timestamps are: from the step's first order to the last numbers
// any of its purchases received, so a pipeline that falls behind stretches the span and
// lowers the rate.

export interface NumberedRow {
  createdAt: Date;
  numbersAssignedAt?: Date;
}

export interface NumberedRate {
  perSecond: number;
  /** First order to last numbers; 0 when nothing was numbered. */
  spanSeconds: number;
}

export function numberedRate(rows: NumberedRow[]): NumberedRate {
  let firstOrder = Infinity;
  let lastNumbers = -Infinity;
  let numbered = 0;
  for (const row of rows) {
    firstOrder = Math.min(firstOrder, row.createdAt.getTime());
    if (!row.numbersAssignedAt) continue;
    numbered += 1;
    lastNumbers = Math.max(lastNumbers, row.numbersAssignedAt.getTime());
  }
  if (numbered === 0) return { perSecond: 0, spanSeconds: 0 };
  const spanSeconds = (lastNumbers - firstOrder) / 1000;
  return { perSecond: numbered / spanSeconds, spanSeconds };
}
