// The buyer's chosen numbers on a page (raffle page or checkout), kept for the checkout
// (picks.ts), and the notice of the numbers another order took, shown beside the buy
// button or the form (SPEC §2 "Elige tus números").
import { PICK_TEXTS } from '@vag/contracts';
import { useCallback, useState } from 'react';
import { sessionStore } from '../packages/selected-package';
import type { RaffleRef } from '../shared/raffle-scope';
import { readPicks, savePicks } from './picks';

export function usePickSelection(raffle: RaffleRef, limit?: number) {
  const [selection, setSelection] = useState(() =>
    readPicks(sessionStore(), raffle).slice(0, limit || undefined),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const keep = useCallback(
    (next: number[]) => {
      setSelection(next);
      savePicks(sessionStore(), raffle, next);
    },
    [raffle],
  );
  /** The buyer's own change: an old notice has been read. */
  const choose = useCallback(
    (next: number[]) => {
      keep(next);
      setNotice(null);
    },
    [keep],
  );
  /** Numbers another order took leave the selection at once, and the page says which. */
  const taken = useCallback(
    (kept: number[], printed: string[]) => {
      keep(kept);
      setNotice(PICK_TEXTS.takenFromSelection(printed));
    },
    [keep],
  );
  const dismiss = useCallback(() => setNotice(null), []);
  return { selection, choose, taken, notice, dismiss };
}
