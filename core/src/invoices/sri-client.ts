// The SRI's two SOAP services of the offline scheme: RecepcionComprobantesOffline
// (validarComprobante: the signed XML in base64 → RECIBIDA or DEVUELTA with mensajes) and
// AutorizacionComprobantesOffline (autorizacionComprobante: the access key → AUTORIZADO,
// NO AUTORIZADO, EN PROCESO, or nothing yet). An unreachable or failing service is an
// SriUnavailableError: the caller retries later, the document is unchanged.
import type { InvoiceEnvironment, SriMessage } from '@vag/contracts';
import { DOMParser, XMLSerializer, type Element as XmlElement } from '@xmldom/xmldom';
import type { Env } from '../env';

const HOSTS: Record<InvoiceEnvironment, string> = {
  pruebas: 'https://celcer.sri.gob.ec',
  produccion: 'https://cel.sri.gob.ec',
};
const RECEPTION_PATH = '/comprobantes-electronicos-ws/RecepcionComprobantesOffline';
const AUTHORIZATION_PATH = '/comprobantes-electronicos-ws/AutorizacionComprobantesOffline';

export interface SriEndpoints {
  reception: string;
  authorization: string;
  /** How long one call may take before the service counts as down. */
  timeoutMs: number;
}

export function sriEndpoints(
  environment: InvoiceEnvironment,
  env: Partial<Pick<Env, 'SRI_RECEPTION_URL' | 'SRI_AUTHORIZATION_URL'>> = {},
): SriEndpoints {
  return {
    reception: env.SRI_RECEPTION_URL ?? HOSTS[environment] + RECEPTION_PATH,
    authorization: env.SRI_AUTHORIZATION_URL ?? HOSTS[environment] + AUTHORIZATION_PATH,
    timeoutMs: 30_000,
  };
}

export class SriUnavailableError extends Error {}

export type ReceptionAnswer = { state: 'RECIBIDA' } | { state: 'DEVUELTA'; messages: SriMessage[] };

export type AuthorizationAnswer =
  | {
      state: 'AUTORIZADO';
      number: string;
      authorizedAt: string;
      authorizationXml: string;
      messages: SriMessage[];
    }
  | { state: 'NO AUTORIZADO'; messages: SriMessage[] }
  | { state: 'EN PROCESO' }
  /** The SRI has no answer for the key yet (numeroComprobantes 0). */
  | { state: 'SIN RESPUESTA' };

export async function validarComprobante(
  endpoints: SriEndpoints,
  signedXml: string,
): Promise<ReceptionAnswer> {
  const xml = Buffer.from(signedXml, 'utf8').toString('base64');
  const body = await soapCall(
    endpoints.reception,
    endpoints.timeoutMs,
    `<ec:validarComprobante xmlns:ec="http://ec.gob.sri.ws.recepcion"><xml>${xml}</xml></ec:validarComprobante>`,
  );
  const answer = first(body, 'RespuestaRecepcionComprobante');
  const state = text(answer, 'estado');
  if (state === 'RECIBIDA') return { state };
  if (state === 'DEVUELTA') return { state, messages: messagesIn(answer) };
  throw new SriUnavailableError(`recepción respondió un estado desconocido: ${state}`);
}

export async function autorizacionComprobante(
  endpoints: SriEndpoints,
  accessKey: string,
): Promise<AuthorizationAnswer> {
  const body = await soapCall(
    endpoints.authorization,
    endpoints.timeoutMs,
    `<ec:autorizacionComprobante xmlns:ec="http://ec.gob.sri.ws.autorizacion"><claveAccesoComprobante>${accessKey}</claveAccesoComprobante></ec:autorizacionComprobante>`,
  );
  const authorizations = Array.from(body.getElementsByTagName('autorizacion'));
  if (authorizations.length === 0) return { state: 'SIN RESPUESTA' };
  // An AUTORIZADO among several answers (a document sent twice) is the one that counts.
  const authorized = authorizations.find((a) => text(a, 'estado') === 'AUTORIZADO');
  if (authorized)
    return {
      state: 'AUTORIZADO',
      number: text(authorized, 'numeroAutorizacion'),
      authorizedAt: text(authorized, 'fechaAutorizacion'),
      authorizationXml: new XMLSerializer().serializeToString(authorized),
      messages: messagesIn(authorized),
    };
  const latest = authorizations[0]!;
  const state = text(latest, 'estado');
  if (state === 'NO AUTORIZADO') return { state, messages: messagesIn(latest) };
  if (state === 'EN PROCESO') return { state };
  throw new SriUnavailableError(`autorización respondió un estado desconocido: ${state}`);
}

async function soapCall(url: string, timeoutMs: number, operation: string): Promise<XmlElement> {
  const envelope = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>${operation}</soapenv:Body></soapenv:Envelope>`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
      body: envelope,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SriUnavailableError(`el SRI no responde: ${String(error)}`);
  }
  const raw = await response.text().catch(() => '');
  if (!response.ok) throw new SriUnavailableError(`el SRI respondió ${response.status}`);
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(raw, 'text/xml');
  const body = doc.documentElement
    ? Array.from(doc.documentElement.getElementsByTagNameNS('*', 'Body'))[0]
    : undefined;
  if (!body) throw new SriUnavailableError('el SRI respondió algo que no es SOAP');
  return body;
}

function first(parent: XmlElement, name: string): XmlElement {
  const found = parent.getElementsByTagName(name)[0];
  if (!found) throw new SriUnavailableError(`falta ${name} en la respuesta del SRI`);
  return found;
}

function text(parent: XmlElement, name: string): string {
  return parent.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';
}

function messagesIn(parent: XmlElement): SriMessage[] {
  return Array.from(parent.getElementsByTagName('mensaje'))
    .filter((m) => m.getElementsByTagName('identificador').length > 0)
    .map((m) => {
      const extra = text(m, 'informacionAdicional');
      // Left out when empty: an undefined field is stored as null, which the contract refuses.
      return {
        identificador: text(m, 'identificador'),
        mensaje: directText(m, 'mensaje'),
        ...(extra ? { informacionAdicional: extra } : {}),
        tipo: text(m, 'tipo'),
      };
    });
}

/** <mensaje> nests a <mensaje> child: the child's text, not the whole element's. */
function directText(parent: XmlElement, name: string): string {
  for (const child of Array.from(parent.childNodes))
    if (child.nodeName === name) return child.textContent?.trim() ?? '';
  return '';
}
