// The page in the course's languages (th, zh-Hant, vi, en): the explorer, a lesson and
// the quiz in each, with screenshots; lang= in an embed; the picker, by keyboard, and
// the choice remembered across a reload; an unknown lang= falling back to English with
// an English notice; real Thai and Han glyphs; no horizontal overflow at 1280 and 390 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST, ROOT } from './browser.mjs';
import { shot, noErrors, typeInto } from './helpers.mjs';

const LANGS = ['en', 'th', 'zh-Hant', 'vi'];
const json = (rel) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const EN = json('static/i18n/en.json');
const UI = Object.fromEntries(LANGS.map((l) => [l, { ...EN, ...json(`static/i18n/${l}.json`) }]));
const LESSON = Object.fromEntries(LANGS.map((l) => [l, json(`lessons/gosched/${l}.json`)]));
const QUIZ = json('static/quiz/questions.json').questions;
const fill = (t, args) => t.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));

// Fonts that cover each script (Debian's fonts-thai-tlwg and fonts-noto-cjk, and the
// system fonts the stacks name on other systems).
const THAI_FONT = /Thai|Loma|Garuda|Kinnari|Norasi|Sawasdee|Umpush|Laksaman|Waree|Purisa|Tlwg|Typist|Typo|Mono|Thonburi|Leelawadee|Tahoma|Sarabun/i;
const CJK_FONT = /CJK|Noto Sans TC|Source Han|PingFang|Heiti|JhengHei/i;

let browser, site, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-i18n-parent-'));
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html lang="vi"><head><link rel="icon" href="data:,"></head><body>
    <h1>Bài học</h1>
    <iframe id="explorer" title="GMP Explorer" width="100%" height="400" style="border:0"
      src="${site.url}?lesson=preemption&embed=1&lang=vi"></iframe>
    </body></html>`);
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

/** A page with the learner's stored choice cleared (the profile is shared by tests). */
async function freshPage(width = 1280) {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${site.url}?driver=sim&step=0`);
  await page.evaluate(() => { localStorage.removeItem('gmp-explorer.lang'); localStorage.removeItem('gmp-explorer.quiz.v1'); });
  return page;
}

/** Waits until the page speaks `lang` (its files have arrived: <html lang> follows). */
// The page shows the language's words: <html data-text> (set by the app once they are
// in use; the boot script sets <html lang> before they have arrived).
const speaks = (page, lang) => page.waitForFunction((l) => document.documentElement.lang === l && document.documentElement.dataset.text === l, lang, { timeout: 15_000 });

/** The platform fonts Chromium really drew an element's text with (DevTools protocol). */
async function fontsOf(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

/** Everything wider than the window: the page's own scroll width, and each control. */
const overflow = (page) => page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > w + 1) out.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${w}`);
  for (const el of document.querySelectorAll('main button, main select, main label, main legend, main .badge, main h1, main h2, main a, main p')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest('.console, .source, .pgrid-wrap, .feed, textarea')) continue;
    if (r.right > w + 1) out.push(`${el.tagName.toLowerCase()}#${el.id} "${el.textContent.trim().slice(0, 40)}" ends at ${Math.round(r.right)} > ${w}`);
    if (el.matches('button, select, .badge') && el.scrollWidth > el.clientWidth + 2) {
      out.push(`${el.tagName.toLowerCase()}#${el.id} "${el.textContent.trim().slice(0, 40)}" clips its text`);
    }
  }
  return out;
});

