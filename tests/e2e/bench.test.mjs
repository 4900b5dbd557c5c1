// A lesson's bench (issue 26.1): stepping through a lesson embedded in a course page,
// the step controls, the caption, the code scrolled to the running goroutine's line and
// every P card stay inside the course page's window, in an 860 px column and on a
// phone, in Thai and English; dialogs open next to what opened them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST, ARTIFACTS } from './browser.mjs';
import { noErrors } from './helpers.mjs';

let browser, site, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-bench-'));
  // The course page: one frame whose query is the course page's own, resized by the
  // explorer's messages as the embed snippet does.
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html><head>
    <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
    <body style="margin:0"><h1 style="margin:8px">Chapter 3</h1><p style="margin:8px">Some words before the frame.</p>
    <iframe title="GMP Explorer" width="100%" height="600" style="border:0;display:block"
      src="${site.url}" allow="cross-origin-isolated"></iframe>
    <p style="margin:8px;height:900px">Some words after it.</p>
    <script>
      const f = document.querySelector('iframe');
      f.src = f.src + location.search;
      addEventListener('message', (e) => {
        if (e.source === f.contentWindow && e.data && e.data.type === 'resize') f.height = e.data.height;
      });
    </script></body></html>`);
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

/** Where things are, in the course page's window: the frame's rectangle added to each
 *  element's getBoundingClientRect inside it. */
async function measure(page, frame) {
  const off = await page.$eval('iframe', (f) => { const r = f.getBoundingClientRect(); return { x: r.left, y: r.top }; });
  const win = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
  const m = await frame.evaluate(() => {
    const r = (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
    const code = document.querySelector('#bench .gosrc .code');
    const follow = code.querySelector('.ln.follow');
    const running = [...document.querySelectorAll('#bench .pcard .slot.run .g')];
    return {
      step: document.querySelector('#step') && r(document.querySelector('#step')),
      caption: r(document.querySelector('#caption')),
      cards: [...document.querySelectorAll('#bench .pcard')].map(r),
      code: r(code),
      sideways: code.scrollWidth - code.clientWidth,
      follow: follow && { ...r(follow), line: Number(follow.dataset.line),
        token: follow.querySelector('.gut .g')?.textContent },
      // The program's goroutines running now (runtime ones are on no line).
      running: running.filter((g) => !g.classList.contains('k-system')).map((g) => g.textContent),
      stepno: document.querySelector('#stepno')?.textContent,
    };
  });
  const shift = (b) => b && { ...b, top: b.top + off.y, bottom: b.bottom + off.y, left: b.left + off.x, right: b.right + off.x };
  return { ...m, win, step: shift(m.step), caption: shift(m.caption), cards: m.cards.map(shift), code: shift(m.code), follow: shift(m.follow) };
}

const inside = (b, win, what) => {
  assert.ok(b, `${what} is on the page`);
  assert.ok(b.top >= 0 && b.bottom <= win.h && b.left >= 0 && b.right <= win.w,
    `${what} is inside the window ${win.w}×${win.h}: ${JSON.stringify(b)}`);
};

/** Opens the course page with the lesson in its frame; the frame has its full height. */
async function course(w, h, lang) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${parent.url}?lesson=work-stealing&embed=1&lang=${lang}`);
  const frame = await (await page.$('iframe')).contentFrame();
  await frame.waitForSelector('#bench .pcard');
  await page.waitForFunction(() => Number(document.querySelector('iframe').height) !== 600);
  return { page, frame };
}

