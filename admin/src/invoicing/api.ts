// The invoicing screens' calls that are not react-admin CRUD: the settings card, the
// certificate upload (multipart), the buyer's correction and the re-issue.
import type {
  CertificateInfo,
  Invoice,
  InvoiceBuyerCorrection,
  InvoicingSettings,
  InvoicingSettingsInput,
} from '@vag/contracts';
import { API_URL } from '../dataProvider';
import { apiFetch } from '../http';

type WithMsg<T> = T & { msg: string };

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { json } = await apiFetch(`${API_URL}${path}`, {
    method,
    auth: true,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
}

export const loadInvoicing = () => json<InvoicingSettings>('GET', '/admin/invoicing');

export const saveInvoicing = (input: InvoicingSettingsInput) =>
  json<WithMsg<InvoicingSettings>>('PUT', '/admin/invoicing', input);

export async function uploadCertificate(
  file: File,
  password: string,
): Promise<WithMsg<CertificateInfo>> {
  const form = new FormData();
  form.append('file', file);
  form.append('password', password);
  const { json } = await apiFetch(`${API_URL}/admin/invoicing/certificate`, {
    method: 'POST',
    auth: true,
    body: form,
  });
  return json as WithMsg<CertificateInfo>;
}

export const correctBuyer = (id: string, buyer: InvoiceBuyerCorrection) =>
  json<WithMsg<Invoice>>('PUT', `/admin/invoices/${encodeURIComponent(id)}/buyer`, buyer);

export const reissue = (id: string) =>
  json<WithMsg<Invoice>>('POST', `/admin/invoices/${encodeURIComponent(id)}/reissue`);

/** The api's per-field Spanish messages of a refused call (react-admin's HttpError body). */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: Record<string, string> } }).body;
  return body?.errors ?? {};
}
