// What three new users tripped over (issue #12): a learner in an embedded course page,
// a Go engineer running the page locally, a course author pasting the embed code.
// Each test does what the person did: typing, tabbing, pressing keys.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, spawn, typeInto, alive, noErrors } from './helpers.mjs';

let browser, site, isolated, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  isolated = await serve(DIST, { isolated: true });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-course-'));
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
// A live page left open would keep its Ms computing while the next test runs.
afterEach(async () => { await browser?.closePages(); });
  await browser?.close(); await site?.close(); await isolated?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

const frames = () => new Promise((r) => setTimeout(r, 400)); // a dozen frames

test('1. N and seed keep what was typed; "spawn 40" spawns 40', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim&speed=1`);
  await page.waitForSelector('.pcard');
  await typeInto(page, '#spawn-n', '40');
  await frames();
  assert.equal(await page.inputValue('#spawn-n'), '40', 'the box keeps what was typed');
  // Tab from N to the CPU-bound button and press Enter.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'spawn-cpu');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 40, null, { timeout: 15_000 });
  await typeInto(page, '#seed', '7');
  await frames();
  assert.equal(await page.inputValue('#seed'), '7');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('seed=7'));
  await typeInto(page, '#seed', 'x9');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#notice'), /seed "x9" is not a whole number; keeping 7/);
  assert.equal(await page.inputValue('#seed'), '7');
  noErrors(page, assert);
});

test('5. shortcuts work without focusing a control; ? lists them; the G card takes focus and Escape closes it', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim&p.cpu=8`);
  await page.waitForSelector('.pcard .slot.run .g', { timeout: 15_000 });
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#pause').getAttribute('aria-pressed') === 'true', null, { timeout: 5_000 });
  const t = await page.textContent('#stepno');
  await page.keyboard.press('.');
  await page.waitForFunction((t0) => document.querySelector('#stepno').textContent !== t0, t);
  await page.keyboard.press('?');
  await page.waitForSelector('#shortcuts');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'shortcuts-close');
  assert.match(await page.textContent('#shortcuts'), /run or pause/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#shortcuts', { state: 'detached' });
  await page.click('.pcard .slot.run .g');
  await page.waitForSelector('#gdetail');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'gdetail-close', 'the card takes focus');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#gdetail', { state: 'detached' });
  noErrors(page, assert);
});

test('6. after exit Run and Step are off and say why; a waiting request says where main is', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=gosched&speed=1`);
  await page.waitForSelector('#pause');
  await page.keyboard.press('p');
  await page.waitForSelector('#exited', { timeout: 20_000 });
  assert.equal(await page.isDisabled('#pause'), true);
  assert.equal(await page.isDisabled('#step'), true);
  assert.match(await page.textContent('#stopped'), /exited/);
  await page.keyboard.press('p');
  assert.match(await page.textContent('#notice'), /has exited.*Reset/);
  assert.equal(await page.$$eval('.steal-arrow, .pcard .flash', (l) => l.length), 0, 'nothing stale is drawn');
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === 'step 0');
  assert.equal(await page.isDisabled('#pause'), false);
  // A request made while the run is paused waits for main's accept loop, and says so.
  await page.goto(`${site.url}?driver=sim`);
  await page.waitForSelector('.pcard');
  await page.keyboard.press('p');
  await spawn(page, 'cpu', 5);
  const pending = await page.waitForSelector('#pending');
  assert.match(await pending.textContent(), /Goroutines requested: 5, waiting for main's accept loop.*: main is/);
  await page.keyboard.press('p');
  await page.waitForSelector('#pending', { state: 'detached', timeout: 10_000 });
  noErrors(page, assert);
});

test('6. switching live -> deterministic says so and carries the spawns over', async () => {
  const page = await browser.newPage();
  // Goroutines computing for 10 s from their start: all 12 are alive when a slow page counts them.
  await page.goto(`${isolated.url}?p.work=10s`);
  await page.waitForSelector('#status[data-state="live-ready"]', { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('#driver-badge.live');
  await spawn(page, 'cpu', 12);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 12, null, { timeout: 20_000 });
  assert.match(await page.getAttribute('#run-link', 'title'), /cannot be replayed/);
  await page.selectOption('#driver', 'sim');
  await page.waitForSelector('#driver-badge.sim');
  assert.match(await page.textContent('#notice'), /starts the program again from the beginning; your requests \(goroutines: 12\) are sent again/);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 12, null, { timeout: 20_000 });
  noErrors(page, assert);
});

test('7. a bad scenario parameter gets its default; the rest of the URL stays', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?scenario=cpu-bound&p.goroutines=abc&p.work=5ms&procs=2&driver=sim`);
  assert.match(await page.textContent('#notice'), /goroutines=abc: expected a whole number from 1 to 100,000; using the default/);
  await page.waitForFunction(() => document.querySelectorAll('.pcard').length === 2);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.user) > 0, null, { timeout: 10_000 });
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('scenario'), 'cpu-bound');
  assert.equal(q.get('p.work'), '5ms');
  assert.equal(q.get('procs'), '2');
  assert.equal(q.get('p.goroutines'), null);
  noErrors(page, assert);
});

