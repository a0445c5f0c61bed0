// Dashboard: today's messages per channel (SPEC §2) — every e-mail, WhatsApp and SMS sent
// since midnight in Ecuador, with Twilio's delivery rate where its callbacks report one.
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WHATSAPP_TEXTS as T } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from '../dashboard/DashCard';

interface ChannelToday {
  channel: 'email' | 'whatsapp' | 'sms';
  sent: number;
  total: number;
  delivered: number;
  rate: number | null;
}

export function DeliveryRateCard() {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['message-rates'],
    queryFn: () => api.call<ChannelToday[]>('GET', '/admin/whatsapp/rates'),
    refetchInterval: 60_000,
  });
  return (
    <DashCard title={T.ratesTitle}>
      {(data ?? []).map((r) => (
        <Typography key={r.channel} variant="body2" data-testid={`rate-${r.channel}`}>
          {T.rateLine(T.channelNames[r.channel] ?? r.channel, r)}
        </Typography>
      ))}
      <Typography variant="caption" color="text.secondary">
        {T.ratesHint}
      </Typography>
    </DashCard>
  );
}
