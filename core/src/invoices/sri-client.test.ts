// The SOAP client against the SRI fake at the HTTP boundary: every answer of the two
// services, and an SRI that is down or too slow counts as unavailable (retry later).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSri, SRI_MESSAGES, type FakeSri } from '../testing/fakes/sri';
import {
  autorizacionComprobante,
  sriEndpoints,
  SriUnavailableError,
  validarComprobante,
  type SriEndpoints,
} from './sri-client';

let sri: FakeSri;
let endpoints: SriEndpoints;
beforeAll(async () => {
  sri = await startFakeSri();
  endpoints = sriEndpoints('pruebas', sri.env);
});
afterAll(async () => {
  await sri?.stop();
});

let serial = 0;
function comprobante(): { key: string; xml: string } {
  serial++;
  const key = `281120260109923456780011001001${String(serial).padStart(9, '0')}1234567810`;
  return {
    key,
    xml: `<factura id="comprobante"><infoTributaria><claveAcceso>${key}</claveAcceso></infoTributaria></factura>`,
  };
}

describe('the SRI SOAP client', () => {
  it('points at celcer in pruebas and cel in producción unless told otherwise', () => {
    expect(sriEndpoints('pruebas').reception).toBe(
      'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
    );
    expect(sriEndpoints('produccion').authorization).toBe(
      'https://cel.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
    );
  });

  it('sends a document (RECIBIDA) and reads its authorization (AUTORIZADO, with the XML)', async () => {
    const { key, xml } = comprobante();
    expect(await autorizacionComprobante(endpoints, key)).toEqual({ state: 'SIN RESPUESTA' });
    expect(await validarComprobante(endpoints, xml)).toEqual({ state: 'RECIBIDA' });
    expect(sri.documents.get(key)?.xml).toBe(xml);
    const answer = await autorizacionComprobante(endpoints, key);
    expect(answer).toMatchObject({ state: 'AUTORIZADO', number: key });
    if (answer.state !== 'AUTORIZADO') throw new Error('no autorizado');
    expect(answer.authorizedAt).toMatch(/-05:00$/);
    expect(answer.authorizationXml).toContain('<estado>AUTORIZADO</estado>');
    expect(answer.authorizationXml).toContain(key);
  });

  it("reads DEVUELTA with the SRI's messages, and a second send of a key as CLAVE ACCESO REGISTRADA", async () => {
    const first = comprobante();
    sri.returnNext([SRI_MESSAGES.identificacion]);
    expect(await validarComprobante(endpoints, first.xml)).toEqual({
      state: 'DEVUELTA',
      messages: [SRI_MESSAGES.identificacion],
    });
    const again = comprobante();
    await validarComprobante(endpoints, again.xml);
    expect(await validarComprobante(endpoints, again.xml)).toEqual({
      state: 'DEVUELTA',
      messages: [SRI_MESSAGES.claveRegistrada],
    });
  });

  it('reads EN PROCESO, then NO AUTORIZADO with its messages', async () => {
    const { key, xml } = comprobante();
    sri.refuseNext([SRI_MESSAGES.estructura]);
    sri.processingFor(1);
    await validarComprobante(endpoints, xml);
    expect(await autorizacionComprobante(endpoints, key)).toEqual({ state: 'EN PROCESO' });
    expect(await autorizacionComprobante(endpoints, key)).toEqual({
      state: 'NO AUTORIZADO',
      messages: [SRI_MESSAGES.estructura],
    });
    sri.processingFor(0);
  });

  it('says the SRI is unavailable when it is down or slower than the timeout', async () => {
    const { key, xml } = comprobante();
    sri.setDown(true);
    await expect(validarComprobante(endpoints, xml)).rejects.toThrow(SriUnavailableError);
    await expect(autorizacionComprobante(endpoints, key)).rejects.toThrow(SriUnavailableError);
    sri.setDown(false);
    sri.setDelay(300);
    await expect(validarComprobante({ ...endpoints, timeoutMs: 50 }, xml)).rejects.toThrow(
      SriUnavailableError,
    );
    sri.setDelay(0);
    expect(await validarComprobante(endpoints, comprobante().xml)).toEqual({ state: 'RECIBIDA' });
  });
});
