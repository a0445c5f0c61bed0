// 'Confirmar Transferencia': reference code and bank name (SPEC §5), 'Volver' goes back.
import { Box, Button, Typography } from '@mui/material';
import {
  confirmTransferSchema,
  formatUsd,
  ORDER_MESSAGES,
  type ConfirmTransferResponse,
} from '@vag/contracts';
import { Form, SaveButton, TextInput, useRefresh, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';

const validate = zodValidate(confirmTransferSchema);

interface Props {
  purchaseId: string;
  /** Dollars bank lines left unpaid (SPEC §4, "Short payments"): then a reason is asked. */
  missing?: number;
  onBack: () => void;
  onConfirmed: () => void | Promise<void>;
}

export function ConfirmTransferForm({ purchaseId, missing = 0, onBack, onConfirmed }: Props) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefresh();
  const t = (key: string) => translate(`vag.purchase.${key}`);

  const submit = async (values: Record<string, unknown>) => {
    try {
      const answer = await api.call<ConfirmTransferResponse>(
        'PATCH',
        `/purchases/${encodeURIComponent(purchaseId)}/confirm-transfer`,
        {
          referenceCode: String(values.referenceCode ?? '').trim(),
          bankName: String(values.bankName ?? '').trim(),
          ...(missing > 0
            ? { acceptShortReason: String(values.acceptShortReason ?? '').trim() }
            : {}),
        },
      );
      toast({
        title: t('transferConfirmedTitle'),
        description: translate('vag.purchase.transferConfirmed', {
          n: answer?.assignedNumbers?.length ?? 0,
        }),
      });
      refresh();
      await onConfirmed();
    } catch (error) {
      toast({
        title: t('confirmErrorTitle'),
        description: errorMessage(error, translate('vag.common.unknown')),
        type: 'error',
      });
    }
  };

  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('confirmTransfer')}
      </Typography>
      <Form noValidate onSubmit={submit} validate={validate}>
        <TextInput source="referenceCode" label={t('referenceCode')} fullWidth />
        <TextInput source="bankName" label={t('bankName')} fullWidth />
        {missing > 0 && (
          <>
            <Typography color="error" sx={{ mb: 1 }}>
              {ORDER_MESSAGES.shortPayment(formatUsd(missing))}
            </Typography>
            <TextInput
              source="acceptShortReason"
              label={t('acceptShortReason')}
              fullWidth
              multiline
            />
          </>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <SaveButton label={t('confirmTransfer')} alwaysEnable icon={<></>} />
          <Button onClick={onBack}>{translate('vag.common.back')}</Button>
        </Box>
      </Form>
    </Box>
  );
}
