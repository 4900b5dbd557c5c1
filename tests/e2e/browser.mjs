// Launches Debian's chromium through playwright-core (no browser download), headless,
// with a fresh profile and the flags this sandboxed, offline machine needs.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { chromium } = require(path.join(root, 'tools/node_modules/playwright-core'));

export const ROOT = root;
export const DIST = path.join(root, 'dist');
export const ARTIFACTS = path.join(root, 'tests/e2e/artifacts');

export async function launch() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--disable-dev-shm-usage'],
    viewport: { width: 1280, height: 800 },
  });
  const open = new Set();
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      open.add(page);
      page.on('close', () => open.delete(page));
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
      return page;
    },
    /** Closes the pages tests opened: a live page left open keeps its workers busy. */
    async closePages() { await Promise.all([...open].map((p) => p.close())); },
    async close() { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); },
  };
}