test('4. the link of an interactive run opens the same machine, spawns included', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim&speed=1`);
  await page.waitForSelector('.pcard');
  await spawn(page, 'cpu', 40);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 40, null, { timeout: 15_000 });
  await page.keyboard.press('p');
  // The pause takes effect on a coming frame: wait until the step stops moving.
  let prev = null;
  for (let i = 0; i < 50; i++) {
    await frames();
    const now = await page.textContent('#stepno');
    if (now === prev) break;
    prev = now;
  }
  const sig = (p) => p.evaluate(() => [document.querySelector('#stepno').textContent,
    [...document.querySelectorAll('.pcard')].map((c) => c.querySelector('.slots').textContent + c.querySelector('.ringinfo').dataset.ring).join('|'),
    document.querySelector('#global').textContent].join('\n'));
  const mine = await sig(page);
  const link = await page.getAttribute('#run-link', 'href');
  assert.match(link, /in=\d+c40/);
  assert.equal(new URL(link, site.url).search, new URL(page.url()).search, 'the address bar is the link');
  const other = await browser.newPage();
  await other.goto(new URL(link, site.url).href);
  await other.waitForFunction((s) => document.querySelector('#stepno')?.textContent === s, mine.split('\n')[0], { timeout: 15_000 });
  await frames();
  assert.equal(await sig(other), mine);
  noErrors(page, assert);
  noErrors(other, assert);
});

test('2. runtime goroutines are not labelled as the example\'s A', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=gosched`);
  await page.waitForSelector('#stepno');
  const seen = new Map();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('.');
    for (const [text, title] of await page.$$eval('.g', (l) => l.map((g) => [g.textContent, g.title]))) seen.set(text, title);
  }
  const named = [...seen].filter(([text]) => / [A-Z]$/.test(text));
  for (const [text, title] of named) assert.match(title, /main\.main\.func1/, `${text} is ${title}`);
  for (const [text, title] of seen) if (/runtime\./.test(title)) assert.match(text, /^G\d+$/, `${text}: ${title}`);
  assert.ok([...seen.values()].some((t) => /runtime\./.test(t)), 'runtime goroutines were seen');
  noErrors(page, assert);
});

