// The comprobante's XML in the SRI's schemas (factura_V1.1.0.xsd, notaCredito_V1.1.0.xsd):
// one line for the tickets, IVA at the operator's rate. Prices paid by buyers include IVA,
// so the base is the total divided by (1 + rate), rounded to cents, and IVA the rest.
import type { PaymentMethod } from '@vag/contracts';
import type { InvoiceDoc } from '../db/invoices';
import { ecuadorDate } from './certificate';

export const FACTURA_VERSION = '1.1.0';

/** Tabla 17 of the ficha técnica: codigoPorcentaje of each IVA rate. */
const IVA_PERCENT_CODES: Record<number, string> = {
  0: '0',
  5: '5',
  8: '8',
  12: '2',
  13: '10',
  14: '3',
  15: '4',
};
/** Tabla 16: impuesto 2 is IVA. */
const IVA_TAX_CODE = '2';

/** Tabla 24: formas de pago. */
const PAYMENT_CODES: Record<PaymentMethod, string> = {
  card: '19', // tarjeta de crédito
  mobile: '19', // PayPhone charges a card
  paypal: '20', // otros con utilización del sistema financiero
  bank_transfer: '20',
};

export function ivaPercentCode(rate: number): string | undefined {
  return IVA_PERCENT_CODES[rate];
}

/** Base and IVA of an amount that includes IVA, in cents that add up to it. */
export function splitTax(totalWithTax: number, rate: number): { base: number; iva: number } {
  const cents = Math.round(totalWithTax * 100);
  const baseCents = Math.round(cents / (1 + rate / 100));
  return { base: baseCents / 100, iva: (cents - baseCents) / 100 };
}

const money = (n: number) => n.toFixed(2);

export function comprobanteXml(doc: InvoiceDoc): string {
  return doc.kind === 'factura' ? facturaXml(doc) : notaCreditoXml(doc);
}

function facturaXml(doc: InvoiceDoc): string {
  const { buyer } = doc;
  return xmlDocument(
    el('factura', { id: 'comprobante', version: FACTURA_VERSION }, [
      infoTributaria(doc, '01'),
      el('infoFactura', {}, [
        el('fechaEmision', {}, ecuadorDate(doc.issuedAt)),
        el('dirEstablecimiento', {}, doc.issuer.dirEstablecimiento),
        ...issuerStanding(doc),
        ...buyerIdentity(doc),
        buyer.address ? el('direccionComprador', {}, buyer.address) : '',
        el('totalSinImpuestos', {}, money(doc.subtotal)),
        el('totalDescuento', {}, '0.00'),
        totalConImpuestos(doc),
        el('propina', {}, '0.00'),
        el('importeTotal', {}, money(doc.total)),
        el('moneda', {}, 'DOLAR'),
        el('pagos', {}, [
          el('pago', {}, [
            el('formaPago', {}, PAYMENT_CODES[doc.paymentMethod]),
            el('total', {}, money(doc.total)),
          ]),
        ]),
      ]),
      ticketLine(doc, 'codigoPrincipal'),
      infoAdicional(doc),
    ]),
  );
}

/** The same blocks as the factura, in the order notaCredito_V1.1.0.xsd asks for them. */
function notaCreditoXml(doc: InvoiceDoc): string {
  return xmlDocument(
    el('notaCredito', { id: 'comprobante', version: FACTURA_VERSION }, [
      infoTributaria(doc, '04'),
      el('infoNotaCredito', {}, [
        el('fechaEmision', {}, ecuadorDate(doc.issuedAt)),
        el('dirEstablecimiento', {}, doc.issuer.dirEstablecimiento),
        ...buyerIdentity(doc),
        ...issuerStanding(doc),
        el('codDocModificado', {}, '01'),
        el('numDocModificado', {}, doc.modifies ?? ''),
        el('fechaEmisionDocSustento', {}, doc.modifiesIssuedOn ?? ''),
        el('totalSinImpuestos', {}, money(doc.subtotal)),
        el('valorModificacion', {}, money(doc.total)),
        el('moneda', {}, 'DOLAR'),
        totalConImpuestos(doc),
        el('motivo', {}, doc.reason ?? 'Devolución'),
      ]),
      ticketLine(doc, 'codigoInterno'),
      infoAdicional(doc),
    ]),
  );
}

