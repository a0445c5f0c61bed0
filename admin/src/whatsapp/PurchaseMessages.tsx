// A purchase's WhatsApp and SMS messages as Twilio's status callbacks left them
// (queued, sent, delivered, read, failed with its code), for staff deciding on a re-send.
import { Box, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, WHATSAPP_TEXTS as T } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

interface Delivery {
  sid: string;
  message: string;
  channel: 'whatsapp' | 'sms';
  status: string;
  errorCode: number | null;
  fallbackSid: string | null;
  updatedAt: string;
}

const COLOR: Record<string, 'success' | 'error' | 'default' | 'info'> = {
  delivered: 'success',
  read: 'success',
  failed: 'error',
  undelivered: 'error',
  sent: 'info',
};

export function PurchaseMessages({ purchaseId }: { purchaseId: string }) {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['purchase-deliveries', purchaseId],
    queryFn: () =>
      api.call<Delivery[]>('GET', `/admin/whatsapp/deliveries/${encodeURIComponent(purchaseId)}`),
  });
  return (
    <Box sx={{ mt: 1 }} data-testid="purchase-deliveries">
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {T.deliveryTitle}
      </Typography>
      {!data?.length && (
        <Typography variant="caption" color="text.secondary">
          {T.deliveryEmpty}
        </Typography>
      )}
      {data?.map((d) => (
        <Box key={d.sid} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ minWidth: 130 }}>
            {d.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} ·{' '}
            {T.labels[d.message as 'numbers'] ?? d.message}
          </Typography>
          <Chip
            size="small"
            color={COLOR[d.status] ?? 'default'}
            label={`${T.statusWords[d.status] ?? d.status}${d.errorCode ? ` (${d.errorCode})` : ''}`}
          />
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(d.updatedAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
