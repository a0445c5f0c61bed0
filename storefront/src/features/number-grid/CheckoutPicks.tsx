// The grid at the checkout of a pick-mode raffle: the buyer chooses up to the package's
// quantity (or lets the maquinita fill it), the order is the chosen numbers at the price
// the server will charge (the package of that quantity, else the price per number;
// DESIGN I6), and a 409 takes exactly the taken ones out, the total following at once.
import {
  CUSTOM_PACKAGE_ID,
  formatCount,
  formatUsd,
  PICK_TEXTS,
  readNumbersTakenError,
  type SelectedPackage,
} from '@vag/contracts';
import { ApiError } from '../shared/api';
import { usePackages, useRaffle } from '../shared/queries';
import type { RaffleRef } from '../shared/raffle-scope';
import { formatNumber, takenIndexes, withoutTaken, type GridView } from './grid';
import { NumberGrid, SelectionChips, useNumberGrid } from './NumberGrid';
import { discountedQuantities, selectionOffer } from './picks';
import { usePickSelection } from './selection';

export type CheckoutPicksState = ReturnType<typeof useCheckoutPicks>;

export function useCheckoutPicks(raffle: RaffleRef, pkg: SelectedPackage | null) {
  const view = useNumberGrid(raffle);
  const raffleQuery = useRaffle(undefined, raffle);
  const packages = usePackages(undefined, raffle);
  const quantity = pkg?.quantity ?? 0;
  const { selection, choose, taken, notice } = usePickSelection(raffle, quantity);
  const active = view !== null && view !== 'none';
  const width = active ? view.width : 1;
  const price = raffleQuery.data?.pricePerNumber;
  // The chosen numbers are the order: as many as the package, its price; fewer, the
  // package of that quantity or the price per number (null while those are not read).
  const offer: SelectedPackage | null =
    !active || !pkg || selection.length === 0 || selection.length === pkg.quantity
      ? pkg
      : price === undefined || !packages.data
        ? null
        : selectionOffer(selection.length, packages.data, price, pkg.resellerCode ?? null);
  const discounts =
    active && offer?.id === CUSTOM_PACKAGE_ID && price !== undefined
      ? discountedQuantities(packages.data ?? [], price)
      : [];
  return {
    view: active ? view : null,
    /** The grid, the raffle's price and its packages are read (or failed): it can show. */
    ready: active && raffleQuery.status !== 'loading' && packages.status !== 'loading',
    raffle,
    quantity,
    selection,
    choose,
    taken,
    notice,
    /** What the order buys and costs now (the package chosen, outside a pick-mode raffle). */
    offer,
    /** Lines under the summary: what the package still asks for, why packages cost less. */
    notes: checkoutNotes({ active, pkg, count: selection.length, price, discounts }),
    /** Why the order cannot go yet: no numbers, or their price not read yet. */
    problem(): string | null {
      if (!active) return null;
      if (selection.length === 0) return PICK_TEXTS.pickRequired;
      return offer ? null : PICK_TEXTS.selectionChanged;
    },
    /** The order body with the chosen numbers, in a pick-mode raffle. */
    withNumbers<T extends object>(order: T): T & { numbers?: string[] } {
      return active ? { ...order, numbers: selection.map((n) => formatNumber(n, width)) } : order;
    },
    /** A 409 naming taken numbers: they leave the selection and the page says so. */
    refused(error: unknown): boolean {
      if (!active || !(error instanceof ApiError) || error.status !== 409) return false;
      const body = readNumbersTakenError(error.body);
      if (!body) return false;
      const { kept } = withoutTaken(selection, takenIndexes(body.takenNumbers));
      taken(kept, body.takenNumbers);
      return true;
    },
  };
}

export function CheckoutPicks({
  picks,
  expected,
}: {
  picks: CheckoutPicksState;
  /** The page knows this raffle lets buyers choose: its place is held while the grid loads. */
  expected: boolean;
}) {
  if (!picks.view && !expected) return null;
  const view = picks.ready ? (picks.view as GridView) : null;
  return (
    <section className="card" aria-labelledby="picks-title" style={{ marginBottom: '1rem' }}>
      <h2 id="picks-title">
        {picks.quantity === 1
          ? 'Elige tu número'
          : `Elige tus ${formatCount(picks.quantity)} números`}
      </h2>
      {view ? (
        <NumberGrid
          raffle={picks.raffle}
          view={view}
          selection={picks.selection}
          onSelection={picks.choose}
          onTaken={picks.taken}
          target={picks.quantity}
        />
      ) : (
        <p className="loading ng-placeholder">Cargando los números...</p>
      )}
      <div className="ng-chosen-row">
        {view ? (
          <SelectionChips
            numbers={picks.selection.map((n) => formatNumber(n, view.width))}
            of={picks.quantity}
            onRemove={(n) =>
              picks.choose(picks.selection.filter((i) => formatNumber(i, view.width) !== n))
            }
          />
        ) : (
          <div className="ng-chips" />
        )}
      </div>
      {/* Room for the line kept from the first paint: the summary and form below stay put. */}
      <div className="ng-notes">
        {view &&
          picks.notes.map((note) => (
            <p key={note} data-testid="summary-note">
              {note}
            </p>
          ))}
      </div>
    </section>
  );
}

/**
 * The line under the summary of a pick-mode order: fewer numbers than the package says
 * what is missing and what each costs meanwhile; otherwise, a selection at the price per
 * number beside cheaper packages says why (SPEC §2 "Elige tus números").
 */
function checkoutNotes(at: {
  active: boolean;
  pkg: SelectedPackage | null;
  count: number;
  price: number | undefined;
  discounts: number[];
}): string[] {
  const { pkg, count, price } = at;
  if (!at.active || !pkg || price === undefined) return [];
  if (count > 0 && count < pkg.quantity)
    return [
      PICK_TEXTS.missingForPackage(
        pkg.quantity - count,
        pkg.name,
        formatUsd(pkg.price),
        formatUsd(price),
      ),
    ];
  return at.discounts.length > 0
    ? [PICK_TEXTS.packagesDiscount(at.discounts, formatUsd(price))]
    : [];
}
