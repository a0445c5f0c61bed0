// Ajustes → WhatsApp on a phone: an id that is not a Twilio content SID is refused in
// Spanish and nothing is kept; a valid one is saved; a test to a landline says why not.
import { WHATSAPP_TEXTS as T } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE, englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = useAdminSite({ numbers: false });
const SID = `HX${'0a1b'.repeat(8)}`;

describe('Ajustes: WhatsApp', () => {
  it('refuses a wrong template id and a landline in Spanish, saves a valid template id', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto('/admin/settings?seccion=mensajes');
    const card = page.getByTestId('whatsapp');
    await card.getByRole('heading', { name: T.cardTitle }).waitFor();
    await card.getByLabel(T.senderLabel).fill('+14155238886');
    await card.getByTestId('whatsapp-template-numbers').fill('plantilla_numeros');
    await card.getByRole('button', { name: T.save }).click();
    await card.getByRole('alert').filter({ hasText: T.templateInvalid }).waitFor();
    expect(await site.srv.db.collection('whatsapp_settings').findOne({})).toBeNull();

    await card.getByTestId('whatsapp-template-numbers').fill(SID);
    await card.getByRole('button', { name: T.save }).click();
    await page.getByText(T.saved).first().waitFor();
    expect(await site.srv.db.collection('whatsapp_settings').findOne({})).toMatchObject({
      from: '+14155238886',
      templates: { numbers: SID },
    });

    await card.getByLabel(T.testPhoneLabel).fill('022345678');
    await card.getByRole('button', { name: T.testButton }).click();
    await card.getByRole('alert').filter({ hasText: T.testPhoneLandline }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'whatsapp-card-390');
    expect(await englishOnScreen(page)).toEqual([]);
  });
});
