// One block per payment method with what the provider reported (SPEC §2/§3).
import { bankTransferLabel, formatDateTime, formatUsd, type Purchase } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { InfoBlock } from './InfoBlock';

export function PaymentBlock({ purchase }: { purchase: Purchase }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.purchase.${key}`);
  const status = translate('vag.purchases.status');
  switch (purchase.paymentMethod) {
    case 'paypal':
      return (
        <InfoBlock
          title={t('paypal')}
          rows={[
            [t('orderId'), purchase.paypal?.orderId],
            [status, purchase.paypal?.status],
            [
              t('amount'),
              purchase.paypal?.amount !== undefined
                ? `${formatUsd(purchase.paypal.amount)} ${purchase.paypal.currency ?? ''}`
                : '',
            ],
            [t('completedAt'), formatDateTime(purchase.paypal?.completedAt)],
          ]}
        />
      );
    case 'card':
      return (
        <InfoBlock
          title={t('card')}
          rows={[
            [t('sessionId'), purchase.card?.sessionId],
            [status, purchase.card?.status],
            [t('paymentIntentId'), purchase.card?.paymentIntentId],
            [t('completedAt'), formatDateTime(purchase.card?.completedAt)],
          ]}
        />
      );
    case 'mobile':
      return (
        <InfoBlock
          title={t('mobile')}
          rows={[
            [
              t('transactionId'),
              purchase.mobile?.transactionId ?? purchase.mobile?.clientTransactionId,
            ],
            [status, purchase.mobile?.status],
            [t('cardBrand'), purchase.mobile?.cardBrand],
            [t('last4'), purchase.mobile?.last4],
            [t('completedAt'), formatDateTime(purchase.mobile?.completedAt)],
          ]}
        />
      );
    case 'bank_transfer':
      return (
        <InfoBlock
          title={t('bankTransfer')}
          rows={[
            [status, bankTransferLabel(purchase.bankTransfer)],
            [t('bankName'), purchase.bankTransfer?.bankName],
            [t('referenceCode'), purchase.bankTransfer?.referenceCode],
            [t('confirmedAt'), formatDateTime(purchase.bankTransfer?.confirmedAt)],
          ]}
        />
      );
    default:
      return null;
  }
}
