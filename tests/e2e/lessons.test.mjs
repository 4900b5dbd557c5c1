// Lessons, links and embeds (deterministic driver; no COOP/COEP needed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, noErrors } from './helpers.mjs';

let browser, site, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-parent-'));
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
    <h1>Course page</h1>
    <iframe id="explorer" title="GMP Explorer" width="100%" height="300" style="border:0"
      src="${site.url}?lesson=gosched&embed=1" allow="cross-origin-isolated"></iframe>
    <script>
      window.msgs = [];
      addEventListener('message', (e) => {
        window.msgs.push({ origin: e.origin, data: e.data });
        if (e.data && e.data.type === 'resize') document.getElementById('explorer').height = e.data.height;
      });
    </script></body></html>`);
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

// The lessons, from their data: lessons/<id>/lesson.json, in their order.
const LESSONS_DIR = new URL('../../lessons/', import.meta.url);
const LESSONS = fs.readdirSync(LESSONS_DIR)
  .filter((d) => fs.existsSync(new URL(`${d}/lesson.json`, LESSONS_DIR)))
  .map((d) => ({ id: d, ...JSON.parse(fs.readFileSync(new URL(`${d}/lesson.json`, LESSONS_DIR), 'utf8')) }))
  .sort((a, b) => a.order - b.order);

// What real Go 1.27.3 prints for each variant of the Gosched lesson (lesson.json's
// `expect`, with the runs that agreed in `real_go`).
const GOSCHED = Object.fromEntries(
  LESSONS.find((l) => l.id === 'gosched').variants.map((v) => [v.id, v.expect]));

test('the Gosched lesson and its variants print what real Go prints', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=gosched`);
  // A lesson waits at its first step for Run.
  await page.waitForSelector('#stepno');
  assert.equal(await page.textContent('#stepno'), 'step 0');
  assert.equal(await page.textContent('#pause'), 'Run');
  assert.ok(await page.$('.lesson-nav select'), 'every lesson is one choice away');
  for (const [variant, want] of Object.entries(GOSCHED)) {
    await page.click(`.variant[data-variant="${variant}"]`);
    await page.waitForFunction((w) => document.querySelector('#actual')?.textContent === w, want, { timeout: 15_000 });
    assert.match(await page.textContent('#verdict'), /the same/);
  }
  await shot(page, 'lesson-gosched');
  noErrors(page, assert);
});

