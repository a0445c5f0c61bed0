// The grid on a pick-mode raffle's own page (and the home's, for the featured raffle):
// choose numbers and keep, in a bar stuck to the bottom of the screen while the grid is
// on it, the chosen ones as removable chips and "Comprar N números · $X" at the price the
// server will charge (a package of that quantity, else the price per number; DESIGN I6),
// with a line saying why packages cost less.
import { formatUsd, PICK_TEXTS, type Package, type Raffle } from '@vag/contracts';
import { readResellerCode } from '../packages/packages';
import { selectPackage } from '../packages/selected-package';
import { usePackages, useRaffle } from '../shared/queries';
import { checkoutHref, type RaffleRef } from '../shared/raffle-scope';
import { formatNumber } from './grid';
import { NumberGrid, SelectionChips, useNumberGrid } from './NumberGrid';
import { discountedQuantities, selectionOffer } from './picks';
import { usePickSelection } from './selection';

export default function RafflePicks({
  raffleRef,
  initialRaffle,
  initialPackages,
}: {
  raffleRef: RaffleRef;
  /** The raffle and packages the page was rendered with: the bar's price is right at once. */
  initialRaffle?: Raffle | null;
  initialPackages?: Package[] | null;
}) {
  const view = useNumberGrid(raffleRef);
  const raffleQuery = useRaffle(initialRaffle, raffleRef);
  const packages = usePackages(initialPackages, raffleRef);
  const { selection, choose, taken, notice, dismiss } = usePickSelection(raffleRef);
  if (view === 'none') return null;
  const width = view?.width ?? 1;
  const price = raffleQuery.data?.pricePerNumber;
  const offer =
    selection.length > 0 && price !== undefined
      ? selectionOffer(
          selection.length,
          packages.data ?? [],
          price,
          readResellerCode(window.location.search),
        )
      : null;
  const discounts = price === undefined ? [] : discountedQuantities(packages.data ?? [], price);
  const printed = view ? selection.map((n) => formatNumber(n, width)) : [];
  return (
    <div className="card ng-card">
      {view === null ? (
        // As tall as the grid it stands for; the line and the bar below are already the
        // ones the grid comes with, so nothing moves when it loads.
        <p className="loading ng-placeholder">Cargando los números...</p>
      ) : (
        <NumberGrid
          raffle={raffleRef}
          view={view}
          selection={selection}
          onSelection={choose}
          onTaken={taken}
          target={null}
        />
      )}
      {discounts.length > 0 && price !== undefined && (
        <p className="ng-price-rule" data-testid="pick-price-rule">
          {PICK_TEXTS.packagesDiscount(discounts, formatUsd(price))}
        </p>
      )}
      <div className="pick-bar" data-testid="pick-bar">
        {notice && (
          <div className="pick-notice alert alert-warn" role="status" data-testid="number-notice">
            <p>{notice}</p>
            <button type="button" aria-label="Cerrar el aviso" onClick={dismiss}>
              ×
            </button>
          </div>
        )}
        <SelectionChips
          numbers={printed}
          onRemove={(n) => choose(selection.filter((i) => formatNumber(i, width) !== n))}
        />
        <button
          type="button"
          className="btn btn-primary pick-buy"
          disabled={!offer}
          data-testid="buy-selection"
          onClick={() => {
            if (!offer) return;
            selectPackage(offer, undefined, raffleRef);
            window.location.assign(checkoutHref(raffleRef));
          }}
        >
          {offer ? PICK_TEXTS.buyButton(offer.quantity, formatUsd(offer.price)) : 'Comprar'}
        </button>
      </div>
    </div>
  );
}
