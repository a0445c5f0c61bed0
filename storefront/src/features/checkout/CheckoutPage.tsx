// Checkout island: summary, method chooser and buyer form; on submit creates the order
// and sends the buyer where the method needs (SPEC §2, §4, §5, §7).
import {
  ERRORS,
  FORM,
  TIMINGS,
  UI,
  type BankTransferOrderResponse,
  type CardOrderResponse,
  type MobileOrderResponse,
  type PaymentMethod,
  type PaypalOrderResponse,
} from '@vag/contracts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { restoreSelectedPackage } from '../packages/restore-selected-package';
import { $selectedPackage } from '../packages/selected-package';
import { apiPost, errorMessage } from '../shared/api';
import { BuyerFields } from './BuyerForm';
import {
  buildOrderPayload,
  clearFieldError,
  EMPTY_BUYER,
  isAllowedMethod,
  newClientTransactionId,
  payphoneBoxUrl,
  validateBuyer,
  type BuyerField,
  type BuyerValues,
  type FieldErrors,
} from './checkout';
import { OrderSummary } from './OrderSummary';
import { PaymentMethods } from './PaymentMethods';
import { forgetReferral } from '../referral/referral';
import { rememberOrderKey } from '../confirmation/order-key';

/** How long the 'No hay paquete seleccionado' toast shows before going home. */
const NO_PACKAGE_REDIRECT_MS = 1500;

/**
 * SPEC §8: the failed call's own toast ('Error' with the server's message, the status
 * line or the connection text), then the checkout's, both worded exactly as the spec.
 */
function paymentFailed(error: unknown) {
  toast.error(ERRORS.title, { description: errorMessage(error) });
  toast.error(ERRORS.paymentTitle, { description: ERRORS.paymentDescription });
}

/** The reseller's link has done its job once the order exists. */
function forgetStoredReferral(): void {
  try {
    forgetReferral(window.localStorage);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

export default function CheckoutPage() {
  // Read the stored selection once, before the first render.
  useState(restoreSelectedPackage);
  const pkg = useStore($selectedPackage);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [values, setValues] = useState<BuyerValues>(EMPTY_BUYER);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (pkg) return;
    toast.error(ERRORS.noPackageSelected);
    const timer = setTimeout(() => window.location.assign('/'), NO_PACKAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [pkg]);

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
    setProcessing(true);
    try {
      await pay(method);
    } catch (error) {
      setProcessing(false);
      paymentFailed(error);
    }
  }

  async function pay(m: PaymentMethod) {
    if (!pkg) return;
    switch (m) {
      case 'paypal': {
        const res = await apiPost<PaypalOrderResponse>(
          '/payments/create-order',
          buildOrderPayload(pkg, values, m),
        );
        rememberOrderKey(res.orderUrl);
        window.location.assign(res.approveUrl);
        return;
      }
      case 'card': {
        const res = await apiPost<CardOrderResponse>(
          '/payments/create-order',
          buildOrderPayload(pkg, values, m),
        );
        rememberOrderKey(res.orderUrl);
        window.location.assign(res.checkoutUrl);
        return;
      }
      case 'bank_transfer': {
        const res = await apiPost<BankTransferOrderResponse>(
          '/payments/create-order',
          buildOrderPayload(pkg, values, m),
        );
        toast.success(res.msg);
        forgetStoredReferral();
        // The order page shows the code, amount, accounts and the receipt upload.
        window.location.assign(res.orderUrl);
        return;
      }
      case 'mobile': {
        const clientTransactionId = newClientTransactionId();
        const order = buildOrderPayload(pkg, values, m, clientTransactionId);
        const res = await apiPost<MobileOrderResponse>('/payments/create-order', order);
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
      <div className="checkout-layout">
        <div className="checkout-aside">
          <OrderSummary pkg={pkg} />
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
