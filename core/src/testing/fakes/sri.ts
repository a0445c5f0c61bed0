// A local SRI answering the two SOAP services of the offline scheme with the shapes of its
// published WSDLs: validarComprobante (RespuestaRecepcionComprobante: RECIBIDA, or DEVUELTA
// with comprobantes/comprobante/mensajes) and autorizacionComprobante
// (RespuestaAutorizacionComprobante with autorizaciones/autorizacion: AUTORIZADO with the
// comprobante in CDATA, NO AUTORIZADO with mensajes, EN PROCESO). It can be slow, down
// (HTTP 503, as the SRI's front answers when it is), refuse a document, or keep one
// "en proceso" for a while; it records every document it received.
import { DOMParser } from '@xmldom/xmldom';
import type { SriMessage } from '@vag/contracts';
import { startFakeHttpServer, type FakeHttpServer, type FakeRequest } from './http';

export interface FakeSriDocument {
  accessKey: string;
  xml: string;
  receivedAt: Date;
  /** How many times it was sent (a second send is DEVUELTA "CLAVE ACCESO REGISTRADA"). */
  sends: number;
  state: 'AUTORIZADO' | 'NO AUTORIZADO';
  messages: SriMessage[];
}

export interface FakeSri {
  url: string;
  env: { SRI_RECEPTION_URL: string; SRI_AUTHORIZATION_URL: string };
  documents: Map<string, FakeSriDocument>;
  requests: FakeRequest[];
  /** While down, both services answer 503. */
  setDown(down: boolean): void;
  /** Every answer waits this long. */
  setDelay(ms: number): void;
  /** The next document received is DEVUELTA with these messages. */
  returnNext(messages: SriMessage[]): void;
  /** The next document received is NO AUTORIZADO with these messages. */
  refuseNext(messages: SriMessage[]): void;
  /** The next `count` authorization queries of each key answer EN PROCESO. */
  processingFor(count: number): void;
  stop(): Promise<void>;
}

export const SRI_MESSAGES = {
  claveRegistrada: {
    identificador: '43',
    mensaje: 'CLAVE ACCESO REGISTRADA',
    tipo: 'ERROR',
  },
  estructura: {
    identificador: '35',
    mensaje: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
    informacionAdicional: 'Se encontró el siguiente error en la estructura del comprobante',
    tipo: 'ERROR',
  },
  identificacion: {
    identificador: '65',
    mensaje: 'IDENTIFICACION DEL COMPRADOR INVALIDA',
    tipo: 'ERROR',
  },
} satisfies Record<string, SriMessage>;

