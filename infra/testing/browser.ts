// Headless Chromium for browser tests (the Debian package; Playwright's own browser
// downloads cannot run here). Each launch gets a fresh temporary profile.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from '../lib/paths';

export const chromiumPath = process.env.VAG_CHROMIUM ?? '/usr/bin/chromium';

// Quiet and self-contained: no GPU, no sandbox (root in CI), no calls home.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A new browser; `launch` gives it a fresh temporary user-data-dir. Close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export const screenshotDir = path.join(repoRoot, 'test-artifacts', 'screenshots');

/** Saves a full-page PNG as test-artifacts/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Content-Security-Policy violations that Chromium reports on the console of any page of
 * `context`, kept in `into`: the sites' e2e suites fail when they see one.
 */
export function collectCspViolations(context: BrowserContext, into: string[]): void {
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      into.push(`${message.location().url}: ${message.text()}`);
  });
}

/** Throws with every violation seen (call when a site's tests are done). */
export function assertNoCspViolations(violations: string[]): void {
  if (violations.length > 0)
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
}
