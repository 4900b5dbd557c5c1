// Reading the machine as a learner does: a P's ring opened into labelled slots, the
// selected goroutine marked everywhere it is, a paused live run scrubbed back through
// the frames it recorded, and the stepping tools (skip start-up, next ..., play by
// steps). Keyboard and mouse as a person uses them; a screenshot of each.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, spawn, noErrors } from './helpers.mjs';

let browser, plain, isolated;
before(async () => {
  browser = await launch();
  plain = await serve(DIST, { isolated: false });
  isolated = await serve(DIST, { isolated: true });
});
after(async () => { await browser?.close(); await plain?.close(); await isolated?.close(); });
// A live page left open would keep its Ms computing while the next test runs.
afterEach(async () => { await browser?.closePages(); });

/** Presses Tab until `sel` has focus (at most `max` times); returns the presses. */
async function tabTo(page, sel, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel), sel)) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${sel}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
}

/** Steps the Gosched lesson with '.' until main has started A and B: B in runnext. */
async function stepUntilRing(page) {
  for (let i = 0; i < 150; i++) {
    if (/ B$/.test(await page.$eval('.pcard[data-p="0"] .slot.next', (s) => s.querySelector('.g')?.textContent ?? ''))) return;
    await page.keyboard.press('.');
    await page.waitForTimeout(40);
  }
  throw new Error('B never reached runnext');
}

