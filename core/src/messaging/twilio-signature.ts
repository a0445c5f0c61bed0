// Twilio signs each status callback: X-Twilio-Signature is the base64 HMAC-SHA1, keyed
// with the account's auth token, of the full URL followed by every POST parameter's name
// and value sorted by name. A callback that does not match is not Twilio's. Twilio's own
// validator checks it: it also accepts the URL signed with its default port (`:443`), as
// Twilio's servers sometimes sign it, which a check of the URL as written would refuse
// (docs/PROVIDERS.md, "E-mail and SMS").
import twilio from 'twilio';

export function isTwilioSignatureValid(input: {
  authToken: string;
  signature: string | undefined;
  url: string;
  params: Record<string, string>;
}): boolean {
  if (!input.signature || !input.authToken) return false;
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params);
}
