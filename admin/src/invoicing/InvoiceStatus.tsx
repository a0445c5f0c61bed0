// A document's state as a chip, and the SRI's own messages under it (identificador, text,
// additional information), as staff need them to decide what to correct.
import { Box, Chip, Typography } from '@mui/material';
import type { InvoiceStatus as Status, SriMessage } from '@vag/contracts';
import { useTranslate } from 'react-admin';

const COLOR: Record<Status, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  pendiente: 'default',
  enviada: 'info',
  autorizada: 'success',
  devuelta: 'warning',
  no_autorizada: 'error',
};

export function InvoiceStatusChip({ status }: { status: Status }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      label={translate(`vag.invoicing.list.statuses.${status}`)}
      data-testid="invoice-status"
    />
  );
}

export function SriMessages({ messages }: { messages: readonly SriMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="invoice-messages">
      {messages.map((m, i) => (
        <Typography key={i} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {m.identificador !== 'VAG' && <strong>{m.identificador} · </strong>}
          {m.mensaje}
          {m.informacionAdicional ? ` — ${m.informacionAdicional}` : ''}
        </Typography>
      ))}
    </Box>
  );
}