test('a P card opens its ring as labelled slots, head to tail, with runnext beside it', async () => {
  const page = await browser.newPage();
  await page.goto(`${plain.url}?lesson=gosched`);
  await page.waitForSelector('#gosrc .ln');
  await page.click('h1');
  await stepUntilRing(page);
  // go worker("A"), go worker("B") on one P: B is in runnext, A was kicked to the ring.
  await page.waitForSelector('.pcard[data-p="0"] .slot.next .g');
  // A lesson's compact card lists its queue head first, as runqget takes it.
  const head = Number(await page.getAttribute('.pcard[data-p="0"] .ringinfo', 'data-head'));
  const ring0 = (await page.getAttribute('.pcard[data-p="0"] .ringinfo', 'data-ring')).split(' ');
  assert.deepEqual(await page.$$eval('.pcard[data-p="0"] .runq-row .g', (l) => l.map((g) => g.dataset.goid)), ring0);
  // Open it with the keyboard.
  const toggle = '#ring-toggle-0';
  assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
  await page.click('h1');
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.pcard[data-p="0"] .ring-slots');
  assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'true');
  const ring = (await page.getAttribute('.pcard[data-p="0"] .ringinfo', 'data-ring')).split(' ');
  const slots = await page.$$eval('.pcard[data-p="0"] .ring-slot', (ls) => ls.map((l) => ({
    goid: l.dataset.goid, pos: l.querySelector('.pos').textContent, name: l.querySelector('.g').textContent,
    ix: l.querySelector('.runq-ix').textContent, end: l.querySelector('.end')?.textContent ?? '' })));
  assert.deepEqual(slots.map((s) => s.goid), ring, 'the slots in the ring order, head first');
  assert.match(slots[0].name, /^A \(G\d+\)$/);
  assert.equal(slots[0].pos, '1');
  assert.equal(slots[0].ix, `runq[${head % 256}]`);
  assert.match(slots[0].end, /head/);
  assert.match(await page.textContent('.pcard[data-p="0"] .ring-next'), /runnext\s*B \(G\d+\)/);
  // Still open after more frames and steps.
  await page.keyboard.press('.');
  await page.waitForTimeout(400);
  assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'true');
  assert.ok(await page.$('.pcard[data-p="0"] .ring-open-view'));
  await shot(page, 'view-ring-open');

  // Many goroutines in each ring, on a phone's width: the slots wrap, nothing overflows.
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${plain.url}?driver=sim&procs=2`);
  await phone.waitForSelector('#spawn-n');
  await spawn(phone, 'cpu', 30);
  await phone.waitForFunction(() => Number(document.querySelector('.pcard[data-p="1"] .ringinfo')?.dataset.ringLen) > 5, null, { timeout: 20_000 });
  await phone.click('#pause');
  // The compact ring names the slot under the pointer: the head's G, as the open
  // ring's first slot does.
  const canvas = '.pcard[data-p="1"] canvas.ring';
  await phone.$eval(canvas, (c) => c.scrollIntoView({ block: 'center' }));
  const head1 = Number(await phone.getAttribute('.pcard[data-p="1"] .ringinfo', 'data-head'));
  const box = await phone.$eval(canvas, (c) => { const r = c.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  const slot = head1 % 256;
  await phone.mouse.move(box.x + ((slot % 32) * 8 + 4) * box.w / 256, box.y + (Math.floor(slot / 32) * 8 + 4) * box.h / 64);
  const named = '^(\\S+ \\(G\\d+\\)|G\\d+ \\(\\S+\\))$';
  await phone.waitForFunction(([c, re]) => new RegExp(re).test(document.querySelector(c)?.title), [canvas, named], { timeout: 5_000 });
  const hovered = await phone.getAttribute(canvas, 'title');
  await phone.mouse.move(box.x + box.w - 2, box.y + box.h - 2); // an empty slot
  await phone.waitForFunction(([c, re]) => !new RegExp(re).test(document.querySelector(c)?.title), [canvas, named]);
  await phone.click('#ring-toggle-1');
  await phone.waitForSelector('.pcard[data-p="1"] .ring-slot');
  const n = Number(await phone.getAttribute('.pcard[data-p="1"] .ringinfo', 'data-ring-len'));
  assert.equal(await phone.$$eval('.pcard[data-p="1"] .ring-slot', (l) => l.length), n);
  const fit = await phone.evaluate(() => {
    const v = document.querySelector('.pcard[data-p="1"] .ring-open-view').getBoundingClientRect();
    const names = [...document.querySelectorAll('.pcard[data-p="1"] .ring-slot .g')].map((g) => g.textContent);
    return { page: document.documentElement.scrollWidth, right: v.right, names };
  });
  assert.ok(fit.page <= 390 && fit.right <= 390, `fits 390 px: ${JSON.stringify(fit).slice(0, 200)}`);
  // Named as the captions name them: the program's name, else the start function.
  assert.ok(fit.names.every((x) => /^(\S+ \(G\d+\)|G\d+ \(main\.crunch\))$/.test(x)), fit.names.join(', '));
  assert.equal(fit.names[0], hovered, 'the open ring\'s first slot names its G as the hover did');
  await phone.locator('.pgrid').screenshot({ path: 'tests/e2e/artifacts/view-ring-390.png' });
  noErrors(page, assert);
  noErrors(phone, assert);
  await page.close();
  await phone.close();
});

test('a selected goroutine is marked in the queues, the M running it, the timeline and the source', async () => {
  const page = await browser.newPage();
  await page.goto(`${plain.url}?lesson=gosched`);
  await page.waitForSelector('#gosrc .ln');
  await page.click('h1');
  // Step until a worker has yielded: it waits in the global queue, and it has run.
  let caption = '';
  for (let i = 0; i < 150 && !/called runtime\.Gosched/.test(caption); i++) {
    await page.keyboard.press('.');
    await page.waitForTimeout(40);
    caption = (await page.textContent('#caption')) ?? '';
  }
  assert.match(caption, /^(A|B) \(G\d+\) called runtime\.Gosched/);
  const yielded = caption.match(/\(G(\d+)\)/)[1];
  // Click its token in the global queue.
  await page.click(`#global .g[data-goid="${yielded}"]`);
  await page.waitForSelector('#gdetail');
  assert.equal(await page.getAttribute(`#global .g[data-goid="${yielded}"]`, 'aria-current'), 'true');
  assert.equal(await page.$$eval('.g.selected', (g) => g.every((x) => x.dataset.goid === g[0].dataset.goid)), true);
  assert.equal(await page.getAttribute('#timeline', 'data-selected'), yielded);
  assert.ok(Number(await page.getAttribute('#timeline', 'data-selected-slices')) >= 1, 'its stretches on P0 are marked');
  // Its line in the source is marked, and its gutter token too.
  assert.equal(await page.$$eval('#gosrc .ln.sel', (l) => l.length), 1);
  assert.ok(await page.$(`#gosrc .ln.sel .gut .g.selected[data-goid="${yielded}"]`), 'the gutter token on the marked line');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#gdetail', { state: 'detached' });
  assert.equal(await page.$$eval('.g.selected', (g) => g.length), 0, 'Escape clears the selection');
  assert.equal(await page.getAttribute('#timeline', 'data-selected'), null);

  // The running G, picked from its line's token in the source: the M running it is marked.
  await page.click('h1');
  for (let i = 0; i < 40; i++) {
    const g = await page.getAttribute('.pcard[data-p="0"] .slot.run .g', 'data-goid', { timeout: 200 }).catch(() => null);
    if (g && await page.$(`#gosrc .gut .g[data-goid="${g}"]`)) break;
    await page.keyboard.press('.');
    await page.waitForTimeout(60);
  }
  const running = await page.getAttribute('.pcard[data-p="0"] .slot.run .g', 'data-goid');
  await page.click(`#gosrc .gut .g[data-goid="${running}"]`);
  await page.waitForSelector('#gdetail');
  assert.ok(await page.$(`.pcard[data-p="0"] .slot.run .g.selected[data-goid="${running}"]`));
  const m = await page.$eval('#ms li.selected', (l) => l.textContent);
  assert.match(m, new RegExp(`G${running}\\b`));
  // In an open ring too.
  await page.click('#ring-toggle-0');
  const queued = await page.$eval('.pcard[data-p="0"] .ring-slot .g', (g) => g.dataset.goid).catch(() => null);
  if (queued) {
    await page.click(`.pcard[data-p="0"] .ring-slot .g[data-goid="${queued}"]`);
    assert.equal(await page.getAttribute(`.pcard[data-p="0"] .ring-slot .g[data-goid="${queued}"]`, 'aria-current'), 'true');
  }
  // A line number lists the goroutines on it; their tokens are selectable there. (The
  // card opens under the token that opened it; Escape puts it away first.)
  await page.keyboard.press('Escape');
  await page.waitForSelector('#gdetail', { state: 'detached' });
  await page.click('#gosrc .ln.has-g .lno');
  const listed = await page.$$eval('#src-line-gs .g', (g) => g.map((x) => x.dataset.goid));
  assert.ok(listed.length >= 1, 'the line lists its goroutines');
  await page.click(`#src-line-gs .g[data-goid="${listed[0]}"]`);
  assert.equal(await page.getAttribute(`#src-line-gs .g[data-goid="${listed[0]}"]`, 'aria-current'), 'true');
  assert.match(await page.textContent('#gdetail-h'), new RegExp(`G${listed[0]}\\b`));
  // Its events in the feed are marked too.
  assert.ok(await page.$$eval('#feed li.selected .ev', (l) => l.length) >= 1);
  assert.equal(await page.$$eval('#feed li.selected .ev', (l) => l.every((b) => b.dataset.goid === l[0].dataset.goid)), true);
  await shot(page, 'view-selected');
  noErrors(page, assert);
  await page.close();
});