/** contribuyenteEspecial (when the operator is one) and obligadoContabilidad. */
function issuerStanding({ issuer }: InvoiceDoc): string[] {
  return [
    issuer.contribuyenteEspecial
      ? el('contribuyenteEspecial', {}, issuer.contribuyenteEspecial)
      : '',
    el('obligadoContabilidad', {}, issuer.obligadoContabilidad ? 'SI' : 'NO'),
  ];
}

function buyerIdentity({ buyer }: InvoiceDoc): string[] {
  return [
    el('tipoIdentificacionComprador', {}, buyer.idType),
    el('razonSocialComprador', {}, buyer.name),
    el('identificacionComprador', {}, buyer.id),
  ];
}

/** The one IVA total of the document. */
function totalConImpuestos(doc: InvoiceDoc): string {
  return el('totalConImpuestos', {}, [
    el('totalImpuesto', {}, [
      el('codigo', {}, IVA_TAX_CODE),
      el('codigoPorcentaje', {}, percentCode(doc)),
      el('baseImponible', {}, money(doc.subtotal)),
      el('valor', {}, money(doc.iva)),
    ]),
  ]);
}

/** The tickets' one detalle; the code's tag is the schema's (factura and nota de crédito differ). */
function ticketLine(doc: InvoiceDoc, codeTag: 'codigoPrincipal' | 'codigoInterno'): string {
  return el('detalles', {}, [
    el('detalle', {}, [
      el(codeTag, {}, 'BOLETO'),
      el('descripcion', {}, doc.line.description),
      ...lineAmounts(doc),
    ]),
  ]);
}

function infoTributaria(doc: InvoiceDoc, codDoc: '01' | '04'): string {
  const { issuer } = doc;
  return el('infoTributaria', {}, [
    el('ambiente', {}, doc.environment === 'produccion' ? '2' : '1'),
    el('tipoEmision', {}, '1'),
    el('razonSocial', {}, issuer.razonSocial),
    issuer.nombreComercial ? el('nombreComercial', {}, issuer.nombreComercial) : '',
    el('ruc', {}, issuer.ruc),
    el('claveAcceso', {}, doc.accessKey),
    el('codDoc', {}, codDoc),
    el('estab', {}, doc.estab),
    el('ptoEmi', {}, doc.ptoEmi),
    el('secuencial', {}, doc.secuencial),
    el('dirMatriz', {}, issuer.dirMatriz),
  ]);
}

/** cantidad × precioUnitario = precioTotalSinImpuesto: the unit price keeps six decimals. */
function lineAmounts(doc: InvoiceDoc): string[] {
  const unit = (doc.subtotal / doc.line.quantity).toFixed(6);
  return [
    el('cantidad', {}, String(doc.line.quantity)),
    el('precioUnitario', {}, unit),
    el('descuento', {}, '0.00'),
    el('precioTotalSinImpuesto', {}, money(doc.subtotal)),
    el('impuestos', {}, [
      el('impuesto', {}, [
        el('codigo', {}, IVA_TAX_CODE),
        el('codigoPorcentaje', {}, percentCode(doc)),
        el('tarifa', {}, money(doc.ivaRate)),
        el('baseImponible', {}, money(doc.subtotal)),
        el('valor', {}, money(doc.iva)),
      ]),
    ]),
  ];
}

function infoAdicional(doc: InvoiceDoc): string {
  const fields: Array<[string, string]> = [['Email', doc.buyer.email]];
  if (doc.orderCode) fields.push(['Pedido', doc.orderCode]);
  // The 1.1.0 schemas have no contribuyenteRimpe element: the legend goes here.
  if (doc.issuer.regime === 'rimpe_emprendedor')
    fields.push(['Régimen', 'CONTRIBUYENTE RÉGIMEN RIMPE']);
  if (doc.issuer.regime === 'rimpe_negocio_popular')
    fields.push(['Régimen', 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE']);
  return el(
    'infoAdicional',
    {},
    fields.filter(([, v]) => v).map(([nombre, v]) => el('campoAdicional', { nombre }, v)),
  );
}

function percentCode(doc: InvoiceDoc): string {
  const code = ivaPercentCode(doc.ivaRate);
  if (!code) throw new Error(`IVA ${doc.ivaRate} % has no SRI code`);
  return code;
}

function xmlDocument(root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}`;
}

function el(name: string, attributes: Record<string, string>, content: string | string[]): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const inner = Array.isArray(content) ? content.join('') : escapeXml(content);
  return `<${name}${attrs}>${inner}</${name}>`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replace(/[\r\n\t]+/g, ' ');
}
