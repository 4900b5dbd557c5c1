// The explorer UI in headless Chromium (issue: watch the scheduler live and poke it).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, spawn, feed, noErrors } from './helpers.mjs';

let browser, isolated, plain;
before(async () => {
  browser = await launch();
  isolated = await serve(DIST, { isolated: true });
  plain = await serve(DIST, { isolated: false });
});
after(async () => { await browser?.close(); await isolated?.close(); await plain?.close(); });
// A live page left open would keep its Ms computing while the next test runs.
afterEach(async () => { await browser?.closePages(); });

async function liveAt(speed, query = '') {
  const page = await browser.newPage();
  await page.goto(`${isolated.url}${query}`);
  await page.waitForSelector('#status[data-state="live-ready"]', { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('#driver-badge.live');
  await page.selectOption('#speed', speed);
  return page;
}

test('live: 40 CPU-bound Gs on 4 Ps run everywhere, steal, get preempted; GOMAXPROCS 4 -> 2', async () => {
  // CPU-bound goroutines that compute for 2 s from their start (live runs take wall
  // time, here slowed to 0.2): the Ps stay busy while a slow page looks at them.
  const page = await liveAt('0.2', '?p.work=2s');
  assert.equal(await page.$$eval('.pcard', (c) => c.length), 4);
  await spawn(page, 'cpu', 40);
  // A steal arrow is drawn from victim to thief with the count.
  const arrow = await page.waitForSelector('.steal-arrow', { timeout: 20_000 });
  assert.ok(Number(await arrow.getAttribute('data-n')) >= 1);
  // All four Ps run a goroutine.
  await page.waitForFunction(() => [...document.querySelectorAll('.pcard')]
    .every((c) => c.dataset.status === 'running' && c.querySelector('.slot.run .g')), null, { timeout: 20_000 });
  // A preemption is drawn (sysmon after ~10-20 ms of one time slice).
  await page.waitForSelector('.pcard.flash-preempt, .g.just-preempted', { timeout: 20_000 });
  // The schedtrace console shows Gs in the global queue at some point.
  await page.waitForFunction(() => /runqueue=[1-9]/.test(document.querySelector('#schedtrace').textContent), null, { timeout: 20_000 });
  await shot(page, 'explorer-live-40');
  await page.selectOption('#procs', '2');
  await page.waitForFunction(() => document.querySelectorAll('.pcard').length === 2, null, { timeout: 30_000 });
  const f = await feed(page);
  assert.match(f, /ProcsChange GOMAXPROCS=2/);
  assert.match(f, /P2 destroyed; goroutines moved to the head of the global queue: \d+/);
  assert.match(f, /P3 destroyed; goroutines moved to the head of the global queue: \d+/);
  await shot(page, 'explorer-live-procs2');
  noErrors(page, assert);
});

test('live: a blocking syscall hands its P off and the thread count grows', async () => {
  const page = await liveAt('0.2', '?p.work=2s');
  await spawn(page, 'cpu', 40);
  await page.waitForFunction(() => [...document.querySelectorAll('.pcard')]
    .every((c) => c.dataset.status === 'running'), null, { timeout: 20_000 });
  const before = Number(await page.getAttribute('#threads', 'data-threads'));
  await spawn(page, 'blocking', 6);
  await page.waitForFunction((b) => Number(document.querySelector('#threads').dataset.threads) > b, before, { timeout: 20_000 });
  await page.waitForFunction(() => /ProcSteal P\d from M\d+/.test(document.querySelector('#feed').textContent)
    || document.querySelector('.pcard.flash-handoff'), null, { timeout: 20_000 });
  await shot(page, 'explorer-live-syscall');
  noErrors(page, assert);
});

test('live: a network read parks the G on the netpoller and the M keeps running others', async () => {
  // The readers' data arrives 10 s after they ask, so they stay parked on the
  // netpoller long enough for a slow page to draw them there.
  const page = await liveAt('0.2', '?p.work=2s&p.latency=10s');
  await spawn(page, 'cpu', 8);
  await page.waitForFunction(() => [...document.querySelectorAll('.pcard')]
    .every((c) => c.dataset.status === 'running'), null, { timeout: 20_000 });
  await page.waitForTimeout(300);
  const before = Number(await page.getAttribute('#threads', 'data-threads'));
  await spawn(page, 'network', 3);
  // On real threads: main's accept loop takes the request once a P runs it (it
  // queues behind the CPU-bound goroutines), so on a loaded machine this takes a while.
  // main itself waits in Accept on the netpoller; the readers the accept loop starts for
  // the request join it, drawn in the Network button's colour: gmp_go::kinds reads
  // handleConn's code (a network read).
  await page.waitForSelector('#netpoll .g.k-network', { timeout: 40_000 });
  // Waiting on the network needs no thread: no M is in a syscall, none was added.
  assert.equal(await page.$$eval('#ms li[data-state^="syscall"]', (l) => l.length), 0);
  assert.ok(Number(await page.getAttribute('#threads', 'data-threads')) <= before + 1);
  await shot(page, 'explorer-live-netpoll');
  noErrors(page, assert);
});

test('without COOP/COEP: the notice shows and the deterministic driver runs', async () => {
  const page = await browser.newPage();
  // Each crunch computes for 2 s from its start, so the 12 on 4 Ps stay queued through
  // many of the console's 100 ms schedtrace lines (with the default 50 ms they were all
  // done within 150 ms of virtual time: one or two lines, whose queues could be empty).
  await page.goto(`${plain.url}?p.work=2s`);
  await page.waitForSelector('#status[data-state="not-isolated"]');
  await spawn(page, 'cpu', 12);
  // Eight of the twelve wait, in the global queue (runqueue=N, where sysmon's preemption
  // puts them: proc.go: gopreempt_m) or in a P's ring (the bracketed counts).
  const queued = /runqueue=([1-9]|\d+ \[[^\]]*[1-9])/;
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#schedtrace').textContent), queued.source, { timeout: 20_000 });
  // The accept loop's crunch goroutines compute: drawn in the CPU button's colour.
  assert.ok(await page.$('.pcard .g.k-cpu, #global .g.k-cpu'), 'a CPU-bound goroutine is on a P or queued');
  const t = await page.textContent('#clock');
  await page.waitForFunction((t0) => document.querySelector('#clock').textContent !== t0, t, { timeout: 10_000 });
  noErrors(page, assert);
});

test('keyboard only: spawn, pause, step', async () => {
  const page = await browser.newPage();
  await page.goto(plain.url);
  await page.waitForSelector('#status[data-state="not-isolated"]');
  // Tab to the CPU-bound spawn button and press Enter.
  let focused = '';
  for (let i = 0; i < 12 && focused !== 'spawn-cpu'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  assert.equal(focused, 'spawn-cpu', 'the spawn button is reachable by Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'focus is visible');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.pcard .slot.run .g, #global .g').length > 1, null, { timeout: 10_000 });
  // Pause with "p": the clock stops.
  await page.keyboard.press('p');
  // The button shows it at once; the frame that was already running when the key came
  // may still draw its clock, so the clock is read once that frame is on the page.
  await page.waitForFunction(() => document.querySelector('#pause').getAttribute('aria-pressed') === 'true', null, { timeout: 5_000 });
  await page.waitForTimeout(200);
  const t1 = await page.textContent('#clock');
  await page.waitForTimeout(300);
  assert.equal(await page.textContent('#clock'), t1, 'paused');
  // Step one scheduler event with ".".
  await page.keyboard.press('.');
  await page.waitForFunction((t0) => document.querySelector('#clock').textContent !== t0
    || document.querySelector('#feed li'), t1, { timeout: 5_000 });
  const feedBefore = await page.$$eval('#feed li', (l) => l.length);
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await page.waitForTimeout(200);
  assert.ok(await page.$$eval('#feed li', (l) => l.length) >= Math.min(feedBefore + 1, 40));
  await shot(page, 'explorer-keyboard');
  noErrors(page, assert);
});
