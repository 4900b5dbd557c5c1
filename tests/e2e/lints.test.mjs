// The teaching lints beside the source: a learner types a program with a CPU loop,
// runs it, and sees the checklist's marker at the loop's line with its explanation;
// "show me" steps to the preemption of the goroutine on that loop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, noErrors } from './helpers.mjs';

let browser, site;
before(async () => {
  browser = await launch();
  site = await serve(DIST, { isolated: false });
});
after(async () => {
  await browser?.close(); await site?.close();
});

test('a typed CPU loop is marked at its line, explained, and shown preempted by the run', async () => {
  const src = [
    'package main', '', 'import (', '"fmt"', '"time"', ')', '', 'func main() {',
    'go func() {', 'x := 0', 'for {', 'x++', '}', '}()',
    'time.Sleep(time.Second)', 'fmt.Println("done")', '}', '',
  ].join('\n');
  const page = await browser.newPage();
  await page.goto(`${site.url}?scenario=gosched&speed=0.001`);
  await page.waitForSelector('#src-edit');
  await page.click('#src-edit');
  await page.click('#src-text');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(src, { delay: 2 });
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('#src-lints li');
  // The marker is in the gutter of line 11, `for {`, and nowhere else.
  const marks = await page.$$eval('#gosrc .ln .lint-mark', (m) =>
    m.map((x) => [x.closest('.ln').dataset.line, x.dataset.lint]));
  assert.deepEqual(marks, [['11', 'cpu-loop']]);
  const item = await page.textContent('#src-lints li');
  assert.match(item, /^11:1 main\.main/);
  assert.match(item, /no call, channel operation or allocation/);
  assert.match(item, /async preemption/);
  // Show me: the step where sysmon preempts the goroutine running that loop.
  await page.click('#src-lints .lint-show');
  await page.waitForFunction(() => /was preempted/.test(document.querySelector('#caption')?.textContent || ''), null, { timeout: 30_000 });
  assert.match(await page.textContent('#caption'), /asyncPreempt/);
  await shot(page, 'lints-cpu-loop');
  noErrors(page, assert);
  await page.close();
});

test('the chapter\'s computeAll: its Sleep lint is confirmed by the run, in Thai', async () => {
  const page = await browser.newPage();
  // A 1 ms guess for 40 goroutines of five 100 µs attempts each on 2 Ps: too short.
  await page.goto(`${site.url}?scenario=compute-all&p.n=40&p.attempts=5&p.sleep=1ms&procs=2&speed=0.001&lang=th`);
  await page.waitForSelector('#src-lints li[data-lint="sleep-as-signal"]');
  const marks = await page.$$eval('#gosrc .ln .lint-mark', (m) => m.map((x) => x.dataset.lint));
  assert.deepEqual(marks, ['sleep-as-signal']);
  // Keyboard: focus the item's "show me" and press Enter, as a learner tabbing to it would.
  await page.focus('#src-lints li[data-lint="sleep-as-signal"] .lint-show');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /ตื่นจาก sleep แล้ว แต่ยังมี goroutine อื่นอีก/.test(document.querySelector('#caption')?.textContent || ''), null, { timeout: 30_000 });
  assert.match(await page.textContent('#caption'), /main \(G1\)/);
  await shot(page, 'lints-sleep-th');
  noErrors(page, assert);
  await page.close();
});