export async function startFakeSri(): Promise<FakeSri> {
  const documents = new Map<string, FakeSriDocument>();
  const queries = new Map<string, number>();
  let down = false;
  let delay = 0;
  let returnNext: SriMessage[] | null = null;
  let refuseNext: SriMessage[] | null = null;
  let processing = 0;

  const server: FakeHttpServer = await startFakeHttpServer(async (req) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (down)
      return { status: 503, text: 'Service Unavailable', headers: { 'content-type': 'text/html' } };
    const body = new DOMParser().parseFromString(req.rawBody, 'text/xml');
    if (req.path.endsWith('/RecepcionComprobantesOffline')) {
      const xml = Buffer.from(tag(body, 'xml'), 'base64').toString('utf8');
      return soap(receive(xml));
    }
    if (req.path.endsWith('/AutorizacionComprobantesOffline'))
      return soap(authorize(tag(body, 'claveAccesoComprobante')));
    return { status: 404, text: 'Not Found', headers: { 'content-type': 'text/plain' } };
  });

  function receive(xml: string): string {
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
    const accessKey = doc.documentElement ? tag(doc, 'claveAcceso') : '';
    if (!/^\d{49}$/.test(accessKey))
      return reception('DEVUELTA', accessKey, [SRI_MESSAGES.estructura]);
    const known = documents.get(accessKey);
    if (known) {
      known.sends++;
      return reception('DEVUELTA', accessKey, [SRI_MESSAGES.claveRegistrada]);
    }
    if (returnNext) {
      const messages = returnNext;
      returnNext = null;
      return reception('DEVUELTA', accessKey, messages);
    }
    const refused = refuseNext;
    refuseNext = null;
    documents.set(accessKey, {
      accessKey,
      xml,
      receivedAt: new Date(),
      sends: 1,
      state: refused ? 'NO AUTORIZADO' : 'AUTORIZADO',
      messages: refused ?? [],
    });
    return reception('RECIBIDA', accessKey, []);
  }

  function authorize(accessKey: string): string {
    const doc = documents.get(accessKey);
    const asked = (queries.get(accessKey) ?? 0) + 1;
    queries.set(accessKey, asked);
    const head = `<claveAccesoConsultada>${accessKey}</claveAccesoConsultada>`;
    if (!doc)
      return `<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante>${head}<numeroComprobantes>0</numeroComprobantes><autorizaciones/></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`;
    const state = asked <= processing ? 'EN PROCESO' : doc.state;
    const authorized = state === 'AUTORIZADO';
    const autorizacion = `<autorizacion><estado>${state}</estado>${
      authorized ? `<numeroAutorizacion>${accessKey}</numeroAutorizacion>` : ''
    }<fechaAutorizacion>${ecuadorTimestamp(new Date())}</fechaAutorizacion><ambiente>${
      accessKey[23] === '2' ? 'PRODUCCIÓN' : 'PRUEBAS'
    }</ambiente><comprobante><![CDATA[${doc.xml}]]></comprobante>${mensajes(
      state === 'NO AUTORIZADO' ? doc.messages : [],
    )}</autorizacion>`;
    return `<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante>${head}<numeroComprobantes>1</numeroComprobantes><autorizaciones>${autorizacion}</autorizaciones></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`;
  }

  const url = server.url;
  return {
    url,
    env: {
      SRI_RECEPTION_URL: `${url}/comprobantes-electronicos-ws/RecepcionComprobantesOffline`,
      SRI_AUTHORIZATION_URL: `${url}/comprobantes-electronicos-ws/AutorizacionComprobantesOffline`,
    },
    documents,
    requests: server.requests,
    setDown: (value) => {
      down = value;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    returnNext: (messages) => {
      returnNext = messages;
    },
    refuseNext: (messages) => {
      refuseNext = messages;
    },
    processingFor: (count) => {
      processing = count;
    },
    stop: () => server.stop(),
  };
}

function reception(state: 'RECIBIDA' | 'DEVUELTA', accessKey: string, messages: SriMessage[]) {
  const comprobantes =
    state === 'RECIBIDA'
      ? '<comprobantes/>'
      : `<comprobantes><comprobante><claveAcceso>${accessKey}</claveAcceso>${mensajes(messages)}</comprobante></comprobantes>`;
  return `<ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>${state}</estado>${comprobantes}</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>`;
}

function mensajes(messages: SriMessage[]): string {
  if (messages.length === 0) return '<mensajes/>';
  return `<mensajes>${messages
    .map(
      (m) =>
        `<mensaje><identificador>${m.identificador}</identificador><mensaje>${m.mensaje}</mensaje>${
          m.informacionAdicional
            ? `<informacionAdicional>${m.informacionAdicional}</informacionAdicional>`
            : ''
        }<tipo>${m.tipo}</tipo></mensaje>`,
    )
    .join('')}</mensajes>`;
}

function soap(inner: string) {
  return {
    status: 200,
    headers: { 'content-type': 'text/xml;charset=UTF-8' },
    text: `<?xml version="1.0" ?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`,
  };
}

function tag(
  doc: { getElementsByTagName(name: string): ArrayLike<{ textContent: string | null }> },
  name: string,
): string {
  return doc.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';
}

/** 2026-11-28T10:00:00-05:00, as the SRI writes fechaAutorizacion. */
function ecuadorTimestamp(date: Date): string {
  return `${new Date(date.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}
