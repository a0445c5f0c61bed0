// Ajustes → Facturación electrónica in the store: the operator's data round-trips, a
// certificate is accepted only when it can sign (Spanish reasons otherwise), and neither
// the .p12 nor its password is ever readable from the database or returned.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICING_DEFAULTS, type InvoicingSettingsInput } from '@vag/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { makeTestP12 } from '../testing/test-certificate';
import { CertificateError } from './certificate';
import {
  loadInvoicingSettings,
  loadSigningCertificate,
  saveCertificate,
  saveInvoicingSettings,
} from './settings';

let t: TestDatabase;
const key = randomBytes(32);
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const input: InvoicingSettingsInput = {
  enabled: true,
  environment: 'pruebas',
  ruc: '0992345678001',
  razonSocial: 'Rifas de Prueba S.A.',
  nombreComercial: 'Voy a Ganar',
  dirMatriz: 'Av. 9 de Octubre 100, Guayaquil',
  dirEstablecimiento: 'Av. 9 de Octubre 100, Guayaquil',
  estab: '001',
  ptoEmi: '002',
  obligadoContabilidad: true,
  contribuyenteEspecial: '',
  regime: '',
  ivaRate: 15,
  consumidorFinalLimit: 50,
};

describe('invoicing settings', () => {
  it('starts off with the defaults and keeps what the operator saves', async () => {
    const fresh = await loadInvoicingSettings(t.db);
    expect(fresh.enabled).toBe(false);
    expect(fresh.consumidorFinalLimit).toBe(INVOICING_DEFAULTS.consumidorFinalLimit);
    expect(fresh.certificate).toBeNull();
    const saved = await saveInvoicingSettings(t.db, input);
    expect(saved).toMatchObject({ ...input, certificate: null });
    expect(await loadInvoicingSettings(t.db)).toEqual(saved);
  });
});

describe('the certificate', () => {
  it('rejects a wrong password in Spanish and stores nothing', async () => {
    const p12 = makeTestP12({ password: 'correcta' });
    const attempt = saveCertificate(t.db, { fileName: 'firma.p12', p12, password: 'otra' }, key);
    await expect(attempt).rejects.toThrow(CertificateError);
    await expect(attempt).rejects.toThrow('La contraseña del certificado no es correcta.');
    expect(await t.db.collection('invoice_certificates').countDocuments()).toBe(0);
  });

  it('rejects an expired certificate, naming the day it expired', async () => {
    const p12 = makeTestP12({
      notBefore: new Date('2023-01-10T12:00:00Z'),
      notAfter: new Date('2025-01-10T12:00:00Z'),
    });
    await expect(
      saveCertificate(t.db, { fileName: 'vieja.p12', p12, password: 'clave-de-prueba' }, key),
    ).rejects.toThrow('El certificado venció el 10/01/2025: renueva tu firma electrónica.');
  });

  it('rejects a file without the private key, and a file that is not a .p12', async () => {
    const p12 = makeTestP12({ withoutKey: true });
    await expect(
      saveCertificate(t.db, { fileName: 'sin-clave.p12', p12, password: 'clave-de-prueba' }, key),
    ).rejects.toThrow(/no contiene la clave privada/);
    await expect(
      saveCertificate(
        t.db,
        { fileName: 'foto.jpg', p12: Buffer.from('no soy un certificado'), password: 'x' },
        key,
      ),
    ).rejects.toThrow('El archivo no es un certificado .p12 (PKCS#12) válido.');
  });

  it('accepts a valid one: its facts are shown, the file and password stay sealed', async () => {
    const password = 'Mi-Clave-Secreta-2026';
    const p12 = makeTestP12({ password });
    const info = await saveCertificate(t.db, { fileName: 'firma.p12', p12, password }, key);
    expect(info).toMatchObject({ fileName: 'firma.p12', serialNumber: '0a1b2c' });
    expect(info.subject).toContain('CN=RIFAS DE PRUEBA S.A.');
    expect(info.issuer).toContain('CN=AUTORIDAD DE CERTIFICACION DE PRUEBA');
    expect((await loadInvoicingSettings(t.db)).certificate).toEqual(info);
    expect(JSON.stringify(info)).not.toContain(password);

    const stored = JSON.stringify(await t.db.collection('invoice_certificates').find().toArray());
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(p12.toString('base64').slice(0, 40));

    const signing = await loadSigningCertificate(t.db, key);
    expect(signing?.certificate.serialNumber).toBe('0a1b2c');
    await expect(loadSigningCertificate(t.db, randomBytes(32))).rejects.toThrow();
  });
});
