// Twilio signs each status callback: X-Twilio-Signature is the base64 HMAC-SHA1, keyed
// with the account's auth token, of the full URL followed by every POST parameter's name
// and value sorted by name. A callback that does not match is not Twilio's.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function isTwilioSignatureValid(input: {
  authToken: string;
  signature: string | undefined;
  url: string;
  params: Record<string, string>;
}): boolean {
  if (!input.signature || !input.authToken) return false;
  const data = Object.keys(input.params)
    .sort()
    .reduce((acc, key) => acc + key + input.params[key], input.url);
  const expected = Buffer.from(
    createHmac('sha1', input.authToken).update(Buffer.from(data, 'utf8')).digest('base64'),
  );
  const actual = Buffer.from(input.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
