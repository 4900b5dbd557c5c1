// Seek in the page (not a test: figures for the notes). Run after a release build:
//   node tests/e2e/bench-seek.mjs
// A 10^6-step run (the playground at GOMAXPROCS 4 with 40 CPU-bound goroutines of 600 s
// of work, 8 blocking, 8 network; the page's settings), opened with step=1000000: the
// build runs the whole run with checkpoints (the deterministic driver in wasm, events/s).
// Then 100 seeks to random steps through the scrubber (an input event, as a drag sends):
// p50/p95 of the seek in the page (the core's seek and the view folded in: the
// scrubber's data-seek-ms) and of the time until the step is on screen. Then the native
// bench of the same run (crates/core/benches/seek.rs), for one report.
import { execFileSync } from 'node:child_process';
import { serve } from './server.mjs';
import { launch, DIST, ROOT } from './browser.mjs';

const N = 1_000_000;
const browser = await launch();
const srv = await serve(DIST, { isolated: false });
const pct = (v, p) => { const s = [...v].sort((a, b) => a - b); return s[Math.round((s.length - 1) * p)]; };
try {
  const page = await browser.newPage();
  await page.goto(`${srv.url}?driver=sim&procs=4&p.cpu=40&p.blocking=8&p.network=8&p.work=600s&step=${N}`);
  await page.waitForFunction((n) => document.querySelector('#stepno')?.textContent === `step ${n}`, N, { timeout: 600_000 });
  const build = Number(await page.getAttribute('#scrubber', 'data-build-ms'));
  const events = Number(await page.getAttribute('#scrubber', 'data-events'));
  console.log(`wasm: run to ${N} steps with checkpoints (${events} events): ${build.toFixed(0)} ms, ${(events / build / 1e3).toFixed(2)} M events/s, ${(N / build / 1e3).toFixed(2)} M steps/s`);
  let seed = 12345;
  const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const inPage = [], onScreen = [];
  for (let i = 0; i < 100; i++) {
    const n = Math.floor(rnd() * (N + 1));
    const t0 = Date.now();
    await page.$eval('#scrubber', (e, n) => { e.value = String(n); e.dispatchEvent(new InputEvent('input', { bubbles: true })); }, n);
    await page.waitForFunction((n) => document.querySelector('#stepno')?.textContent === `step ${n}`, n, { timeout: 30_000, polling: 'raf' });
    onScreen.push(Date.now() - t0);
    inPage.push(Number(await page.getAttribute('#scrubber', 'data-seek-ms')));
  }
  console.log(`wasm: seek to 100 random steps in the page: p50 ${pct(inPage, 0.5).toFixed(1)} ms, p95 ${pct(inPage, 0.95).toFixed(1)} ms, max ${pct(inPage, 1).toFixed(1)} ms (seek + view; target p95 <= 50 ms); until on screen (frames of 33 ms included): p50 ${pct(onScreen, 0.5)} ms, p95 ${pct(onScreen, 0.95)} ms`);
  if (page.errors.length) console.log('page errors:', page.errors);
} finally {
  await browser.close(); await srv.close();
}
if (process.env.NATIVE !== '0') {
  const out = execFileSync('cargo', ['bench', '--quiet', '-p', 'gmp-core', '--bench', 'seek', '--manifest-path', `${ROOT}/Cargo.toml`], {
    cwd: '/', env: { ...process.env, RUSTUP_TOOLCHAIN: 'nightly-2026-05-20', CARGO_TARGET_DIR: `${ROOT}/target/native` }, encoding: 'utf8',
  });
  for (const l of out.split('\n').filter((l) => l.trim())) console.log(`native: ${l}`);
}
