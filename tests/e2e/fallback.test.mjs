// The bundle without threads: where the page cannot share memory (not cross-origin
// isolated, as in most course sites' iframes, or a browser without shared
// WebAssembly.Memory), index.html loads the fallback bundle (scripts/fallback.sh) and the
// explorer runs the deterministic driver: lessons run and step, live mode says why it is
// off, the keys work. The threaded bundle is not even downloaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST, ROOT } from './browser.mjs';
import { shot, spawn, noErrors } from './helpers.mjs';

const json = (rel) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const UI = Object.fromEntries(['en', 'th', 'zh-Hant', 'vi'].map((l) => [l, json(`static/i18n/${l}.json`)]));
const GOSCHED = json('lessons/gosched/lesson.json');

// The two bundles' wasm files in dist/: Trunk's (threaded) and fallback.sh's; and the
// compiler module fallback.sh builds beside them (web/compiler), which either loads.
const WASM = fs.readdirSync(DIST).filter((f) => f.endsWith('_bg.wasm'));
const FALLBACK_WASM = WASM.find((f) => f.startsWith('gmp-web-fallback-'));
const COMPILER_WASM = WASM.find((f) => f.startsWith('gmp-compiler-'));
const THREADED_WASM = WASM.find((f) => f !== FALLBACK_WASM && f !== COMPILER_WASM);

let browser, site, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-fallback-parent-'));
  // A course page on another origin, not isolated, embedding a lesson in Thai as the
  // embed code writes it (allow="cross-origin-isolated" does nothing here).
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html lang="th"><head><link rel="icon" href="data:,"></head><body>
    <h1>บทเรียน</h1>
    <iframe id="explorer" title="GMP Explorer" width="100%" height="600" style="border:0"
      src="${site.url}?lesson=gosched&embed=1&lang=th" allow="cross-origin-isolated"></iframe>
    </body></html>`);
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

/** Records which wasm files a page fetches. */
function wasmFetched(page) {
  const seen = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) seen.push(path.basename(new URL(r.url()).pathname)); });
  return seen;
}

test('dist/ has both bundles, and index.html names both', () => {
  assert.ok(FALLBACK_WASM, `no fallback wasm in dist/: ${WASM}`);
  assert.ok(THREADED_WASM, `no threaded wasm in dist/: ${WASM}`);
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  assert.ok(html.includes(FALLBACK_WASM), 'index.html names the fallback wasm');
  assert.ok(html.includes(THREADED_WASM), 'index.html names the threaded wasm');
  assert.ok(COMPILER_WASM && html.includes(COMPILER_WASM), 'index.html names the compiler module');
  assert.doesNotMatch(html, /@(FALLBACK|COMPILER)_/, 'fallback.sh filled in the names');
  // The fallback has no shared memory: its wasm imports no memory (the threaded one
  // imports a shared one, which a page without isolation cannot give it).
  const imports = (f) => WebAssembly.Module.imports(new WebAssembly.Module(fs.readFileSync(path.join(DIST, f))));
  assert.equal(imports(FALLBACK_WASM).filter((i) => i.kind === 'memory').length, 0);
  assert.equal(imports(THREADED_WASM).filter((i) => i.kind === 'memory').length, 1);
});

test('not isolated: the fallback bundle alone loads, live mode is off and says why, keys work', async () => {
  const page = await browser.newPage();
  const fetched = wasmFetched(page);
  await page.goto(site.url);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  await page.waitForSelector('#driver-badge.sim', { timeout: 20_000 });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.bundle), 'fallback');
  assert.deepEqual([...new Set(fetched)], [FALLBACK_WASM], 'only the fallback wasm is downloaded');
  // The live option is there but off, and the note beside it says why.
  assert.equal(await page.$eval('#driver option[value="live"]', (o) => o.disabled), true);
  assert.equal(await page.textContent('#driver-note'), UI.en['controls.live_needs_isolation']);
  assert.equal(await page.getAttribute('#driver', 'aria-describedby'), 'driver-note');
  // A person tabs to the driver picker and tries the arrow keys: it stays deterministic.
  let focused = '';
  for (let i = 0; i < 30 && focused !== 'driver'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  assert.equal(focused, 'driver', 'the driver picker is reachable by Tab');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.inputValue('#driver'), 'sim');
  // Spawn with the keyboard ("c": 10 CPU-bound goroutines), pause with "p", step with ".".
  await page.click('h1'); // focus leaves the picker, as a person clicks the page
  await page.keyboard.press('c');
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 10, null, { timeout: 15_000 });
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#pause').getAttribute('aria-pressed') === 'true');
  const stepNo = async () => Number((await page.textContent('#stepno')).replace(/\D/g, ''));
  await page.waitForTimeout(200);
  const n = await stepNo();
  // (A step runs to the scheduler's next event: quiet steps merge, so it may count more than one.)
  await page.keyboard.press('.');
  await page.waitForFunction((n0) => Number(document.querySelector('#stepno').textContent.replace(/\D/g, '')) > n0, n, { timeout: 5_000 });
  const m = await stepNo();
  await page.keyboard.press(',');
  await page.waitForFunction((m0) => Number(document.querySelector('#stepno').textContent.replace(/\D/g, '')) < m0, m, { timeout: 5_000 });
  // Run again: the run goes on without threads, schedtrace prints.
  await page.keyboard.press('p');
  await page.waitForFunction(() => /runqueue=/.test(document.querySelector('#schedtrace').textContent), null, { timeout: 20_000 });
  await shot(page, 'fallback-explorer');
  noErrors(page, assert);
});

test('a course page on another origin, not isolated: the embedded lesson runs deterministically, in Thai', async () => {
  const outputs = [];
  for (let round = 0; round < 2; round++) {
    const page = await browser.newPage();
    await page.goto(parent.url);
    const frame = await (await page.waitForSelector('#explorer')).contentFrame();
    await frame.waitForSelector('#lesson', { timeout: 20_000 });
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.bundle), 'fallback');
    await frame.waitForFunction(() => document.documentElement.dataset.text === 'th', null, { timeout: 15_000 });
    assert.equal(await frame.textContent('#driver-note'), UI.th['controls.live_needs_isolation']);
    assert.equal(await frame.textContent('#status'), UI.th['status.not_isolated_embed'] + ' ' + UI.th['status.open_live']);
    // Step by hand first: Pause, then Step moves one scheduler step.
    if (round === 0) {
      await frame.click('#step');
      await frame.waitForFunction(() => /[1-9]/.test(document.querySelector('#stepno').textContent), null, { timeout: 5_000 });
    }
    await frame.click('#pause'); // Run
    await frame.waitForSelector('#verdict.ok', { timeout: 30_000 });
    outputs.push(await frame.textContent('#actual'));
    if (round === 1) await shot(page, 'fallback-embed-th');
    noErrors(page, assert);
    await page.close();
  }
  assert.equal(outputs[0], outputs[1], 'the same lesson prints the same, run after run');
  assert.equal(outputs[0], GOSCHED.variants[0].expect);
});
