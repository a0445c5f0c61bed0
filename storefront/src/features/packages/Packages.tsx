// Packages island: the package cards, the custom quantity and the reseller code of
// `?code=`. A choice goes to the selected-package store, then to /checkout.
import {
  BUYER_TEXTS,
  ERRORS,
  formatCount,
  formatUsd,
  parseCustomQuantity,
  UI,
  unitPrice,
  type Package,
  type PublicSettings,
  type Progress,
  type Raffle,
} from '@vag/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { storedReferral } from '../referral/referral';

import { freeNumbers } from '../progress/progress';
import { useRaffle, usePackages, useProgress, useSettings } from '../shared/queries';
import { checkoutHref, RAFFLE_PARAM, type RaffleRef } from '../shared/raffle-scope';
import {
  CHECKOUT_PACKAGE_PARAM,
  customOffer,
  customQuantityProblem,
  customSelection,
  packageSelection,
  readResellerCode,
} from './packages';
import { selectPackage } from './selected-package';

/** The code a reseller's link left on this browser, if storage allows reading it. */
function rememberedReferral(): string | null {
  try {
    return storedReferral(window.localStorage);
  } catch {
    return null;
  }
}

function goToCheckout(raffle: RaffleRef) {
  window.location.assign(checkoutHref(raffle));
}

