// Headless Chromium for browser tests (the Debian package; Playwright's own browser
// downloads cannot run here). Each launch gets a fresh temporary profile.
import { copyFileSync, mkdirSync } from 'node:fs';
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

/**
 * The README's pictures, taken by the browser tests: with VAG_README_SCREENSHOTS=1 these
 * screenshots are also copied into docs/screenshots/ (run the two suites named in the
 * README), so they never drift into a hand-made picture of another product.
 */
const README_PICTURES: Record<string, string> = {
  'first-screen-laptop': 'home.png',
  'admin-dashboard-desktop': 'admin.png',
};

/** Saves a full-page PNG as test-artifacts/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const safeName = name.replace(/[^\w.-]+/g, '-');
  const file = path.join(screenshotDir, `${safeName}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  const readmePicture = README_PICTURES[safeName];
  if (readmePicture && process.env.VAG_README_SCREENSHOTS) {
    const docs = path.join(repoRoot, 'docs', 'screenshots');
    mkdirSync(docs, { recursive: true });
    copyFileSync(file, path.join(docs, readmePicture));
  }
  return file;
}

/** Runs in every page: each violation it sees goes on the console. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error('Content Security Policy violation: ' + e.violatedDirective + ' (' +
    e.blockedURI + ') at ' + e.sourceFile + ':' + e.lineNumber));`;

/**
 * Content-Security-Policy violations of any page of `context`, kept in `into`: the sites'
 * e2e suites fail when they see one. Chromium puts a blocked resource on the console, but
 * not an eval a script tried inside try/catch (zod's probe did); every page reports both
 * as a `securitypolicyviolation` event, which is put on the console too.
 */
export async function collectCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
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