for (const lang of LANGS) {
  test(`${lang}: the explorer, a lesson and the quiz speak ${lang}`, async () => {
    const t = UI[lang];
    const page = await freshPage();
    // The explorer.
    await page.goto(`${site.url}?lang=${lang}&driver=sim`);
    await speaks(page, lang);
    assert.equal(await page.textContent('.lede'), t['top.lede']);
    assert.equal(await page.textContent('#spawn-cpu'), t['controls.spawn_cpu']);
    assert.equal(await page.textContent('#reset'), t['controls.reset']);
    assert.equal(await page.getAttribute('meta[name="description"]', 'content'), t['meta.description']);
    assert.equal(await page.inputValue('#lang'), lang);
    // A refused spawn, typed with the keyboard: the notice in the language, its
    // numbers written as the language writes them (10,000; 10.000 in Vietnamese).
    await typeInto(page, '#spawn-n', 'abc');
    await page.click('#spawn-cpu');
    const max = new Intl.NumberFormat(lang).format(10000);
    assert.equal((await page.textContent('#notice')).replace(t['status.dismiss'], '').trim(),
      fill(t['notice.bad_spawn_n'], { value: 'abc', max }));
    await page.click('#dismiss');
    await typeInto(page, '#spawn-n', '12');
    await page.click('#spawn-cpu');
    await page.waitForFunction(() => Number(document.querySelector('#gcount').dataset.user) >= 12, null, { timeout: 20_000 });
    await shot(page, `i18n-explorer-${lang}`);
    if (lang === 'th') assert.ok((await fontsOf(page, '.lede')).some((f) => THAI_FONT.test(f)), `Thai glyphs from a Thai font: ${await fontsOf(page, '.lede')}`);
    if (lang === 'zh-Hant') assert.ok((await fontsOf(page, '.lede')).some((f) => CJK_FONT.test(f)), `Han glyphs from a CJK font: ${await fontsOf(page, '.lede')}`);
    assert.deepEqual(await overflow(page), [], 'nothing wider than 1280 px');

    // One lesson.
    const l = LESSON[lang];
    await page.goto(`${site.url}?lesson=gosched&lang=${lang}`);
    await speaks(page, lang);
    await page.waitForFunction((title) => document.querySelector('#lesson-h')?.textContent.startsWith(title), l.title, { timeout: 15_000 });
    assert.equal(await page.textContent('#lesson p'), l.intro[0]);
    assert.equal(await page.textContent('button.variant[data-variant="no-yield"]'), l.variants['no-yield'].label);
    assert.equal(await page.title(), fill(t['meta.lesson_title'], { lesson: l.title }));
    await page.click('#pause');
    await page.waitForSelector('#verdict.ok', { timeout: 30_000 });
    // A goroutine's tooltip says what kind of goroutine it is, in the language.
    const kinds = Object.keys(t).filter((k) => k.startsWith('gkind.')).map((k) => t[k]);
    const titles = await page.$$eval('.g', (l) => l.map((g) => g.title));
    assert.ok(titles.length > 0, 'goroutine tokens are shown');
    for (const title of titles) assert.ok(kinds.some((k) => title.endsWith(`${k})`)), `${lang}: ${title}`);
    await shot(page, `i18n-lesson-${lang}`);
    if (lang === 'th') assert.ok((await fontsOf(page, '#lesson-h')).some((f) => THAI_FONT.test(f)));
    if (lang === 'zh-Hant') assert.ok((await fontsOf(page, '#lesson-h')).some((f) => CJK_FONT.test(f)));
    assert.deepEqual(await overflow(page), []);

    // The quiz: chapter questions in the language, and the generated ones too.
    await page.goto(`${site.url}?quiz=all&lang=${lang}&seed=3`);
    await speaks(page, lang);
    await page.waitForSelector('form[data-qid="sched-q1"]');
    const q1 = QUIZ.find((q) => q.id === 'sched-q1');
    assert.equal(await page.textContent('form[data-qid="sched-q1"] legend'), q1[lang].question);
    assert.equal(await page.textContent('#quiz-h'), t['quiz.heading']);
    const gen = await page.$$eval('form.question[data-qid^="gen-"] legend', (l) => l.map((x) => [x.textContent, x.lang]));
    assert.ok(gen.length >= 1, 'generated questions');
    for (const [, glang] of gen) assert.equal(glang, lang, 'a generated question is made in the page language');
    await page.check('form[data-qid="sched-q1"] input[value="1"]');
    await page.click('form[data-qid="sched-q1"] button.submit');
    assert.equal(await page.textContent('form[data-qid="sched-q1"] .feedback strong'), t['quiz.correct']);
    await shot(page, `i18n-quiz-${lang}`);
    assert.deepEqual(await overflow(page), []);
    noErrors(page, assert);
    await page.close();
  });
}

test('lang= in an embed: the frame speaks it, and picking a lesson keeps it', async () => {
  const page = await browser.newPage();
  await page.goto(parent.url);
  const frame = await (await page.waitForSelector('#explorer')).contentFrame();
  await frame.waitForFunction(() => document.documentElement.dataset.text === 'vi', null, { timeout: 15_000 });
  const l = json('lessons/preemption/vi.json');
  await frame.waitForFunction((title) => document.querySelector('#lesson-h')?.textContent.startsWith(title), l.title);
  assert.equal(await frame.textContent('#lesson-select option[value="gosched"]'), LESSON.vi.title);
  await shot(page, 'i18n-embed-vi');
  await frame.selectOption('#lesson-select', 'schedtrace');
  const f2 = await (await page.$('#explorer')).contentFrame();
  await f2.waitForSelector('#lesson[data-lesson="schedtrace"]', { timeout: 15_000 });
  assert.equal(new URL(f2.url()).searchParams.get('lang'), 'vi');
  await f2.waitForFunction(() => document.documentElement.dataset.text === 'vi');
  assert.equal(await f2.$eval('main', (m) => m.classList.contains('embed')), true);
  noErrors(page, assert);
  await page.close();
});