test('3. an author pastes two embed codes into a page on another origin: each frame gets its own height, and shrinks', async () => {
  // The author copies the code from the lesson page.
  const author = await browser.newPage();
  const snippets = [];
  for (const lesson of ['gosched', 'preemption']) {
    await author.goto(`${site.url}?lesson=${lesson}`);
    await author.click('#embed-code');
    snippets.push(await author.inputValue('#embed-snippet'));
  }
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
    <h1>Course page</h1>\n${snippets[0]}\n<p>Between the two.</p>\n${snippets[1]}\n</body></html>`);
  // The parent is served from localhost, the explorer from 127.0.0.1: two origins.
  const parentUrl = parent.url.replace('127.0.0.1', 'localhost');
  assert.notEqual(new URL(parentUrl).origin, new URL(site.url).origin);
  const page = await browser.newPage();
  await page.goto(parentUrl);
  const els = await page.$$('iframe');
  assert.equal(els.length, 2);
  const [f1, f2] = await Promise.all(els.map((e) => e.contentFrame()));
  await els[1].scrollIntoViewIfNeeded(); // the frames load lazily
  await f1.waitForSelector('#lesson[data-lesson="gosched"]');
  await f2.waitForSelector('#lesson[data-lesson="preemption"]');
  const heights = () => page.$$eval('iframe', (l) => l.map((f) => Number(f.height)));
  const content = (f) => f.evaluate(() => Math.ceil(document.querySelector('main').getBoundingClientRect().bottom + scrollY) + 8);
  await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => Number(f.height) !== 900), null, { timeout: 10_000 });
  await frames();
  let [h1, h2] = await heights();
  assert.equal(h1, await content(f1), 'frame 1 has its own height');
  assert.equal(h2, await content(f2), 'frame 2 has its own height');
  assert.notEqual(h1, h2);
  // Collapse the Go program in frame 1: frame 1 shrinks, frame 2 stays.
  // Frame 1 in view: Chromium throttles rendering (and so resize observers) in a
  // cross-origin frame scrolled out of view, and loading frame 2 scrolled it away.
  await els[0].scrollIntoViewIfNeeded();
  await f1.click('#src-fold summary');
  await page.waitForFunction((h) => Number(document.querySelectorAll('iframe')[0].height) < h, h1, { timeout: 20_000 });
  const [h1b, h2b] = await heights();
  assert.equal(h2b, h2);
  assert.equal(h1b, await content(f1));
  await shot(page, 'embed-two-frames');
  // The explanations are one "?" away.
  assert.equal(await f1.$eval('.ps .help', (e) => getComputedStyle(e).display), 'none');
  await f1.click('#help-toggle');
  assert.equal(await f1.$eval('.ps .help', (e) => getComputedStyle(e).display), 'block');
  // "Open live mode in a new tab" leaves the embed chrome behind.
  const live = new URL(await f2.getAttribute('#open-live', 'href'));
  assert.equal(live.searchParams.get('embed'), null);
  assert.equal(live.searchParams.get('lesson'), 'preemption');
  // Picking another lesson inside the frame keeps it an embed, in its language.
  await f2.selectOption('#lesson-select', 'schedtrace');
  const f2b = await (await page.$$('iframe'))[1].contentFrame();
  await f2b.waitForSelector('#lesson[data-lesson="schedtrace"]', { timeout: 15_000 });
  const q = new URL(f2b.url()).searchParams;
  assert.equal(q.get('embed'), '1');
  assert.equal(await f2b.$eval('main', (m) => m.classList.contains('embed')), true);
  noErrors(page, assert);
});

test('8. a browser that will not start workers gets a plain sentence and the deterministic driver', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    window.Worker = function Worker() { throw new DOMException('Workers are not allowed here', 'SecurityError'); };
  });
  await page.goto(isolated.url);
  const status = await page.waitForSelector('#status[data-state="failed"]', { timeout: 30_000 });
  const text = await status.textContent();
  assert.match(text, /would not start worker threads.*deterministic driver runs instead/);
  assert.doesNotMatch(text, /SecurityError|at |\.js/, 'no raw JS error on the page');
  await page.waitForSelector('#driver-badge.sim');
  await spawn(page, 'cpu', 5);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 5, null, { timeout: 15_000 });
  page.errors = page.errors.filter((e) => !/Workers are not allowed/.test(e));
  noErrors(page, assert);
});

test('8. without shared WebAssembly.Memory the page loads the bundle without threads and runs', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const M = WebAssembly.Memory;
    WebAssembly.Memory = function Memory(d) {
      if (d && d.shared) throw new TypeError('shared memory is not supported');
      return new M(d);
    };
  });
  await page.goto(isolated.url);
  await page.waitForSelector('#driver-badge.sim', { timeout: 20_000 });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.bundle), 'fallback');
  assert.doesNotMatch(await page.innerText('body'), /Loading the scheduler/);
  // The page is isolated: the note names what is missing, not COOP/COEP.
  const status = await page.textContent('#status[data-state="no-shared-memory"]');
  assert.match(status, /no shared WebAssembly memory/);
  assert.doesNotMatch(status, /not cross-origin isolated/);
  assert.match(await page.textContent('#driver-note'), /Live mode needs shared WebAssembly memory/);
  await spawn(page, 'cpu', 3);
  await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.cpu) === 3, null, { timeout: 15_000 });
  noErrors(page, assert);
});

test('10. a quiz embed shows the quiz; completion needs every answer, or the author\'s pass=N', async () => {
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.url}?quiz=all&embed=1`);
  await page.waitForSelector('form[data-qid="sched-q1"]');
  assert.equal(await page.$('.pcard'), null, 'no machine in a quiz embed');
  let tabs = 0, onAnswer = false;
  while (!onAnswer && tabs < 10) {
    await page.keyboard.press('Tab'); tabs++;
    onAnswer = await page.evaluate(() => document.activeElement?.type === 'radio');
  }
  assert.ok(onAnswer, `the first answer is ${tabs} Tab stops away`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector('form[data-qid="sched-q1"] .feedback');
  assert.equal(await page.isDisabled('#mark-complete'), true, '1 answer of many is not complete');
  assert.match(await page.textContent('#complete-needs'), /Answer \d+ more/);
  await page.goto(`${site.url}?quiz=all&embed=1&pass=1`);
  await page.waitForSelector('form[data-qid="sched-q1"] .feedback');
  assert.equal(await page.isDisabled('#mark-complete'), false, 'pass=1: one answer is enough');
  await shot(page, 'quiz-embed');
  assert.ok(height < 10_000, `quiz embed is ${height} px tall`);
  // The quiz page offers its own embed code, with a language.
  await page.goto(`${site.url}?quiz=all`);
  await page.click('#quiz-embed summary');
  await page.selectOption('#quiz-embed-lang', 'th');
  await page.check('#quiz-embed-compact');
  const code = await page.inputValue('#quiz-snippet');
  assert.match(code, /quiz=all&amp;embed=1&amp;lang=th&amp;layout=compact/);
  // The compact quiz is tighter than the full one.
  const tall = async (q) => { await page.goto(`${site.url}${q}`); await page.waitForSelector('form[data-qid="sched-q1"]');
    return page.evaluate(() => document.querySelector('main').getBoundingClientRect().height); };
  const [full, dense] = [await tall('?quiz=all&embed=1'), await tall('?quiz=all&embed=1&layout=compact')];
  assert.ok(dense < full, `compact ${dense} px < full ${full} px`);
  noErrors(page, assert);
});

