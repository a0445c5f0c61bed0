// Checkout island: summary, method chooser and buyer form; on submit creates the order
// and sends the buyer where the method needs (SPEC §2, §4, §5, §7).
import {
  BUYER_TEXTS,
  ERRORS,
  FORM,
  formatUsd,
  IDEMPOTENCY_KEY_HEADER,
  PICK_TEXTS,
  TIMINGS,
  UI,
  type BankTransferOrderResponse,
  type CardOrderResponse,
  type MobileOrderResponse,
  type PaymentMethod,
  type Package,
  type PaypalOrderResponse,
  type PublicSettings,
  rafflePath,
} from '@vag/contracts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../shared/toast';
import { linkedPackageId, packageSelection, readResellerCode } from '../packages/packages';
import { restoreSelectedPackage } from '../packages/restore-selected-package';
import {
  $selectedPackage,
  clearSelectedPackage,
  selectPackage,
  sessionStore,
} from '../packages/selected-package';
import { storedReferral } from '../referral/referral';
import { ApiError, apiGet, apiPost, errorMessage } from '../shared/api';
import { useRaffle, useSettings } from '../shared/queries';
import { raffleFromQuery, scopedPath, type RaffleRef } from '../shared/raffle-scope';
import { BuyerFields } from './BuyerForm';
import {
  buildOrderPayload,
  clearFieldError,
  isAllowedMethod,
  orderAttempt,
  payphoneBoxUrl,
  validateBuyer,
  type BuyerField,
  type BuyerValues,
  type FieldErrors,
  type OrderAttempt,
} from './checkout';
import {
  forgetOrder,
  initialMethod,
  orderMadeFor,
  readDraft,
  rememberOrder,
  saveDraft,
  type LastOrder,
} from './checkout-session';
import { OrderSummary } from './OrderSummary';
import { PaymentMethods } from './PaymentMethods';
import { forgetReferral } from '../referral/referral';
import { rememberOrderKey } from '../confirmation/order-key';
import { CheckoutPicks, useCheckoutPicks } from '../number-grid/CheckoutPicks';

/** How long the 'No hay paquete seleccionado' toast shows before going home. */
const NO_PACKAGE_REDIRECT_MS = 1500;

/**
 * SPEC §8: the failed call's own toast ('Error' with the server's message, the status
 * line or the connection text), then the checkout's, both worded exactly as the spec.
 * Toasts fade, so the page also keeps the reason beside the button (returned here).
 */
function paymentFailed(error: unknown): string {
  const reason = errorMessage(error);
  toast.error(ERRORS.title, { description: reason });
  toast.error(ERRORS.paymentTitle, { description: ERRORS.paymentDescription });
  return reason;
}

/**
 * A package card's form sent before the page hydrated: `/checkout?paquete=<id>` (with
 * `&rifa=<slug>` from a raffle's own page). The package is read from that raffle's
 * packages and becomes the selection, as a click would make it.
 */
async function selectLinkedPackage(id: string, raffle: RaffleRef): Promise<void> {
  const packages = await apiGet<Package[]>(scopedPath(raffle, '/packages')).catch(
    () => [] as Package[],
  );
  const pkg = packages.find((p) => p._id === id);
  if (!pkg) return clearSelectedPackage(undefined, raffle);
  const code = readResellerCode(window.location.search) ?? rememberedReferral();
  selectPackage(packageSelection(pkg, code), undefined, raffle);
}

/** Where the buyer chose: the raffle's own page, or the home for the featured raffle. */
function rafflePage(raffle: RaffleRef): string {
  return raffle ? rafflePath(raffle) : '/';
}

/**
 * Which raffle the order goes to, named, with the way back to its packages. The page
 * brings the names of the raffles on sale, so the line is there at the first paint and
 * nothing below it moves when the raffle's own read arrives.
 */
function BuyingIn({ raffle, knownName }: { raffle: RaffleRef; knownName: string | undefined }) {
  const raffleQuery = useRaffle(undefined, raffle);
  const name = raffleQuery.data?.name || knownName;
  return (
    <p className="checkout-raffle" data-testid={name ? 'checkout-raffle' : undefined}>
      {name && (
        <>
          Estás comprando en: <strong>{name}</strong> ·{' '}
          <a href={`${rafflePage(raffle)}#sectionPackages`}>Ver la rifa</a>
        </>
      )}
    </p>
  );
}

function rememberedReferral(): string | null {
  try {
    return storedReferral(window.localStorage);
  } catch {
    return null;
  }
}

