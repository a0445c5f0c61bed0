// The grid on a pick-mode raffle's own page: choose numbers, see what they cost (a package
// of that quantity, else the price per number), and go to the checkout with them.
import { formatUsd } from '@vag/contracts';
import { useCallback, useState } from 'react';
import { readResellerCode } from '../packages/packages';
import { selectPackage, sessionStore } from '../packages/selected-package';
import { useRaffle, usePackages } from '../shared/queries';
import { checkoutHref, type RaffleRef } from '../shared/raffle-scope';
import { NumberGrid, useNumberGrid } from './NumberGrid';
import { readPicks, savePicks, selectionOffer } from './picks';

export default function RafflePicks({ raffleRef }: { raffleRef: RaffleRef }) {
  const view = useNumberGrid(raffleRef);
  const raffleQuery = useRaffle(undefined, raffleRef);
  const packages = usePackages(undefined, raffleRef);
  const [selection, setSelection] = useState(() => readPicks(sessionStore(), raffleRef));
  const choose = useCallback(
    (next: number[]) => {
      setSelection(next);
      savePicks(sessionStore(), raffleRef, next);
    },
    [raffleRef],
  );
  if (view === null) return <p className="loading ng-placeholder">Cargando los números...</p>;
  if (view === 'none') return null;
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
  return (
    <div className="card">
      <NumberGrid
        raffle={raffleRef}
        view={view}
        selection={selection}
        onSelection={choose}
        target={null}
      />
      {offer && (
        <button
          type="button"
          className="btn btn-primary btn-lg btn-block"
          style={{ marginTop: '0.75rem' }}
          data-testid="buy-selection"
          onClick={() => {
            selectPackage(offer, undefined, raffleRef);
            window.location.assign(checkoutHref(raffleRef));
          }}
        >
          Comprar {offer.quantity} {offer.quantity === 1 ? 'número' : 'números'} ·{' '}
          {formatUsd(offer.price)}
        </button>
      )}
    </div>
  );
}
