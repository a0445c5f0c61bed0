// The provider side of a refund (core/src/refunds/refund-purchase.ts claims and records
// it): the call to the provider that took the money, with the refund's idempotency key.
import { REFUND_TEXTS } from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { RefundError, type ProviderRefund } from '@vag/core/refunds/refund-purchase';
import type { AppDeps } from '../context';
import { payphoneConfig, paypalConfig, stripeConfig } from './credentials';
import { refundPayPalCapture } from './paypal';
import { reversePayPhoneSale } from './payphone';
import { refundStripePayment } from './stripe';

/** The provider's reference of the payment to give back, or a refusal when it was never kept. */
function paymentRef(purchase: PurchaseDoc): string | number {
  const ref =
    purchase.paymentMethod === 'card'
      ? purchase.card?.paymentIntentId
      : purchase.paymentMethod === 'paypal'
        ? purchase.paypal?.captureId
        : purchase.mobile?.transactionId;
  if (ref === undefined || ref === null || ref === '')
    throw new RefundError(
      409,
      REFUND_TEXTS.errors.provider('la compra no guarda el pago del proveedor'),
    );
  return ref;
}

function configured<T>(config: T | null): T {
  if (!config) throw new RefundError(409, REFUND_TEXTS.errors.noCredentials);
  return config;
}

export function providerRefund(deps: AppDeps): ProviderRefund {
  return async (purchase, refund) => {
    const ref = paymentRef(purchase);
    switch (purchase.paymentMethod) {
      case 'card':
        return refundStripePayment(
          configured(await stripeConfig(deps)),
          String(ref),
          refund.idempotencyKey,
        );
      case 'paypal':
        return refundPayPalCapture(
          configured(await paypalConfig(deps)),
          String(ref),
          refund.idempotencyKey,
        );
      case 'mobile':
        return reversePayPhoneSale(configured(await payphoneConfig(deps)), Number(ref));
      case 'bank_transfer':
        throw new Error('a transfer is given back by staff, not by a provider');
    }
  };
}