for (const [w, h] of [[860, 700], [390, 844]]) {
  for (const lang of ['th', 'en']) {
    test(`${lang}, ${w}×${h}: after each of 10 steps the Step button, the caption, the running goroutine's line and every P card are in view`, async () => {
      const { page, frame } = await course(w, h, lang);
      // Past the runtime's start-up, so that the program's goroutines run.
      await frame.click('#skip-startup');
      await frame.waitForSelector('#bench .ln.follow');
      // The learner scrolls the course page until the bench's top is at the window's top.
      const top = (await measure(page, frame)).step.top - 8;
      await page.evaluate((y) => window.scrollBy(0, y), top);
      await page.waitForTimeout(200);
      let seen = new Set();
      for (let i = 1; i <= 10; i++) {
        const before = (await measure(page, frame)).stepno;
        if (i === 1) await frame.click('#step'); else await page.keyboard.press('.');
        await frame.waitForFunction((b) => document.querySelector('#stepno')?.textContent !== b, before);
        await frame.waitForTimeout(50);
        const m = await measure(page, frame);
        if (i === 1 || i === 10) await page.screenshot({ path: path.join(ARTIFACTS, `bench-${lang}-${w}x${h}-step${i}.png`) });
        inside(m.step, m.win, `step ${i}: the Step button`);
        inside(m.caption, m.win, `step ${i}: the caption`);
        assert.ok(m.cards.length >= 2, 'the lesson runs on several Ps');
        m.cards.forEach((c, p) => inside(c, m.win, `step ${i}: P${p}'s card`));
        assert.equal(m.sideways, 0, `step ${i}: the code does not scroll sideways`);
        // (A goroutine that has not reached a line of main.go yet, or runs only
        // runtime code, has no line to follow.)
        if (m.follow) {
          // The line followed is a running goroutine's, and it is in the code box and in view.
          assert.ok(m.running.includes(m.follow.token), `step ${i}: line ${m.follow.line} shows a running goroutine (${m.follow.token} of ${m.running})`);
          inside(m.follow, m.win, `step ${i}: the running goroutine's line ${m.follow.line} (code box ${JSON.stringify(m.code)})`);
          assert.ok(m.follow.top >= m.code.top - 1 && m.follow.bottom <= m.code.bottom + 1, `step ${i}: line ${m.follow.line} is inside the code box`);
          seen.add(m.follow.line);
        }
      }
      assert.ok(seen.size >= 1, 'a running goroutine\'s line was followed');
      noErrors(page, assert);
      await page.close();
    });
  }
}

test('a goroutine\'s card and the key list open next to what opened them, inside the window, and give focus back', async () => {
  const { page, frame } = await course(860, 700, 'en');
  await frame.click('#skip-startup');
  await frame.waitForSelector('#bench .pcard .slot.run .g:not(.k-system)');
  const token = await frame.$('#bench .pcard .slot.run .g:not(.k-system)');
  const goid = await token.getAttribute('data-goid');
  await token.click();
  await frame.waitForSelector('#gdetail');
  const near = async (dialog) => {
    const t = await token.boundingBox(); // in the course page's window
    const d = await (await frame.$(dialog)).boundingBox();
    const win = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    inside({ top: d.y, bottom: d.y + d.height, left: d.x, right: d.x + d.width }, win, dialog);
    const gap = Math.min(Math.abs(d.y - (t.y + t.height)), Math.abs(t.y - (d.y + d.height)));
    assert.ok(gap < 16, `${dialog} is just under or over its opener (gap ${gap} px)`);
  };
  await near('#gdetail');
  assert.equal(await frame.evaluate(() => document.activeElement.id), 'gdetail-close', 'the card takes focus');
  await page.keyboard.press('Escape');
  await frame.waitForSelector('#gdetail', { state: 'detached' });
  assert.equal(await frame.evaluate(() => document.activeElement?.dataset.goid), goid, 'focus is back on the token');
  // `?` with focus on the token: the key list opens beside it.
  await page.keyboard.press('?');
  await frame.waitForSelector('#shortcuts');
  await near('#shortcuts');
  await page.screenshot({ path: path.join(ARTIFACTS, 'bench-en-860-keys.png') });
  await page.keyboard.press('Escape');
  await frame.waitForSelector('#shortcuts', { state: 'detached' });
  noErrors(page, assert);
  await page.close();
});
