// A document's number, access key and issue date, taken together when it is numbered.
import type { InvoiceDoc, NumberedFields } from '../db/invoices';
import { accessKey } from './access-key';
import { ecuadorDate } from './certificate';

export function seriesOf(
  doc: Pick<InvoiceDoc, 'environment' | 'issuer' | 'estab' | 'ptoEmi' | 'kind'>,
): string {
  return `${doc.environment}:${doc.issuer.ruc}:${doc.estab}-${doc.ptoEmi}:${doc.kind}`;
}

export function numberedFields(
  doc: InvoiceDoc,
  now: () => Date = () => new Date(),
): NumberedFields {
  return (number) => {
    const issuedAt = now();
    const secuencial = String(number).padStart(9, '0');
    return {
      secuencial,
      issuedAt,
      accessKey: accessKey({
        issuedOn: ecuadorDate(issuedAt),
        kind: doc.kind,
        ruc: doc.issuer.ruc,
        environment: doc.environment,
        estab: doc.estab,
        ptoEmi: doc.ptoEmi,
        secuencial,
        numericCode: doc.numericCode,
      }),
    };
  };
}
