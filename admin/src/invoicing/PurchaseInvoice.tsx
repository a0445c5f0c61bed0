// The purchase's electronic invoice in its Detalles (admins only, as the invoices api):
// each document's number, state and the SRI's messages, with a link to Facturas, where a
// returned one is corrected and re-issued. Framed like the dialog's other blocks (InfoBlock).
import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { invoiceNumber, type Invoice } from '@vag/contracts';
import { useBasename, usePermissions, useTranslate } from 'react-admin';
import { useVagApi } from '../common/useVagApi';
import { InvoiceStatusChip, SriMessages } from './InvoiceStatus';

function Documents({ purchaseId }: { purchaseId: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.invoicing.${key}`);
  const api = useVagApi();
  const basename = useBasename();
  const filter = encodeURIComponent(JSON.stringify({ purchaseId }));
  const { data } = useQuery({
    queryKey: ['purchase-invoices', purchaseId],
    queryFn: () => api.call<Invoice[]>('GET', `/admin/invoices?filter=${filter}`),
  });
  return (
    <Box
      component="section"
      data-testid="purchase-invoice"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('purchase.title')}
      </Typography>
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('purchase.none')}
        </Typography>
      )}
      {data?.map((invoice) => (
        <Box key={invoice.id} sx={{ mb: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t(`list.kinds.${invoice.kind}`)} {invoiceNumber(invoice)}
            </Typography>
            <InvoiceStatusChip status={invoice.status} />
          </Box>
          <SriMessages messages={invoice.messages} />
        </Box>
      ))}
      {data && data.length > 0 && (
        <Link href={`${basename}/invoices?filter=${filter}`} variant="body2">
          {t('purchase.open')}
        </Link>
      )}
    </Box>
  );
}

export function PurchaseInvoice({ purchaseId }: { purchaseId: string }) {
  const { permissions } = usePermissions<string | null>();
  return permissions === 'admin' ? <Documents purchaseId={purchaseId} /> : null;
}
