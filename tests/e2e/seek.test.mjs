// Time travel in a lesson: the scrubber under the per-P timeline, used with the mouse
// (click, drag) and the keyboard (Tab to it, arrows, PageUp/PageDown, Home/End). After
// scrubbing back and forth, the screen is the one a link with step=N opens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, noErrors, spawn } from './helpers.mjs';

let browser, site;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
});
after(async () => { await browser?.close(); await site?.close(); });

const stepNo = (page) => page.$eval('#stepno', (e) => Number(e.textContent.replace(/\D/g, '')));

/** Waits until the shown step is `n` and the scrubber stands there too. */
async function at(page, n) {
  try {
    // (The step count is written as the page's language groups digits: "step 20,580".)
    await page.waitForFunction((n) => document.querySelector('#stepno')?.textContent.replace(/\D/g, '') === String(n)
      && document.querySelector('#scrubber')?.value === String(n), n, { timeout: 15_000 });
  } catch (e) {
    const seen = await page.evaluate(() => [document.querySelector('#stepno')?.textContent,
      document.querySelector('#scrubber')?.value, document.activeElement?.id]);
    throw new Error(`expected step ${n}, the page shows ${JSON.stringify(seen)}`);
  }
  return n;
}

/** The scrubber's thumb position for a fraction of its track, in page coordinates. */
async function track(page, frac) {
  await page.$eval('#scrubber', (e) => e.scrollIntoView({ block: 'center' }));
  const b = await page.$eval('#scrubber', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  return { x: b.x + 8 + (b.w - 16) * frac, y: b.y + b.h / 2 };
}

/** Everything the machine view shows of a moment. */
const screen = (page) => page.evaluate(() => [
  document.querySelector('#stepno').textContent,
  document.querySelector('#clock').textContent,
  [...document.querySelectorAll('.pcard')].map((c) => c.querySelector('header').textContent
    + c.querySelector('.slots').textContent + c.querySelector('.ringinfo').dataset.ring).join('|'),
  document.querySelector('#global').textContent,
  [...document.querySelectorAll('#ms li')].map((l) => l.textContent).join('|'),
  document.querySelector('#feed').textContent,
  document.querySelector('#stdout').textContent,
  document.querySelector('#timeline').toDataURL(),
].join('\n'));

test('scrubbing back and forth in a lesson shows what step=N shows', async () => {
  const page = await browser.newPage();
  // The 500-goroutine lesson: a long run (tens of thousands of steps: each goroutine's
  // loop runs in the VM, one step per slice of its CPU time).
  await page.goto(`${site.url}?lesson=five-hundred&speed=1`);
  await page.waitForSelector('#lesson[data-lesson="five-hundred"]');
  await page.click('#pause'); // Run
  await page.waitForSelector('#stopped', { timeout: 60_000 }); // the program exits
  await page.waitForTimeout(300);
  const end = Number(await page.getAttribute('#scrubber', 'max'));
  assert.ok(end > 2000, `the run went on (${end} steps)`);
  assert.equal(await page.getAttribute('#scrubber', 'aria-label'), 'Step of the run');

  // Tab reaches the scrubber.
  await page.click('h1');
  let tabs = 0;
  while (tabs < 120 && await page.evaluate(() => document.activeElement?.id) !== 'scrubber') {
    await page.keyboard.press('Tab');
    tabs++;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'scrubber', 'Tab reaches the scrubber');

  // Mouse: a click on the track goes there.
  const p40 = await track(page, 0.4);
  await page.mouse.click(p40.x, p40.y);
  await page.waitForFunction((end) => document.querySelector('#stepno').textContent.replace(/\D/g, '') !== String(end), end);
  const a = await stepNo(page);
  assert.ok(Math.abs(a - end * 0.4) < end * 0.05, `a click at 40% lands near 40% (${a} of ${end})`);
  await at(page, a);
  // Read out as English groups digits ("step 20,580 of 51,454").
  const en = (n) => n.toLocaleString('en-US');
  assert.equal(await page.getAttribute('#scrubber', 'aria-valuetext'), `step ${en(a)} of ${en(end)}`);

  // Keyboard: arrows one step, PageDown/PageUp one interval, Home/End.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await at(page, a - 3);
  await page.keyboard.press('ArrowRight');
  await at(page, a - 2);
  const interval = Number(await page.getAttribute('#scrubber', 'data-interval'));
  assert.ok(interval > 0, 'the checkpoint interval is known');
  await page.keyboard.press('PageDown');
  const down = await at(page, Math.max(0, a - 2 - interval));
  await page.keyboard.press('PageUp');
  await at(page, Math.min(end, down + interval));
  await page.keyboard.press('Home');
  await at(page, 0);
  await page.keyboard.press('End');
  await at(page, end);

  // Mouse: drag from 75% back to 25%, then forward to 55%.
  const [p75, p25, p55] = [await track(page, 0.75), await track(page, 0.25), await track(page, 0.55)];
  await page.mouse.move(p75.x, p75.y);
  await page.mouse.down();
  await page.mouse.move(p25.x, p25.y, { steps: 12 });
  await page.mouse.move(p55.x, p55.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  const n = await stepNo(page);
  assert.ok(Math.abs(n - end * 0.55) < end * 0.05, `the drag ends near 55% (${n} of ${end})`);
  await at(page, n);
  await page.waitForTimeout(300);
  const scrubbed = await screen(page);
  assert.match(page.url(), new RegExp(`step=${n}(&|$)`), 'the URL keeps the position');
  await shot(page, 'seek-scrubbed');

  const other = await browser.newPage();
  await other.goto(page.url());
  await at(other, n);
  await other.waitForTimeout(300);
  assert.equal(await screen(other), scrubbed, 'the scrubbed screen is the step=N screen');
  noErrors(page, assert);
  noErrors(other, assert);
});

/** A small seeded generator, so each sequence of inputs is the same every run. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

/** The picker's GOMAXPROCS and the number of P cards drawn. */
const procsShown = (page) => page.evaluate(() => [document.querySelector('#procs').value,
  String(document.querySelectorAll('.pcard').length)]);

test('a link to a paused run with spawns, GOMAXPROCS changes and scrubbing reopens the machine shown', async () => {
  for (const seed of [7, 31]) {
    const r = rng(seed);
    const page = await browser.newPage();
    await page.goto(`${site.url}?driver=sim&speed=1`);
    await page.waitForSelector('#pause');
    await page.click('#pause'); // pause the running explorer
    await page.waitForSelector('#scrubber');
    // Inputs at steps the keyboard reaches: a few steps ('.'), then a spawn or a
    // GOMAXPROCS change from the controls.
    for (let k = 0; k < 4; k++) {
      await page.click('h1');
      const steps = 5 + r(25);
      for (let i = 0; i < steps; i++) await page.keyboard.press('.');
      await page.waitForTimeout(100);
      if (k % 2 === 0) {
        await spawn(page, 'cpu', 1 + r(12));
      } else {
        await page.selectOption('#procs', String(1 + r(4)));
      }
      await page.waitForTimeout(200);
    }
    await page.click('h1');
    for (let i = 0; i < 40; i++) await page.keyboard.press('.');
    await page.waitForTimeout(300);
    // Scrub back a little with the keyboard, past the last input or not.
    await page.focus('#scrubber');
    const back = 1 + r(60);
    for (let i = 0; i < back; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(500);
    const n = await stepNo(page);
    await at(page, n);
    await page.waitForTimeout(300);
    const [picked, cards] = await procsShown(page);
    assert.equal(picked, cards, `seed ${seed}: the picker shows the GOMAXPROCS drawn at step ${n}`);
    const shown = await screen(page);
    const url = page.url();
    assert.match(url, /in=/, 'the inputs are in the link');
    assert.doesNotMatch(url, /[?&]procs=/, `seed ${seed}: a change during the run is an input, not the start (${url})`);

    const other = await browser.newPage();
    await other.goto(url);
    await at(other, n);
    await other.waitForTimeout(300);
    assert.equal(await screen(other), shown, `seed ${seed}: ${url} reopens the machine shown`);
    assert.deepEqual(await procsShown(other), [picked, cards]);
    if (seed === 7) await shot(other, 'seek-link-inputs');
    noErrors(page, assert);
    noErrors(other, assert);
    await page.close();
    await other.close();
  }
});
