/**
 * The partner console's browser tests' shared parts (test/e2e/console*.test.ts): Debian's
 * chromium driven by playwright-core in a throwaway profile, the page's Content-Security-Policy
 * complaints collected, axe-core run in the page, and full-page screenshots taken into a
 * temporary folder, or into docs/console/ (the README's pictures) with UPDATE_SCREENSHOTS=1.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { expect } from 'chai';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

/** Skips the suite whose `before` hook this is when chromium is absent (.ci/run installs it). */
export function skipWithoutChromium(hook: Mocha.Context): void {
  if (existsSync(chromiumPath)) return;
  process.stderr.write(`  skipped: ${chromiumPath} is absent (install Debian's chromium; .ci/run does)\n`);
  hook.skip();
}

export interface ConsoleBrowser {
  context: BrowserContext;
  page: Page;
  /** The text of every console message of the pages that names the Content Security Policy. */
  cspViolations: string[];
  /** Runs axe-core on the page as it stands; fails on any serious or critical violation. */
  noSeriousViolations(name: string): Promise<void>;
  /** A full-page screenshot `<name>.png`, in the screenshot folder. */
  shot(name: string): Promise<void>;
  /** Logs in on the console at `apiUrl` and waits for the page it opens on, the workflows. */
  logIn(apiUrl: string, username: string, password: string): Promise<void>;
  /** Closes chromium and removes its profile, and the screenshot folder unless it is docs/console/. */
  close(): Promise<void>;
}

/** Starts headless chromium with a fresh profile; `label` names the temporary folders. */
export async function openConsoleBrowser(label: string): Promise<ConsoleBrowser> {
  // A test run leaves the committed pictures alone unless asked to refresh them.
  const keepShots = process.env.UPDATE_SCREENSHOTS === '1';
  const screenshots = keepShots ? join(__dirname, '..', '..', 'docs', 'console') : mkdtempSync(join(tmpdir(), `${label}-shots-`));
  const profile = mkdtempSync(join(tmpdir(), `${label}-chromium-`));
  const cleanUp = () => {
    rmSync(profile, { recursive: true, force: true });
    if (!keepShots) rmSync(screenshots, { recursive: true, force: true });
  };
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath, headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1200, height: 800 },
    });
  } catch (err) {
    cleanUp();
    throw err;
  }
  const page = context.pages()[0] ?? await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  return {
    context, page, cspViolations,
    async noSeriousViolations(name) {
      // Evaluated through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axe.source);
      // A string, run in the page: the test's own type check has no DOM library.
      const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact || null })))`)) as { id: string; impact: string | null }[];
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `axe on ${name}`).to.deep.equal([]);
    },
    async shot(name) {
      const path = join(screenshots, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      expect(existsSync(path), `screenshot ${name}`).to.equal(true);
    },
    async logIn(apiUrl, username, password) {
      await page.goto(`${apiUrl}/console/#/login`);
      await page.getByLabel('Username (e-mail)').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Workflows' }).waitFor();
    },
    async close() {
      try {
        await context.close();
      } finally {
        cleanUp();
      }
    },
  };
}
