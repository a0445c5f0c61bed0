// A status callback counts when Twilio signed it, over our callback URL as written or with
// its default port, as Twilio's own library accepts it; any other signature does not.
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid } from './twilio-signature';

const authToken = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const url = 'https://voyaganar.ec/api/message-status';
const params = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' };
const signedOver = (signedUrl: string, token = authToken, signed = params) =>
  twilio.getExpectedTwilioSignature(token, signedUrl, signed);

describe('the Twilio callback signature', () => {
  it('accepts a signature over the URL without and with :443', () => {
    for (const signedUrl of [url, 'https://voyaganar.ec:443/api/message-status']) {
      const signature = signedOver(signedUrl);
      expect(isTwilioSignatureValid({ authToken, signature, url, params }), signedUrl).toBe(true);
      expect(twilio.validateRequest(authToken, signature, url, params)).toBe(true);
    }
  });

  it('refuses another token, other parameters, another URL or no signature', () => {
    for (const signature of [
      signedOver(url, 'not-the-auth-token'),
      signedOver(url, authToken, { ...params, MessageStatus: 'failed' }),
      signedOver('https://otro.example/api/message-status'),
      undefined,
    ])
      expect(isTwilioSignatureValid({ authToken, signature, url, params })).toBe(false);
    expect(
      isTwilioSignatureValid({ authToken: '', signature: signedOver(url, ''), url, params }),
    ).toBe(false);
  });
});