/** The reseller's link has done its job once the order exists. */
function forgetStoredReferral(): void {
  try {
    forgetReferral(window.localStorage);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

export default function CheckoutPage({
  initialSettings,
  raffleNames = {},
  pickRaffles = [],
}: {
  /** The public settings the page was rendered with: the methods list is right at once. */
  initialSettings?: PublicSettings | null;
  /** The names of the raffles a buyer can open by slug, the featured raffle's under ''. */
  raffleNames?: Record<string, string>;
  /** The raffles whose buyers choose their numbers, the featured one also under ''. */
  pickRaffles?: readonly string[];
}) {
  const [linked] = useState(() => linkedPackageId(window.location.search));
  const [raffle] = useState(() => raffleFromQuery(window.location.search));
  const [resolving, setResolving] = useState(linked !== null);
  // Read the stored selection once, before the first render.
  useState(() => (linked ? null : restoreSelectedPackage(undefined, raffle)));
  const pkg = useStore($selectedPackage);
  const [draft] = useState(() => readDraft(sessionStore()));
  // The working methods are known from the page: the only one is chosen before the first
  // paint, so the hint under the form does not come and go.
  const [method, setMethod] = useState<PaymentMethod | null>(() =>
    initialMethod(draft.method, initialSettings?.paymentMethods),
  );
  const [values, setValues] = useState<BuyerValues>(draft.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The draft's last sending: sent again unchanged, it keeps its Idempotency-Key.
  const attempt = useRef<OrderAttempt | null>(null);
  const [madeOrder, setMadeOrder] = useState<LastOrder | null>(null);
  const settings = useSettings(initialSettings);
  const working = settings.data?.paymentMethods;
  // A pick-mode raffle's numbers (nothing changes in a random-mode raffle).
  const picks = useCheckoutPicks(raffle, pkg);

  useEffect(() => {
    if (linked) void selectLinkedPackage(linked, raffle).finally(() => setResolving(false));
  }, [linked, raffle]);

  // The page's "back to the packages" link (rendered once for every raffle) goes to this one's.
  useEffect(() => {
    document
      .querySelector('[data-back-to-packages]')
      ?.setAttribute('href', `${rafflePage(raffle)}#sectionPackages`);
  }, [raffle]);

  // Back after ordering: the order just made, not a form that would make it again.
  useEffect(() => {
    const look = () => setMadeOrder(pkg ? orderMadeFor(sessionStore(), pkg, raffle) : null);
    look();
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setProcessing(false);
      look();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [pkg, raffle]);

  // Once the working methods are known: the only one is chosen for the buyer.
  useEffect(() => {
    setMethod((current) => initialMethod(current, working));
  }, [working]);

  useEffect(() => saveDraft(sessionStore(), { values, method }), [values, method]);

  useEffect(() => {
    if (pkg || resolving) return;
    toast.error(ERRORS.noPackageSelected);
    const timer = setTimeout(
      () => window.location.assign(rafflePage(raffle)),
      NO_PACKAGE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [pkg, resolving, raffle]);

  if (!pkg && resolving) return <p className="loading">Cargando tu pedido...</p>;
  if (!pkg)
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.noPackageSelected}
      </p>
    );

  function change<F extends BuyerField>(field: F, value: BuyerValues[F]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
  }

  if (madeOrder)
    return (
      <section className="card" data-testid="order-already-made" aria-live="polite">
        <p style={{ marginTop: 0 }}>{BUYER_TEXTS.orderAlreadyMade(madeOrder.orderCode)}</p>
        <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', marginBottom: 0 }}>
          <a className="btn btn-primary" href={madeOrder.orderUrl}>
            {BUYER_TEXTS.seeOrder}
          </a>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              forgetOrder(sessionStore());
              setMadeOrder(null);
            }}
          >
            {BUYER_TEXTS.newOrder}
          </button>
        </p>
      </section>
    );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!pkg || processing) return;
    if (!isAllowedMethod(method)) {
      toast.error(ERRORS.methodUnavailableTitle, {
        description: ERRORS.methodUnavailableDescription,
      });
      return;
    }
    const found = validateBuyer(values, method);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(FORM.invalidTitle, { description: FORM.invalidDescription });
      document.getElementById(`buyer-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const pickProblem = picks.problem();
    if (pickProblem) return setFailure(pickProblem);
    setProcessing(true);
    setFailure(null);
    try {
      await pay(method);
    } catch (error) {
      // The server answered a refusal: the next sending is a new one (with a new PayPhone
      // id); a lost answer keeps the key, so its retry answers the order if it was placed.
      if (error instanceof ApiError && error.status !== null) attempt.current = null;
      setProcessing(false);
      // Chosen numbers another order took leave the selection, and the notice beside the
      // button says which; the buyer sees the new total before paying again.
      setFailure(picks.refused(error) ? null : paymentFailed(error));
    }
  }

  /** Posts the order with its draft's Idempotency-Key (and PayPhone id); answers both. */
  async function send<T>(path: string, m: PaymentMethod) {
    const draftOrder = picks.withNumbers(buildOrderPayload(picks.offer ?? pkg!, values, m));
    const sending = orderAttempt(attempt.current, draftOrder);
    attempt.current = sending;
    const order =
      m === 'mobile'
        ? { ...draftOrder, clientTransactionId: sending.clientTransactionId }
        : draftOrder;
    const res = await apiPost<T>(path, order, { [IDEMPOTENCY_KEY_HEADER]: sending.key });
    return { res, order, clientTransactionId: sending.clientTransactionId };
  }

  async function pay(m: PaymentMethod) {
    if (!pkg) return;
    // The order goes to the raffle the package was chosen in (SPEC §7 path, scoped).
    const createOrder = scopedPath(raffle, '/payments/create-order');
    switch (m) {
      case 'paypal': {
        const { res } = await send<PaypalOrderResponse>(createOrder, m);
        rememberOrderKey(res.orderUrl);
        window.location.assign(res.approveUrl);
        return;
      }
      case 'card': {
        const { res } = await send<CardOrderResponse>(createOrder, m);
        rememberOrderKey(res.orderUrl);
        window.location.assign(res.checkoutUrl);
        return;
      }
      case 'bank_transfer': {
        const { res } = await send<BankTransferOrderResponse>(createOrder, m);
        toast.success(res.msg);
        forgetStoredReferral();
        rememberOrder(sessionStore(), res, pkg, raffle);
        // The order page shows the code, amount, accounts and the receipt upload.
        window.location.assign(res.orderUrl);
        return;
      }
      case 'mobile': {
        const { res, order, clientTransactionId } = await send<MobileOrderResponse>(createOrder, m);
        rememberOrderKey(res.orderUrl);
        const url = payphoneBoxUrl(res, {
          totalPrice: order.totalPrice,
          clientTransactionId,
          buyer: values,
        });
        setTimeout(() => window.location.assign(url), TIMINGS.mobileRedirectDelayMs);
        return;
      }
      default: {
        const unknown: never = m;
        throw new Error(`${ERRORS.methodNotImplemented} (${String(unknown)})`);
      }
    }
  }

  return (
    <>
      <BuyingIn raffle={raffle} knownName={raffleNames[raffle ?? '']} />
      <CheckoutPicks picks={picks} expected={pickRaffles.includes(raffle ?? '')} />
      <div className="checkout-layout">
        <div className="checkout-aside">
          <OrderSummary pkg={picks.offer ?? pkg} />
          <PaymentMethods method={method} onChange={setMethod} disabled={processing} />
        </div>
        <form
          className="checkout-main card"
          onSubmit={submit}
          noValidate
          aria-labelledby="buyer-title"
        >
          <h2 id="buyer-title">Datos del comprador</h2>
          <fieldset disabled={processing} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">Datos del comprador</legend>
            <BuyerFields values={values} errors={errors} method={method} onChange={change} />
          </fieldset>
          {picks.notice && (
            <p className="alert alert-warn" role="status" data-testid="number-notice">
              {picks.notice}{' '}
              {picks.offer &&
                PICK_TEXTS.orderNow(picks.offer.quantity, formatUsd(picks.offer.price))}
            </p>
          )}
          {failure && (
            <div className="alert alert-error" role="alert" data-testid="order-failure">
              <strong>{BUYER_TEXTS.orderFailedTitle}</strong>
              <p style={{ margin: '0.25rem 0 0' }}>{failure}</p>
            </div>
          )}
          {!method && (
            <p className="alert alert-warn" id="method-hint">
              {FORM.selectMethodHint}
            </p>
          )}
          <button
            className="btn btn-primary btn-lg btn-block"
            type="submit"
            disabled={!method || processing}
            aria-describedby={!method ? 'method-hint' : undefined}
          >
            {processing ? UI.processingButton : 'PAGAR AHORA'}
          </button>
        </form>
      </div>
      {processing && (
        <div className="overlay" role="alert" aria-live="assertive" aria-busy="true">
          <div className="overlay-panel">
            <div className="spinner" />
            {UI.processingPayment}
          </div>
        </div>
      )}
    </>
  );
}