export default function Packages({
  initialPackages,
  initialRaffle,
  initialSettings,
  initialProgress,
  raffleRef = null,
}: {
  initialPackages?: Package[] | null;
  initialRaffle?: Raffle | null;
  initialSettings?: PublicSettings | null;
  initialProgress?: Progress | null;
  /** The raffle of this page (its slug); null on the home: the featured raffle. */
  raffleRef?: RaffleRef;
}) {
  const packages = usePackages(initialPackages, raffleRef);
  const raffleQuery = useRaffle(initialRaffle, raffleRef);
  const settings = useSettings(initialSettings);
  const progress = useProgress(initialProgress, raffleRef);
  const free = progress.data ? freeNumbers(progress.data) : null;
  const [resellerCode, setResellerCode] = useState<string | null>(null);
  useEffect(
    () => setResellerCode(readResellerCode(window.location.search) ?? rememberedReferral()),
    [],
  );

  const active = raffleQuery.data?.isActive ?? false;
  const disabled = !active;

  return (
    <div
      className={disabled ? 'is-disabled' : undefined}
      aria-disabled={disabled || undefined}
      data-testid="packages"
    >
      {resellerCode && (
        <p className="reseller-note alert alert-info">
          Código de referido: <strong>{resellerCode}</strong>
        </p>
      )}
      {packages.status === 'loading' && <p className="loading">Cargando paquetes...</p>}
      {packages.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {ERRORS.packages}
        </p>
      )}
      {packages.status === 'success' && packages.data.length === 0 && (
        <p className="muted">{UI.noPackages}</p>
      )}
      {packages.status === 'success' && packages.data.length > 0 && (
        <ul className="package-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {packages.data.map((pkg) => (
            <li key={pkg._id} style={{ display: 'flex' }}>
              <PackageCard
                pkg={pkg}
                disabled={disabled}
                soldOut={free !== null && pkg.quantity > free}
                resellerCode={resellerCode}
                raffleRef={raffleRef}
                onChoose={() => {
                  selectPackage(packageSelection(pkg, resellerCode), undefined, raffleRef);
                  goToCheckout(raffleRef);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {raffleQuery.data && (
        <CustomQuantity
          raffle={raffleQuery.data}
          maxPerOrder={settings.data?.maxPerOrder ?? 0}
          disabled={disabled}
          resellerCode={resellerCode}
          raffleRef={raffleRef}
        />
      )}
    </div>
  );
}

/**
 * A form, not a bare button: a tap before the island hydrates (a slow phone) still
 * reaches /checkout, which then reads the package from `?paquete=`. Once hydrated the
 * choice goes through the store as before. A package larger than what is free cannot
 * be chosen.
 */
function PackageCard({
  pkg,
  disabled,
  soldOut,
  resellerCode,
  raffleRef,
  onChoose,
}: {
  pkg: Package;
  disabled: boolean;
  soldOut: boolean;
  resellerCode: string | null;
  raffleRef: RaffleRef;
  onChoose: () => void;
}) {
  const unavailable = disabled || soldOut;
  return (
    <form
      method="get"
      action="/checkout"
      style={{ display: 'flex', flex: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!unavailable) onChoose();
      }}
    >
      {raffleRef && <input type="hidden" name={RAFFLE_PARAM} value={raffleRef} />}
      <input type="hidden" name={CHECKOUT_PACKAGE_PARAM} value={pkg._id} />
      {resellerCode && <input type="hidden" name="code" value={resellerCode} />}
      <button
        type="submit"
        className={pkg.isPopular ? 'package-card popular' : 'package-card'}
        disabled={unavailable}
        aria-label={`${pkg.name}: ${formatCount(pkg.quantity)} números por ${formatUsd(pkg.price)}${
          soldOut ? ` (${BUYER_TEXTS.packageSoldOut})` : ''
        }`}
      >
        {pkg.isPopular && <span className="badge badge-popular">Más popular</span>}
        <span className="package-name">{pkg.name}</span>
        <span className="package-quantity">{formatCount(pkg.quantity)}</span>
        <span className="muted">números</span>
        <span className="package-price">{formatUsd(pkg.price)}</span>
        <span className="package-unit">{formatUsd(unitPrice(pkg))} c/u</span>
        <span className="package-cta">{soldOut ? BUYER_TEXTS.packageSoldOut : 'Comprar'}</span>
      </button>
    </form>
  );
}

function CustomQuantity({
  raffle,
  maxPerOrder,
  disabled,
  resellerCode,
  raffleRef,
}: {
  raffle: Raffle;
  /** The operator's maximum per order (0: none); the server enforces it, this mirrors it. */
  maxPerOrder: number;
  disabled: boolean;
  resellerCode: string | null;
  raffleRef: RaffleRef;
}) {
  const [input, setInput] = useState('1');
  const field = useRef<HTMLInputElement>(null);
  // The card is drawn on the server and hydrates when it scrolls into view: what the buyer
  // typed into it before that is the quantity, or the next render would put back '1'.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== '1') setInput(typed);
  }, []);
  const progress = useProgress(undefined, raffleRef);
  const available = progress.data ? freeNumbers(progress.data) : null;
  const problem = customQuantityProblem(input, available, maxPerOrder);
  const selection = customSelection(input, raffle.pricePerNumber, resellerCode);
  const offer = customOffer(input, raffle.pricePerNumber, problem);
  return (
    <form
      className="custom-package card"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        setInput(String(parseCustomQuantity(input)));
        selectPackage(selection, undefined, raffleRef);
        goToCheckout(raffleRef);
      }}
    >
      <div className="field" style={{ margin: 0 }}>
        <label htmlFor="custom-quantity">
          Cantidad personalizada ({formatUsd(raffle.pricePerNumber)} por número)
        </label>
        <input
          ref={field}
          id="custom-quantity"
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          {...(maxPerOrder > 0 ? { max: maxPerOrder } : {})}
          step={1}
          value={input}
          disabled={disabled}
          onChange={(event) => setInput(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'custom-quantity-error' : undefined}
          // An empty field becomes 1 (SPEC); a wrong number stays, with its message.
          onBlur={() => input.trim() === '' && setInput('1')}
        />
        {problem && (
          <p id="custom-quantity-error" className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <p className="custom-total" aria-live="polite" style={{ margin: 0 }}>
        Total: <span data-testid="custom-total">{offer.total}</span>
      </p>
      <button className="btn btn-brand" type="submit" disabled={disabled || problem !== null}>
        {offer.button}
      </button>
    </form>
  );
}