test('"show me" beside a "What to look at" item goes to the step where it happens, computed from the run', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=gosched`);
  await page.waitForSelector('#lesson[data-lesson="gosched"]');
  // By keyboard: focus the first item's button and press Enter.
  await page.focus('#look-at button.show-me[data-bookmark="0"]');
  await page.keyboard.press('Enter');
  // Right after both go statements: B in P0's runnext (newproc), A in the ring.
  await page.waitForFunction(() => /B \(G\d+\) goes into P0's runnext/.test(document.querySelector('#caption')?.textContent ?? ''), null, { timeout: 20_000 });
  const b = await page.$eval('.pcard[data-p="0"] .slot.next .g', (g) => g.textContent);
  assert.match(b, /\bB$/, 'B is in runnext');
  const step = await page.textContent('#stepno');
  // The stack lesson's shrink item switches to its GC variant and finds the shrink.
  await page.goto(`${site.url}?lesson=stack-growth`);
  await page.waitForSelector('#lesson[data-lesson="stack-growth"]');
  await page.click('#look-at button.show-me[data-bookmark="2"]');
  await page.waitForFunction(() => /shrinkstack/.test(document.querySelector('#caption')?.textContent ?? ''), null, { timeout: 20_000 });
  assert.equal(await page.$eval('button.variant[data-variant="gc"]', (e) => e.getAttribute('aria-checked')), 'true');
  assert.ok(step.length > 0);
  await shot(page, 'lesson-bookmark-shrink');
  noErrors(page, assert);
});

test('every lesson runs to its expected output', async () => {
  const page = await browser.newPage();
  const lessons = LESSONS.map((l) => l.id).filter((id) => id !== 'gosched');
  assert.ok(lessons.length >= 7, `lessons from lessons/*/lesson.json: ${lessons}`);
  for (const id of lessons) {
    await page.goto(`${site.url}?lesson=${id}&speed=1`);
    await page.waitForSelector(`#lesson[data-lesson="${id}"]`);
    await page.click('#pause'); // Run
    const expected = await page.$('#expected');
    if (expected) {
      await page.waitForSelector('#verdict.ok', { timeout: 60_000 });
    }
    // The record of real runs beside it, as lesson.json has it (the first variant).
    const real = LESSONS.find((l) => l.id === id).variants[0].real_go;
    assert.equal(await page.textContent('#real-go'),
      `Recorded on real Go 1.27.3 (linux/amd64): ${real.agreed} of ${real.runs} runs ${expected ? 'printed it' : 'were still running when they were stopped'}.`);
  }
  // Preemption: exit comes after about 10-20 ms of virtual time.
  await page.goto(`${site.url}?lesson=preemption&speed=1`);
  await page.click('#pause');
  await page.waitForSelector('#verdict.ok', { timeout: 30_000 });
  // The page says the program is over and that the machine shown is frozen.
  assert.match(await page.textContent('#exited'), /Program exited \(status 0\)\. When main returns/);
  assert.ok(await page.$('.machine.ended'));
  // With async preemption off, the run never ends and says so.
  await page.click('.variant[data-variant="off"]');
  await page.waitForSelector('#stopped', { timeout: 60_000 });
  assert.equal(await page.$('#verdict.ok'), null);
  // A fatal error says the runtime stopped the program (checkdead's message is below).
  await page.goto(`${site.url}?scenario=deadlock&driver=sim&speed=1`);
  await page.waitForSelector('#exited', { timeout: 30_000 });
  assert.match(await page.textContent('#exited'), /status 2\)\. The runtime stopped the program/);
  assert.match(await page.textContent('#stdout'), /all goroutines are asleep - deadlock!/);
  await shot(page, 'exited-deadlock');
  noErrors(page, assert);
});

test('the schedtrace lesson explains each field; the stack lesson lists every copy', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=schedtrace&speed=0.2`);
  await page.click('#pause');
  const field = await page.waitForSelector('#sched-explained .field[data-field="runqueue"]', { timeout: 20_000 });
  await field.focus();
  const help = await page.$eval('#sched-explained .field[data-field="runqueue"] .field-help', (e) => [getComputedStyle(e).display, e.textContent]);
  assert.equal(help[0], 'block', 'the explanation shows on focus');
  assert.match(help[1], /global run queue/);
  for (const f of ['gomaxprocs', 'idleprocs', 'threads', 'spinningthreads', 'needspinning', 'idlethreads', 'local', 'schedticks']) {
    assert.ok(await page.$(`#sched-explained .field[data-field="${f}"]`), f);
  }
  assert.match(await page.textContent('#sched-explained .field[data-field="local"] .field-help'), /runnext is not counted/);
  await page.goto(`${site.url}?lesson=stack-growth&variant=gc&speed=1`);
  await page.click('#pause');
  await page.waitForSelector('#verdict.ok', { timeout: 30_000 });
  const rows = await page.$$eval('#stack-copies tbody tr', (r) => r.map((x) => [...x.children].map((c) => c.textContent)));
  // runtime.main's init grows 2 KiB -> 4 KiB; then the recursion's ten copies, then GC.
  // The copies come in the prologue of recurse(d) for d = 21, 49, ... 14971 (the depths
  // real Go prints for this program, oracle/stack_growth): runtime.main, main.main and d
  // recurse frames are on the stack then.
  const depths = [21, 49, 107, 225, 459, 927, 1863, 3735, 7481, 14971];
  assert.deepEqual(rows.slice(1, 11).map((r) => r[1]), depths.map((d) => String(d + 2)));
  assert.equal(rows[1][2], '4096 → 8192 bytes');
  assert.match(rows.at(-1)[2], /4194304 → 2097152 bytes \(shrink\)/);
  noErrors(page, assert);
});

test('embedded in a non-isolated page on another origin: resize messages and a working run', async () => {
  const page = await browser.newPage();
  await page.goto(parent.url);
  const frame = await (await page.waitForSelector('#explorer')).contentFrame();
  await frame.click('#pause'); // Run
  await frame.waitForSelector('#verdict.ok', { timeout: 30_000 });
  await page.waitForFunction(() => window.msgs.some((m) => m.data?.type === 'resize' && m.data.height > 200), null, { timeout: 10_000 });
  const msg = await page.evaluate(() => window.msgs.find((m) => m.data?.type === 'resize'));
  assert.equal(msg.data.source, 'gmp-explorer');
  assert.equal(msg.data.version, 1);
  assert.equal(msg.origin, new URL(site.url).origin);
  assert.ok(Number(await page.getAttribute('#explorer', 'height')) > 300, 'the course page resized the frame');
  assert.equal(await frame.$eval('main', (m) => m.classList.contains('embed')), true);
  await shot(page, 'embed-parent');
  noErrors(page, assert);
});

test('a link with step=N shows the same machine as stepping N times by hand', async () => {
  const page = await browser.newPage();
  // (This short program may exit before a click on Pause lands, and then Pause is
  // disabled: open it paused at step 0 instead.)
  await page.goto(`${site.url}?scenario=cpu-bound&p.goroutines=6&p.work=5ms&procs=2&driver=sim&step=0`);
  await page.waitForSelector('#step');
  // Each Step runs to the scheduler's next event (quiet steps merge): 20 clicks
  // land on some step N, which the link then names.
  for (let i = 0; i < 20; i++) await page.click("#step");
  let N = -1;
  for (;;) {
    await page.waitForTimeout(150);
    const n = Number((await page.textContent('#stepno')).replace(/\D/g, ''));
    if (n === N) break;
    N = n;
  }
  assert.ok(N >= 20, `step ${N}`);
  const sig = () => page.evaluate(() => [
    document.querySelector('#clock').textContent,
    [...document.querySelectorAll('.pcard')].map((c) => c.querySelector('header').textContent
      + c.querySelector('.slots').textContent + c.querySelector('.ringinfo').dataset.ring).join('|'),
    document.querySelector('#global').textContent,
    [...document.querySelectorAll('#ms li')].map((l) => l.textContent).join('|'),
  ].join('\n'));
  await page.waitForTimeout(200);
  const byHand = await sig();
  const link = page.url();
  assert.match(link, new RegExp(`step=${N}`));
  const other = await browser.newPage();
  await other.goto(link);
  await other.waitForFunction((n) => document.querySelector('#stepno')?.textContent === `step ${n}`, N);
  await other.waitForTimeout(200);
  const sigOther = await other.evaluate(() => [
    document.querySelector('#clock').textContent,
    [...document.querySelectorAll('.pcard')].map((c) => c.querySelector('header').textContent
      + c.querySelector('.slots').textContent + c.querySelector('.ringinfo').dataset.ring).join('|'),
    document.querySelector('#global').textContent,
    [...document.querySelectorAll('#ms li')].map((l) => l.textContent).join('|'),
  ].join('\n'));
  assert.equal(sigOther, byHand);
  noErrors(page, assert);
  noErrors(other, assert);
});

test('bad URL parameters get a clear notice and sane defaults, never a blank page', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=nope&procs=0&seed=abc`);
  const n = await page.textContent('#notice');
  assert.match(n, /no lesson called "nope"/);
  assert.match(n, /procs=0/);
  assert.match(n, /seed=abc is not a whole number/);
  await page.waitForSelector('.pcard', { timeout: 10_000 }); // the machine is drawn
  assert.equal(await page.$$eval('.pcard', (c) => c.length), 4);
  await page.goto(`${site.url}?procs=100000`);
  assert.match(await page.textContent('#notice'), /procs=100000 is not a GOMAXPROCS the explorer can show \(1 to 16\)/);
  await page.waitForSelector('.pcard', { timeout: 10_000 });
  assert.equal(await page.$$eval('.pcard', (c) => c.length), 4);
  noErrors(page, assert);
});
