// The browser helper other suites build on: Debian's Chromium starts headless and
// renders a page we can read and photograph.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('renders a page and saves a screenshot of it', async () => {
  const page = await browser.newPage();
  await page.setContent('<main><h1>¡Voy a Ganar!</h1></main>');
  expect(await page.locator('h1').textContent()).toBe('¡Voy a Ganar!');
  const file = await saveScreenshot(page, 'infra browser helper');
  expect(file).toMatch(/test-artifacts\/screenshots\/infra-browser-helper\.png$/);
  expect(existsSync(file)).toBe(true);
});

it('receives the shared services from the global setup', () => {
  expect(process.env.VAG_TEST_MONGODB_URL).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
  expect(process.env.VAG_TEST_KAFKA_BROKERS).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(process.env.VAG_CHROMIUM).toBeTruthy();
});
