// GET /api/privacy-notice: the privacy notice in force (its version, date and text), and
// POST /api/unsubscribe: the "Dejar de recibir noticias" link's withdrawal. The link opens
// the /baja page, which posts its token here: a GET that withdrew would be set off by the
// mail scanners that open every link.
import {
  CONSENT_MESSAGES,
  msgResponseSchema,
  privacyNoticeSchema,
  unsubscribeRequestSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { recordMarketingConsent } from '@vag/core/privacy/marketing-consent';
import { noticeView } from '@vag/core/privacy/privacy-notice';
import { readUnsubscribeToken } from '@vag/core/privacy/unsubscribe-token';
import { rateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { JSON_BODY, describe } from '../../lib/openapi';
import { validate } from '../../lib/validate';
import { privacyNoticeInForce } from '../../privacy/privacy-notice';

export const privacyNoticeRouter = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'getPrivacyNotice',
    tag: 'privacy',
    summary: 'La política de privacidad vigente: versión, fecha y texto.',
    response: privacyNoticeSchema,
  }),
  async (c) => c.json(noticeView(await privacyNoticeInForce(c.get('deps')))),
);

export const unsubscribeRouter = new Hono<AppEnv>().post(
  '/',
  describe({
    operationId: 'unsubscribe',
    tag: 'privacy',
    summary: 'Retira el consentimiento de noticias del e-mail de un enlace de baja vigente.',
    response: msgResponseSchema,
    errors: [...JSON_BODY, 429],
  }),
  rateLimit('lookup'),
  validate('json', unsubscribeRequestSchema),
  async (c) => {
    const { db } = c.get('deps');
    const reading = await readUnsubscribeToken(db, c.req.valid('json').t);
    if ('refused' in reading) {
      const msg =
        reading.refused === 'expired'
          ? CONSENT_MESSAGES.unsubscribeExpired
          : CONSENT_MESSAGES.unsubscribeInvalid;
      throw apiError(400, msg, { t: msg });
    }
    const { email } = reading;
    await recordMarketingConsent(db, { email, granted: false, source: 'unsubscribe_link' });
    return c.json({ msg: CONSENT_MESSAGES.unsubscribed(email) });
  },
);
