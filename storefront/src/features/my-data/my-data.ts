// /mis-datos: the request by e-mail and, with the e-mailed link, the buyer's own data.
// Pure helpers beside the islands (tests in my-data.test.ts).
import { contactCorrectionSchema, type ContactCorrection } from '@vag/contracts';

export const MY_DATA_PATHS = {
  request: '/my-data/requests',
  session: '/my-data/session',
  contact: '/my-data/contact',
  data: '/my-data',
  marketing: '/my-data/marketing-withdrawal',
  deletion: '/my-data/deletion',
  /** Downloads, opened by the browser itself (the session cookie goes with them). */
  json: '/api/my-data',
  pdf: '/api/my-data/pdf',
} as const;

export type ContactField = keyof ContactCorrection;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: ReadonlyArray<{
  field: ContactField;
  label: string;
  autoComplete: string;
}> = [
  { field: 'firstName', label: 'Nombre', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Apellido', autoComplete: 'family-name' },
  { field: 'phone', label: 'Teléfono', autoComplete: 'tel' },
  { field: 'province', label: 'Provincia', autoComplete: 'address-level1' },
  { field: 'city', label: 'Ciudad', autoComplete: 'address-level2' },
  { field: 'address', label: 'Dirección', autoComplete: 'street-address' },
];

/** The first message of each invalid field, by the checkout's own rules. */
export function validateContact(values: ContactCorrection): ContactErrors {
  const result = contactCorrectionSchema.safeParse(values);
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The link's token (`?t=`), or null. */
export function tokenFromUrl(search: string): string | null {
  const token = new URLSearchParams(search).get('t');
  return token && token.trim() ? token.trim() : null;
}
