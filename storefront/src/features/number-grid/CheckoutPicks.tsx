// The grid at the checkout of a pick-mode raffle: the buyer completes the package's
// quantity with their own numbers (or the maquinita's), the order carries them as
// `numbers`, and a 409 takes exactly the taken ones out of the selection.
import {
  formatCount,
  numbersTakenErrorSchema,
  PICK_TEXTS,
  type SelectedPackage,
} from '@vag/contracts';
import { useCallback, useState } from 'react';
import { sessionStore } from '../packages/selected-package';
import { ApiError } from '../shared/api';
import type { RaffleRef } from '../shared/raffle-scope';
import { formatNumber, takenIndexes, withoutTaken, type GridView } from './grid';
import { NumberGrid, useNumberGrid } from './NumberGrid';
import { readPicks, savePicks } from './picks';

export type CheckoutPicksState = ReturnType<typeof useCheckoutPicks>;

export function useCheckoutPicks(raffle: RaffleRef, pkg: SelectedPackage | null) {
  const view = useNumberGrid(raffle);
  const quantity = pkg?.quantity ?? 0;
  const [selection, setSelection] = useState(() =>
    readPicks(sessionStore(), raffle).slice(0, quantity || undefined),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const active = view !== null && view !== 'none';
  const choose = useCallback(
    (next: number[]) => {
      setSelection(next);
      savePicks(sessionStore(), raffle, next);
    },
    [raffle],
  );
  const width = active ? view.width : 1;
  return {
    view: active ? view : null,
    raffle,
    quantity,
    selection,
    choose,
    notice,
    /** Why the order cannot go yet: no numbers, or not the quantity whose price was shown. */
    problem(): string | null {
      if (!active) return null;
      if (selection.length === 0) return PICK_TEXTS.pickRequired;
      return selection.length === quantity ? null : PICK_TEXTS.selectionChanged;
    },
    /** The order body with the chosen numbers, in a pick-mode raffle. */
    withNumbers<T extends object>(order: T): T & { numbers?: string[] } {
      return active ? { ...order, numbers: selection.map((n) => formatNumber(n, width)) } : order;
    },
    /** A 409 naming taken numbers: they leave the selection; the message to show, or null. */
    refused(error: unknown): string | null {
      if (!active || !(error instanceof ApiError) || error.status !== 409) return null;
      const body = numbersTakenErrorSchema.safeParse(error.body);
      if (!body.success) return null;
      const { kept } = withoutTaken(selection, takenIndexes(body.data.takenNumbers));
      choose(kept);
      const message = PICK_TEXTS.numbersTaken(body.data.takenNumbers);
      setNotice(message);
      return message;
    },
  };
}

export function CheckoutPicks({ picks }: { picks: CheckoutPicksState }) {
  if (!picks.view) return null;
  return (
    <section className="card" aria-labelledby="picks-title" style={{ marginBottom: '1rem' }}>
      <h2 id="picks-title">
        {picks.quantity === 1
          ? 'Elige tu número'
          : `Elige tus ${formatCount(picks.quantity)} números`}
      </h2>
      <NumberGrid
        raffle={picks.raffle}
        view={picks.view as GridView}
        selection={picks.selection}
        onSelection={picks.choose}
        target={picks.quantity}
        notice={picks.notice}
      />
    </section>
  );
}
