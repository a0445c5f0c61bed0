// The order page's electronic invoice: once the SRI authorized the factura of a paid
// purchase, its XML (the document that counts) and its RIDE (the PDF) to download with the
// order's key; before that, a line saying it is on its way. Nothing when the operator
// does not invoice.
import { INVOICE_ORDER_TEXTS as T, invoicePath, type OrderInvoice } from '@vag/contracts';

/** The two downloads side by side, one under the other on a narrow phone. */
const LINKS = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem' } as const;

export function InvoiceSection({
  invoice,
  id,
  orderKey,
}: {
  invoice: OrderInvoice;
  id: string;
  orderKey: string;
}) {
  return (
    <section className="card" aria-labelledby="invoice-title" data-testid="order-invoice">
      <h2 id="invoice-title">{T.title}</h2>
      {invoice.status === 'autorizada' ? (
        <>
          <p>{T.number(invoice.number)}</p>
          <p style={LINKS}>
            <a
              className="btn btn-outline"
              href={`/api${invoicePath(id, orderKey, 'pdf')}`}
              download
            >
              {T.downloadPdf}
            </a>
            <a
              className="btn btn-outline"
              href={`/api${invoicePath(id, orderKey, 'xml')}`}
              download
            >
              {T.downloadXml}
            </a>
          </p>
        </>
      ) : (
        <p>{T.pending}</p>
      )}
    </section>
  );
}
