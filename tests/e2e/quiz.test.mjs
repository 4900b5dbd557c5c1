// Self-paced quiz: chapter questions in Thai and English, score, progress, Show me,
// and the completion message to an embedding page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST, ROOT } from './browser.mjs';
import { shot, noErrors } from './helpers.mjs';

const DATA = JSON.parse(fs.readFileSync(path.join(ROOT, 'static/quiz/questions.json'), 'utf8'));
const byId = Object.fromEntries(DATA.questions.map((q) => [q.id, q]));

let browser, site, parent, parentDir;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
  parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gmp-quiz-parent-'));
  fs.writeFileSync(path.join(parentDir, 'index.html'), `<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
    <iframe id="quiz" title="Quiz" width="100%" height="600" src="${site.url}?quiz=sched-q4&embed=1"></iframe>
    <script>window.msgs = []; addEventListener('message', (e) => window.msgs.push({ origin: e.origin, data: e.data }));</script>
    </body></html>`);
  parent = await serve(parentDir, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close(); await parent?.close();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

/** A new page for a learner with no saved progress. */
async function freshPage() {
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.evaluate(() => localStorage.clear());
  return page;
}

async function answer(page, id, choice) {
  const form = `form[data-qid="${id}"]`;
  await page.check(`${form} input[value="${choice}"]`);
  await page.click(`${form} button.submit`);
  await page.waitForSelector(`${form} .feedback`);
}

test('the six chapter questions render in English and Thai with the right answers', async () => {
  const page = await freshPage();
  await page.goto(`${site.url}?quiz=all`);
  await page.waitForSelector('form[data-qid="sched-q1"]');
  // The quiz page is the quiz: no machine running above it, the first question near
  // the top (it started 560 px down under a playground).
  assert.equal(await page.$('.pcard'), null);
  const top = await page.$eval('form[data-qid="sched-q1"]', (f) => f.getBoundingClientRect().top);
  assert.ok(top < 260, `the first question starts ${top} px down`);
  for (let i = 1; i <= 6; i++) {
    const q = byId[`sched-q${i}`];
    const form = `form[data-qid="sched-q${i}"]`;
    assert.equal(await page.textContent(`${form} legend`), q.en.question);
    const opts = await page.$$eval(`${form} .option`, (l) => l.map((x) => x.textContent.trim()));
    assert.deepEqual(opts, q.en.options.map((o) => o.trim()));
    await answer(page, q.id, q.correct);
    assert.equal(await page.$eval(`${form} .feedback`, (f) => f.classList.contains('right')), true);
  }
  // The page's language picker (the quiz follows it).
  await page.selectOption('#lang', 'th');
  await page.waitForFunction(() => document.documentElement.dataset.text === 'th');
  for (let i = 1; i <= 6; i++) {
    const q = byId[`sched-q${i}`];
    const legend = await page.textContent(`form[data-qid="sched-q${i}"] legend`);
    assert.equal(legend, q.th.question);
    assert.match(legend, /[\u0E00-\u0E7F]/);
  }
  await shot(page, 'quiz-thai');
  noErrors(page, assert);
});

test('score, progress across a reload, mark as complete, reset', async () => {
  const page = await freshPage();
  await page.goto(`${site.url}?quiz=all&seed=3`);
  await page.waitForSelector('form[data-qid="sched-q1"]');
  const ids = await page.$$eval('form.question', (f) => f.map((x) => x.dataset.qid));
  const total = Number(await page.getAttribute('#quiz', 'data-total'));
  assert.equal(ids.length, total);
  assert.ok(total >= 20 + 1, `${total} questions (chapter ones plus generated)`);
  // Answer the chapter questions: all right but the first, which gets a wrong option.
  let want = 0;
  for (const id of ids.filter((x) => byId[x])) {
    const q = byId[id];
    const choice = id === 'sched-q1' ? (q.correct + 1) % 4 : q.correct;
    await answer(page, id, choice);
    if (choice === q.correct) want += 1;
  }
  assert.equal(Number(await page.getAttribute('#quiz', 'data-score')), want);
  // The wrong answer shows which one was right: marked among the options and named
  // in the feedback before the explanation.
  const q1 = byId['sched-q1'];
  const marks = await page.$$eval('form[data-qid="sched-q1"] .option', (l) => l.map((o) => o.className));
  assert.deepEqual(marks.map((c) => /is-answer/.test(c)), [0, 1, 2, 3].map((i) => i === q1.correct));
  assert.deepEqual(marks.map((c) => /was-picked/.test(c)), [0, 1, 2, 3].map((i) => i === (q1.correct + 1) % 4));
  assert.equal(await page.textContent('form[data-qid="sched-q1"] .feedback .the-answer q'), q1.en.options[q1.correct]);
  // Completion needs every question on the page answered (docs/EMBEDDING.md).
  assert.equal(await page.isDisabled('#mark-complete'), true);
  for (const id of ids.filter((x) => !byId[x])) {
    await answer(page, id, 0);
    want = Number(await page.getAttribute('#quiz', 'data-score'));
  }
  await page.click('#mark-complete');
  await page.waitForFunction(() => /completed/.test(document.querySelector('#score').textContent));
  await page.reload();
  await page.waitForSelector('form[data-qid="sched-q1"] .feedback');
  assert.equal(Number(await page.getAttribute('#quiz', 'data-score')), want);
  assert.match(await page.textContent('#score'), /completed/);
  await page.click('#quiz-reset');
  await page.waitForFunction(() => document.querySelector('#quiz').dataset.score === '0');
  assert.equal(await page.$('form .feedback'), null);
  await page.reload();
  await page.waitForSelector('form[data-qid="sched-q1"]');
  assert.equal(await page.$('form .feedback'), null, 'reset survives a reload');
  noErrors(page, assert);
});

test('Show me opens the lesson, and a generated question opens its paused state', async () => {
  const page = await freshPage();
  await page.goto(`${site.url}?quiz=sched-q4`);
  await answer(page, 'sched-q4', byId['sched-q4'].correct);
  assert.match(await page.getAttribute('form[data-qid="sched-q4"] .show-me', 'href'), /lesson=gosched&show=1$/);
  await page.click('form[data-qid="sched-q4"] .show-me');
  await page.waitForSelector('#lesson[data-lesson="gosched"]');
  // It opens at the moment the question is about (the lesson's "show me" of Gosched),
  // and the address then carries that step.
  await page.waitForFunction(() => /called runtime\.Gosched/.test(document.querySelector('#caption')?.textContent || ''), null, { timeout: 20_000 });
  await page.waitForFunction(() => /[?&]step=\d+/.test(location.search) && !/show=/.test(location.search));
  // In Thai, "Show me" opens the lesson in Thai.
  await page.goto(`${site.url}?quiz=sched-q4&lang=th`);
  await page.waitForSelector('form[data-qid="sched-q4"] .feedback');
  await page.click('form[data-qid="sched-q4"] .show-me');
  await page.waitForSelector('#lesson[data-lesson="gosched"]');
  assert.match(page.url(), /[?&]lang=th(&|$)/, 'the link keeps the language asked for');
  // The Thai text files arrive after the lesson opens (English is built in); `<html lang>`
  // follows the words shown.
  await page.waitForFunction(() => document.documentElement.lang === 'th', null, { timeout: 10_000 });
  await page.waitForFunction(() => /[\u0E00-\u0E7F]/.test(document.querySelector('#lesson-h')?.textContent || ''));
  // A predict-the-next-state question: its state is a deterministic run at a step.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.url}?quiz=all&seed=2`);
  const gen = await page.waitForSelector('form[data-qid^="gen-steal-count"]');
  const qid = await gen.getAttribute('data-qid');
  await answer(page, qid, 0);
  const href = await page.getAttribute(`form[data-qid="${qid}"] .show-me`, 'href');
  const step = Number(new URL(href, site.url).searchParams.get('step'));
  await page.click(`form[data-qid="${qid}"] .show-me`);
  await page.waitForFunction((n) => document.querySelector('#stepno')?.textContent === `step ${n}`, step);
  noErrors(page, assert);
});

test('a parent page receives the answered and completed messages with the score', async () => {
  const page = await freshPage();
  await page.goto(parent.url);
  const frame = await (await page.waitForSelector('#quiz')).contentFrame();
  await frame.waitForSelector('form[data-qid="sched-q4"]');
  await answer(frame, 'sched-q4', byId['sched-q4'].correct);
  await frame.click('#mark-complete');
  await page.waitForFunction(() => window.msgs.some((m) => m.data?.type === 'completed'), null, { timeout: 10_000 });
  const msgs = await page.evaluate(() => window.msgs.filter((m) => m.data?.type !== 'resize'));
  const answered = msgs.find((m) => m.data.type === 'answered');
  assert.deepEqual({ ...answered.data }, { ...answered.data, source: 'gmp-explorer', version: 1, id: 'sched-q4', correct: true });
  const done = msgs.find((m) => m.data.type === 'completed');
  assert.equal(done.data.score, 1);
  assert.equal(done.data.total, 1, 'a single-question page reports its own total');
  assert.equal(done.origin, new URL(site.url).origin);
  noErrors(page, assert);
});

test('without storage the quiz still works and says progress will not be kept', async () => {
  const context = browser.context;
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  page.errors = [];
  await page.goto(`${site.url}?quiz=sched-q1`);
  await page.waitForSelector('#storage-notice');
  await answer(page, 'sched-q1', byId['sched-q1'].correct);
  assert.equal(await page.$eval('form[data-qid="sched-q1"] .feedback', (f) => f.classList.contains('right')), true);
});
