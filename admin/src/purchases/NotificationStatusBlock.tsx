// Whether the buyer's messages went out (DESIGN I5: failures stay visible): first the
// order's own (the order link with the payment data, reminder, rejected receipt, expiry),
// then the numbers after payment, with 'Reenviar' for staff.
import { PurchaseMessages } from '../whatsapp/PurchaseMessages';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CHANNELS,
  formatDateTime,
  type NotificationChannel,
  type OrderNoticeState,
  type PurchaseNotifications,
} from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

const COLORS = { sent: 'success', logged: 'info', pending: 'warning', failed: 'error' } as const;

const NOTICE_COLORS: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  sent: 'success',
  logged: 'info',
  sending: 'warning',
  failed: 'error',
};

function OrderNotices({ notices }: { notices: readonly OrderNoticeState[] }) {
  const translate = useTranslate();
  if (notices.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}
      aria-label={translate('vag.purchase.orderNotices')}
    >
      {notices.map((n) => (
        <Box
          component="li"
          key={`${n.kind}-${n.channel}-${n.at}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}
        >
          <Typography variant="body2">
            {n.label} · {translate(`vag.purchase.${n.channel}Channel`)}
          </Typography>
          <Chip
            size="small"
            color={NOTICE_COLORS[n.status] ?? 'default'}
            label={translate(`vag.purchase.noticeStatus.${n.status}`, { _: n.status })}
          />
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(n.at)}
            {n.lastError ? ` · ${translate('vag.purchase.lastError', { error: n.lastError })}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function NotificationStatusBlock({
  purchaseId,
  paid,
}: {
  purchaseId: string;
  paid: boolean;
}) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const key = ['purchase-notifications', purchaseId];
  const path = `/purchases/${encodeURIComponent(purchaseId)}/notifications`;
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.call<PurchaseNotifications>('GET', path),
  });
  const resend = useMutation({
    mutationFn: (channel: NotificationChannel) =>
      api.call<{ msg?: string }>('POST', `${path}/${channel}/resend`),
    onSuccess: (answer) => {
      toast({ title: answer?.msg ?? translate('vag.purchase.resend') });
      queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      toast({
        title: translate('vag.common.errorTitle'),
        description: errorMessage(error, ''),
        type: 'error',
      }),
  });

  return (
    <Box component="section" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('vag.purchase.notifications')}
      </Typography>
      <OrderNotices notices={data?.notices ?? []} />
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {translate('vag.purchase.numbersMessages')}
      </Typography>
      {NOTIFICATION_CHANNELS.map((channel) => {
        const state = data?.[channel];
        // Before payment the numbers' messages are not due: say so, not "Sin registro".
        const status = state?.status ?? (paid ? 'none' : 'afterPayment');
        return (
          <Box key={channel} sx={{ mb: 1 }} data-testid={`notification-${channel}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ minWidth: 130 }}>
                {translate(`vag.purchase.${channel}Channel`)}
              </Typography>
              <Chip
                size="small"
                color={state ? COLORS[state.status] : 'default'}
                label={translate(`vag.purchase.notificationStatus.${status}`)}
              />
              <Button
                size="small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(channel)}
              >
                {translate('vag.purchase.resend')}
              </Button>
            </Box>
            {state && (
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('vag.purchase.attempts', { n: state.attempts })}
                {state.sentAt
                  ? ` · ${translate('vag.purchase.sentAt', { date: formatDateTime(state.sentAt) })}`
                  : ''}
                {state.lastError
                  ? ` · ${translate('vag.purchase.lastError', { error: state.lastError })}`
                  : ''}
              </Typography>
            )}
          </Box>
        );
      })}
      <PurchaseMessages purchaseId={purchaseId} />
    </Box>
  );
}
