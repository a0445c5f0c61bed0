// Validation of a comprobante against the SRI's own schemas (core/src/invoices/xsd/) with
// xmllint compiled to WebAssembly: libxml2's validator, no network.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../invoices/xsd');
const SCHEMAS = { factura: 'factura_V1.1.0.xsd', notaCredito: 'notaCredito_V1.1.0.xsd' };

export async function validateAgainstSriXsd(
  xml: string,
  schema: keyof typeof SCHEMAS,
): Promise<{ valid: boolean; errors: string[] }> {
  const read = (name: string) => readFile(path.join(XSD_DIR, name), 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'comprobante.xml', contents: xml }],
    schema: [{ fileName: SCHEMAS[schema], contents: await read(SCHEMAS[schema]) }],
    preload: [
      { fileName: 'xmldsig-core-schema.xsd', contents: await read('xmldsig-core-schema.xsd') },
    ],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