test('a paused live run is scrubbed through its recorded frames, and Run returns to the present', async () => {
  const page = await browser.newPage();
  // Goroutines computing for 5 s from their start keep the four Ps busy while a slow page looks.
  await page.goto(`${isolated.url}?p.work=5s`);
  await page.waitForSelector('#status[data-state="live-ready"]', { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('#driver-badge.live');
  await page.selectOption('#speed', '0.2');
  assert.equal(await page.$('#scrubber'), null, 'a playing live run has no scrubber');
  await spawn(page, 'cpu', 40);
  await page.waitForFunction(() => [...document.querySelectorAll('.pcard')].every((c) => c.dataset.status === 'running'), null, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  await page.click('h1');
  await page.keyboard.press('p');
  await page.waitForSelector('#scrubber[data-recorded]');
  await page.waitForTimeout(200);
  const kept = Number(await page.getAttribute('#scrubber', 'data-recorded'));
  assert.ok(kept >= 20, `frames kept: ${kept}`);
  assert.equal(await page.$('#recording-note'), null, 'paused at the present: no recording shown yet');
  assert.match(await page.textContent('#rec-help'), /go back through the \d+ frames recorded/);
  const present = await page.textContent('#clock');
  const ms = (t) => Number(t.replace(/[^\d.]/g, ''));

  // Keyboard: Tab to the scrubber, Home, arrows, End.
  await page.click('h1');
  await tabTo(page, '#scrubber');
  await page.keyboard.press('Home');
  await page.waitForSelector('#recording-note');
  assert.equal(await page.$eval('#scrubber', (e) => e.value), '0');
  // While a recorded frame is shown nothing more is recorded (paused at the present,
  // a frame with events still is): the frames kept stand still.
  const last = Number(await page.getAttribute('#scrubber', 'max'));
  assert.ok(last + 1 >= kept);
  await page.waitForTimeout(300);
  assert.equal(Number(await page.getAttribute('#scrubber', 'max')), last);
  assert.match(await page.textContent('#recording-note'), /^Recording: frame 1 of \d+ kept, at [\d.,]+ ms\. This is what the page saw of the live run then/);
  assert.ok(await page.$('.machine.recorded'));
  const first = await page.textContent('#clock');
  assert.ok(ms(first) < ms(present), `the clock shows the recorded moment (${first} before ${present})`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#scrubber').value === '3'
    && document.querySelector('#recording-note')?.dataset.at === '3');
  assert.match(await page.getAttribute('#scrubber', 'aria-valuetext'), /^recorded frame 4 of \d+, at [\d.,]+ ms$/);
  // The whole view is the recorded moment: a frame's clock, queues and feed.
  const third = await page.textContent('#clock');
  assert.ok(ms(third) >= ms(first) && ms(third) < ms(present));
  // Mouse: a click at the middle of the track.
  await page.$eval('#scrubber', (e) => e.scrollIntoView({ block: 'center' }));
  const b = await page.$eval('#scrubber', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  await page.mouse.click(b.x + b.w / 2, b.y + b.h / 2);
  await page.waitForFunction((l) => Math.abs(Number(document.querySelector('#recording-note')?.dataset.at) - l / 2) < l * 0.1, last);
  const feedMid = await page.textContent('#feed');
  const figures = await page.$eval('#scrubber', (e) => ({ frames: Number(e.dataset.recorded), bytes: Number(e.dataset.recBytes), seekMs: Number(e.dataset.seekMs) }));
  console.log(`recorded: ${figures.frames} frames, ${figures.bytes} bytes (${Math.round(figures.bytes / figures.frames)} a frame), showing one took ${figures.seekMs} ms`);
  await shot(page, 'view-live-recording');
  await page.keyboard.press('End');
  await page.waitForFunction((l) => document.querySelector('#recording-note')?.dataset.at === String(l), last);
  assert.notEqual(await page.textContent('#feed'), feedMid, 'another moment, another feed');
  // Stepping a recording is refused with the reason.
  await page.click('h1');
  await page.keyboard.press('.');
  await page.waitForFunction(() => /deterministic driver/.test(document.querySelector('#notice')?.textContent ?? ''));
  // Run: back to the live present, which moves on.
  await page.keyboard.press('p');
  await page.waitForSelector('#recording-note', { state: 'detached' });
  assert.equal(await page.$('#scrubber'), null);
  await page.waitForFunction((t) => Number(document.querySelector('#clock').textContent.replace(/[^\d.]/g, '')) > t, ms(present), { timeout: 10_000 });
  noErrors(page, assert);
  await page.close();
});

test('stepping tools: skip start-up, next Gosched, a search that cannot succeed, play by steps', async () => {
  const page = await browser.newPage();
  await page.goto(`${plain.url}?lesson=gosched`);
  await page.waitForSelector('#skip-startup');
  await page.click('#skip-startup');
  await page.waitForFunction(() => /^Skipped the runtime's start-up \(\d+ scheduler steps/.test(document.querySelector('#caption')?.textContent ?? ''));
  const caption = await page.textContent('#caption');
  const line = caption.match(/is at line (\d+) of main\.go/)[1];
  assert.match(await page.$eval(`#gosrc .ln[data-line="${line}"] .gut`, (g) => g.textContent), /G1/, 'main is at that line in the source');
  assert.match(await page.$eval(`#gosrc .ln[data-line="${line}"] .txt`, (t) => t.textContent), /runtime\.GOMAXPROCS\(procs\)/);
  assert.equal(await page.$('#skip-startup'), null, 'start-up is behind us');
  // Next Gosched, from the keyboard.
  await tabTo(page, 'button.next[data-target="gosched"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /called runtime\.Gosched: it stays runnable/.test(document.querySelector('#caption').textContent));
  // Play by steps: 5 Steps a second, set with the arrow keys, then Run.
  await tabTo(page, '#step-rate');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#step-rate-value').textContent.includes('5'));
  const before = Number((await page.textContent('#stepno')).replace(/\D/g, ''));
  const c0 = await page.textContent('#caption');
  await page.click('#pause');
  await page.waitForTimeout(1200);
  await page.click('#pause');
  const after = Number((await page.textContent('#stepno')).replace(/\D/g, ''));
  assert.ok(after > before, `play by steps moved the run (${before} -> ${after})`);
  assert.notEqual(await page.textContent('#caption'), c0, 'each played Step has its caption');
  await shot(page, 'view-step-tools');
  // One P: no steal can happen; the search says so and stops (here: at the run's end).
  const at = Number((await page.textContent('#stepno')).replace(/\D/g, ''));
  await page.click('button.next[data-target="steal"]');
  await page.waitForFunction(() => /^Not found/.test(document.querySelector('#caption').textContent));
  // It leaves the run where it was (it had run to the program's end), and says so.
  assert.equal(Number((await page.textContent('#stepno')).replace(/\D/g, '')), at);
  assert.match(await page.textContent('#caption'), /stays where it was/);
  assert.equal(await page.isDisabled('#step'), false, 'the learner can go on stepping');
  noErrors(page, assert);
  await page.close();
});
