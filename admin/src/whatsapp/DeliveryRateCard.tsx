// Dashboard: today's delivery rate per channel (WhatsApp, SMS), from Twilio's callbacks.
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WHATSAPP_TEXTS as T } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from '../dashboard/DashCard';

interface Rate {
  channel: 'whatsapp' | 'sms';
  total: number;
  delivered: number;
  rate: number | null;
}

export function DeliveryRateCard() {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['message-rates'],
    queryFn: () => api.call<Rate[]>('GET', '/admin/whatsapp/rates'),
    refetchInterval: 60_000,
  });
  return (
    <DashCard title={T.ratesTitle}>
      {(data ?? []).map((r) => (
        <Typography key={r.channel} variant="body2" data-testid={`rate-${r.channel}`}>
          {T.rateLine(r.channel === 'whatsapp' ? 'WhatsApp' : 'SMS', r.delivered, r.total, r.rate)}
        </Typography>
      ))}
    </DashCard>
  );
}