test('11. on a phone the run controls stay in reach and tap targets are at least 24 px', async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}?driver=sim&p.cpu=20`);
  await page.waitForSelector('.pcard');
  await page.evaluate(() => document.querySelector('#ms').scrollIntoView());
  await frames();
  const box = await page.$eval('#pause', (b) => { const r = b.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
  assert.ok(box.top >= 0 && box.bottom <= 844, `Run/Pause is on screen while the machine scrolls: ${JSON.stringify(box)}`);
  const small = await page.$$eval('button, select, input, a', (l) => l.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (r.height < 24 || r.width < 24);
  }).map((e) => `${e.tagName}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`));
  assert.deepEqual(small, [], 'tap targets under 24 px');
  await shot(page, 'mobile-390');
  noErrors(page, assert);
});

test('9. readable under load: the feed has GoStart, no repeated preempt pairs, a filter and clickable events; lines wrap; arrows stay few; tokens keep their size', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim&p.cpu=64&speed=0.2`);
  await page.waitForFunction(() => /preempted/.test(document.querySelector('#feed')?.textContent ?? ''), null, { timeout: 20_000 });
  let most = 0;
  for (let i = 0; i < 10; i++) {
    most = Math.max(most, await page.$$eval('.steal-arrow', (l) => l.length));
    const grown = await page.$$eval('.g.just-preempted', (l) => l.filter((g) => /matrix/.test(getComputedStyle(g).transform)).length);
    assert.equal(grown, 0, 'a freshly preempted token does not grow');
    await page.waitForTimeout(100);
  }
  assert.ok(most <= 6, `${most} steal arrows at once`);
  await page.keyboard.press('p');
  const lines = await page.$$eval('#feed li', (l) => l.map((x) => x.textContent));
  assert.ok(lines.some((l) => /GoStart G\d+ on P\d/.test(l)), 'GoStart is in the feed');
  assert.ok(!lines.some((l) => /GoStop G\d+ \(preempted\)/.test(l)), 'a preemption is one line, not two');
  await page.selectOption('#feed-filter', 'moves');
  // Yew renders the filtered feed on its next turn, not inside the change event.
  await page.waitForFunction(() => [...document.querySelectorAll('#feed li')].every((l) => /preempted|stole/.test(l.textContent)), null, { timeout: 5_000 }).catch(() => {});
  const moves = await page.$$eval('#feed li', (l) => l.map((x) => x.textContent));
  assert.ok(moves.length > 0 && moves.every((l) => /preempted|stole/.test(l)), moves.join('\n'));
  const g = await page.getAttribute('#feed .ev', 'data-goid');
  await page.click('#feed .ev');
  await page.waitForSelector('#gdetail');
  assert.match(await page.textContent('#gdetail-h'), new RegExp(`^G${g}\\b`));
  await page.keyboard.press('Escape');
  const cut = await page.$eval('#schedtrace', (c) => c.scrollWidth > c.clientWidth + 1);
  assert.equal(cut, false, 'schedtrace lines wrap instead of being cut');
  await shot(page, 'readable-under-load');
  noErrors(page, assert);
});

test('9. the exported trace names the track of every P, destroyed ones too', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim&p.cpu=16&speed=1`);
  await page.waitForFunction(() => Number(document.querySelector('#gcount')?.dataset.cpu) === 16, null, { timeout: 15_000 });
  await page.selectOption('#procs', '2');
  await page.waitForFunction(() => document.querySelectorAll('.pcard').length === 2, null, { timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const trace = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  const named = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => e.args.name);
  const used = new Set(trace.traceEvents.filter((e) => e.ph === 'X').map((e) => e.tid));
  for (const tid of used) assert.ok(named.includes(`P${tid}`), `track ${tid} is named (${named})`);
  assert.ok(used.has(3), 'P3 ran goroutines before it was destroyed');
  noErrors(page, assert);
});
