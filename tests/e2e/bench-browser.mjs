// Browser measurements (not a test: figures for the notes). Run after a release build:
//   node tests/e2e/bench-browser.mjs
// Prints: the page's transfer (brotli and gzip) per bundle, time to interactive, CPU-bound speedup GOMAXPROCS 1 -> 2
// in live mode, and frame times with 16 Ps and 10,000 goroutines live.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';

const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length;
// What static hosts serve: brotli at its best quality.
const br = (f) => zlib.brotliCompressSync(fs.readFileSync(path.join(DIST, f)), {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
}).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const f of fs.readdirSync(DIST).filter((f) => /\.(wasm|js|css)$/.test(f))) {
  console.log(`${f}: ${kb(br(f))} brotli, ${kb(gz(f))} gzip (raw ${kb(fs.statSync(path.join(DIST, f)).size)})`);
}

const browser = await launch();
const srv = await serve(DIST, { isolated: true });
const plainSrv = await serve(DIST, { isolated: false });
try {
  // Page transfer: every file a first visit fetches until the machine is drawn, as
  // gzip -9 would send it. Cross-origin isolated pages load the threaded bundle, the
  // others (most course iframes) the fallback bundle; each loads only its own.
  for (const [what, s] of [['isolated (threaded bundle)', srv], ['not isolated (fallback bundle)', plainSrv]]) {
    const page = await browser.newPage();
    const got = new Set();
    page.on('response', (r) => { const u = new URL(r.url()); if (u.origin === new URL(s.url).origin) got.add(decodeURIComponent(u.pathname.slice(1)) || 'index.html'); });
    await page.goto(s.url);
    await page.waitForSelector('.pcard');
    await page.waitForLoadState('networkidle');
    let raw = 0, zipped = 0, brotli = 0;
    for (const f of got) {
      const file = path.join(DIST, f);
      if (!fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
      raw += fs.statSync(file).size; zipped += gz(f); brotli += br(f);
    }
    console.log(`page transfer, ${what}: ${got.size} files, ${kb(brotli)} brotli, ${kb(zipped)} gzip (raw ${kb(raw)})`);
    await page.close();
  }
} finally { await plainSrv.close(); }

try {
  // Time to interactive: navigation start to the first P card and an enabled control.
  const tti = [];
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage();
    const t0 = Date.now();
    await page.goto(`${srv.url}?driver=sim`);
    await page.waitForSelector('.pcard');
    await page.waitForSelector('#spawn-cpu:enabled');
    tti.push(Date.now() - t0);
    await page.close();
  }
  tti.sort((a, b) => a - b);
  console.log(`time to interactive (localhost, 5 loads): median ${tti[2]} ms, max ${tti[4]} ms`);

  // CPU-bound speedup in live mode.
  const run = async (procs) => {
    const page = await browser.newPage();
    await page.goto(`${srv.url}?scenario=cpu-bound&p.goroutines=8&p.work=250ms&procs=${procs}&driver=live&speed=1`);
    await page.waitForSelector('#driver-badge.live', { timeout: 30_000 });
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => /done/.test(document.querySelector('#stdout').textContent), null, { timeout: 60_000 });
    const virt = await page.evaluate(() => parseFloat(document.querySelector('#clock').textContent.replace(/[^\d.]/g, '')));
    const t1 = await page.evaluate(() => performance.now());
    await page.close();
    return { wall: t1 - t0, virt };
  };
  const one = await run(1); const two = await run(2);
  console.log(`live CPU-bound 8 x 250ms: GOMAXPROCS=1 ${one.virt.toFixed(0)} ms, GOMAXPROCS=2 ${two.virt.toFixed(0)} ms of program time; speedup ${(one.virt / two.virt).toFixed(2)}x`);

  // Frame times: 16 Ps, 10,000 goroutines, live.
  const page = await browser.newPage();
  await page.goto(`${srv.url}?procs=16&speed=0.05&driver=live`);
  await page.waitForSelector('#driver-badge.live', { timeout: 30_000 });
  await page.fill('#spawn-n', '10000');
  await page.dispatchEvent('#spawn-n', 'change');
  await page.click('#spawn-cpu');
  await page.waitForFunction(() => document.querySelectorAll('.pcard').length === 16);
  await page.waitForTimeout(1500);
  const frames = await page.evaluate(() => new Promise((resolve) => {
    const ts = []; let last = performance.now();
    const tick = (t) => { ts.push(t - last); last = t; if (ts.length < 300) requestAnimationFrame(tick); else resolve(ts); };
    requestAnimationFrame(tick);
  }));
  frames.sort((a, b) => a - b);
  const p = (q) => frames[Math.floor(q * (frames.length - 1))].toFixed(1);
  const gs = await page.evaluate(() => document.querySelector('#global').dataset.len);
  console.log(`frames with 16 Ps and 10000 goroutines live (global queue ${gs}): median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`);
} finally {
  await browser.close(); await srv.close();
}