test('the picker, by keyboard: the page changes language at once and remembers it', async () => {
  const page = await freshPage();
  await page.goto(`${site.url}?driver=sim`);
  // Headless chromium's browser language is English, and nothing is stored yet.
  await speaks(page, 'en');
  assert.equal(await page.inputValue('#lang'), 'en');
  // Tab to the picker (the links of the top bar come first), then choose with the keys.
  for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.id)) !== 'lang'; i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lang', 'the picker is reachable with Tab');
  await page.keyboard.press('ArrowDown'); // en -> th
  await speaks(page, 'th');
  assert.equal(await page.textContent('.lede'), UI.th['top.lede']);
  assert.equal(await page.title(), UI.th['meta.title']);
  assert.equal(new URL(page.url()).searchParams.get('lang'), null, 'the choice is kept by the browser, not in the link');
  await page.reload();
  await speaks(page, 'th');
  assert.equal(await page.inputValue('#lang'), 'th');
  // zh-Hant, then a reload of a lesson: still zh-Hant.
  await page.focus('#lang');
  await page.keyboard.press('ArrowDown'); // th -> zh-Hant
  await speaks(page, 'zh-Hant');
  await page.goto(`${site.url}?lesson=gosched`);
  await speaks(page, 'zh-Hant');
  await page.waitForFunction((title) => document.querySelector('#lesson-h')?.textContent.startsWith(title), LESSON['zh-Hant'].title);
  // lang= in the address beats the stored choice.
  await page.goto(`${site.url}?lesson=gosched&lang=en`);
  await speaks(page, 'en');
  await page.waitForFunction((title) => document.querySelector('#lesson-h')?.textContent.startsWith(title), LESSON.en.title);
  noErrors(page, assert);
  await page.close();
});

test('before the scheduler loads, its sentences speak the language: lang=, else the browser\'s', async () => {
  const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const BOOT = JSON.parse(html.match(/var BOOT_TEXT = (\{[\s\S]*?\n      \});/)[1]);
  // The wasm is held back (the page says "Loading…"), then refused (it says the load
  // failed), whichever bundle the page picked.
  const holdThenRefuse = async (page) => {
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route(/_bg\.wasm$/, async (route) => { await held; await route.abort(); });
    return release;
  };
  // lang= in the URL, as an embed gives it.
  let page = await browser.newPage();
  let release = await holdThenRefuse(page);
  await page.goto(`${site.url}?lang=th`, { waitUntil: 'domcontentloaded' });
  let boot = await page.waitForSelector('#boot');
  assert.equal(await boot.textContent(), BOOT.th.loading);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'th');
  release();
  boot = await page.waitForSelector('#boot[data-state="load-failed"]', { timeout: 10_000 });
  assert.equal(await boot.textContent(), BOOT.th['load-failed']);
  await shot(page, 'boot-load-failed-th');
  await page.close();
  // No lang=: a browser set to Taiwanese Mandarin gets Traditional Chinese.
  page = await browser.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['zh-TW', 'en-US'] }));
  release = await holdThenRefuse(page);
  await page.goto(site.url, { waitUntil: 'domcontentloaded' });
  boot = await page.waitForSelector('#boot');
  assert.equal(await boot.textContent(), BOOT['zh-Hant'].loading);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant');
  release();
  boot = await page.waitForSelector('#boot[data-state="load-failed"]', { timeout: 10_000 });
  assert.equal(await boot.textContent(), BOOT['zh-Hant']['load-failed']);
  await page.close();
});

test('an unknown lang= gives English, with a notice in English', async () => {
  const page = await freshPage();
  await page.evaluate(() => localStorage.setItem('gmp-explorer.lang', 'th'));
  await page.goto(`${site.url}?lang=klingon&driver=sim`);
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /lang=klingon is not available \(en, th, zh-Hant, vi\); using English\./);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.textContent('.lede'), EN['top.lede']);
  assert.equal(await page.inputValue('#lang'), 'en');
  await shot(page, 'i18n-unknown-lang');
  noErrors(page, assert);
  await page.close();
});

test('Vietnamese and Thai at a 390 px phone width: nothing overflows', async () => {
  for (const lang of ['vi', 'th']) {
    const page = await freshPage(390);
    for (const [name, q] of [['explorer', 'driver=sim'], ['lesson', 'lesson=schedtrace'], ['quiz', 'quiz=all']]) {
      await page.goto(`${site.url}?${q}&lang=${lang}`);
      await speaks(page, lang);
      if (name === 'lesson') {
        await page.click('#pause');
        await page.waitForSelector('#sched-explained', { timeout: 30_000 });
      }
      if (name === 'quiz') await page.waitForSelector('form[data-qid="sched-q1"]');
      await page.waitForTimeout(300);
      assert.deepEqual(await overflow(page), [], `${lang} ${name} at 390 px`);
      await shot(page, `i18n-phone-${name}-${lang}`);
    }
    noErrors(page, assert);
    await page.close();
  }
});
