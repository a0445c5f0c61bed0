// Whether the buyer's e-mail and SMS went out (DESIGN I5: failures stay visible), with
// 'Reenviar' for staff.
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CHANNELS,
  formatDateTime,
  type NotificationChannel,
  type PurchaseNotifications,
} from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

const COLORS = { sent: 'success', logged: 'info', pending: 'warning', failed: 'error' } as const;

export function NotificationStatusBlock({ purchaseId }: { purchaseId: string }) {
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
      {NOTIFICATION_CHANNELS.map((channel) => {
        const state = data?.[channel];
        const status = state?.status ?? 'none';
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
    </Box>
  );
}
