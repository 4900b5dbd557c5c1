// The Go program beside the machine: goroutines at their lines, and editing a program,
// as a learner does it (keyboard, clicks), through to a link that reopens it.
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

/** The gutter of the source line whose text contains `text`. */
const gutterOf = (page, text) => page.$$eval('#gosrc .ln', (lines, text) => {
  const l = lines.find((x) => x.querySelector('.txt').textContent.includes(text));
  return l ? l.querySelector('.gut').textContent.trim() : null;
}, text);

// Reaches Edit with the keyboard and empties the editor, as a person starting over does.
async function emptyEditor(page) {
  await page.focus('#src-edit');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#src-text');
  await page.click('#src-text');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
}

test('stepping the Gosched lesson puts every goroutine beside its line', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?lesson=gosched`);
  await page.waitForSelector('#gosrc .ln');
  // The source shown is the program the run compiled (the front end runs it).
  assert.ok(await page.$('#src-edit'), 'the lesson program can be edited');
  // Step with the keyboard ('.': to the scheduler's next event) until main waits
  // for A and B.
  for (let i = 0; i < 60 && (await gutterOf(page, 'wg.Wait()')) !== 'G1'; i++) {
    await page.keyboard.press('.');
    await page.waitForTimeout(50);
  }
  // main (G1) waits in wg.Wait(); A and B carry the names the program gave them
  // (`go worker(string(rune('A' + i)))`), each on the line of worker it is at.
  assert.equal(await gutterOf(page, 'wg.Wait()'), 'G1');
  // A lesson's gutter shows one token a line and "+N"; a line's number lists them all.
  const worker = [];
  for (const n of await page.$$eval('#gosrc .ln.has-g', (l) => l.map((x) => x.dataset.line))) {
    await page.click(`#gosrc .ln[data-line="${n}"] .lno`);
    worker.push(await page.textContent('#src-line-gs'));
    await page.click(`#gosrc .ln[data-line="${n}"] .lno`);
    await page.waitForSelector('#src-line-gs', { state: 'detached' });
  }
  assert.ok(worker.some((g) => /G\d+ A/.test(g)) && worker.some((g) => /G\d+ B/.test(g)), worker.join(' | '));
  // Runtime goroutines are named by their runtime function, not put on a line.
  const rt = await page.textContent('#gosrc .runtime-gs');
  assert.match(rt, /runtime\.forcegchelper/);
  assert.match(rt, /runtime\.bgsweep/);
  // Clicking a line number lists the goroutines there.
  await page.click('#gosrc .ln:has(.txt:text("wg.Wait()")) .lno');
  assert.match(await page.textContent('#src-line-gs'), /Line \d+: G1 .*wg|Line \d+: G1/);
  // Clicking a token in the gutter opens its card; its line is marked.
  await page.click('#gosrc .ln:has(.txt:text("wg.Wait()")) .gut .g');
  await page.waitForSelector('#gdetail');
  assert.match(await page.textContent('#gdetail-h'), /G1/);
  assert.equal(await page.$$eval('#gosrc .ln.sel', (l) => l.length), 1);
  await page.keyboard.press('Escape');
  // Each Step says what happened, naming goroutines as the program does; keep
  // stepping until B yields.
  assert.ok((await page.textContent('#caption')).length > 20);
  let caption = '';
  for (let i = 0; i < 40 && !/^B \(G\d+\) called runtime\.Gosched/.test(caption); i++) {
    await page.keyboard.press('.');
    await page.waitForTimeout(60);
    caption = await page.textContent('#caption');
  }
  assert.match(caption, /^B \(G\d+\) called runtime\.Gosched: it stays runnable and goes to the tail of the global run queue/);
  await shot(page, 'source-gosched-step45');
  noErrors(page, assert);
  await page.close();
});

test('edit a program, see its compile error at its line, fix it, run it, share it', async () => {
  const page = await browser.newPage();
  // The Go front end is a module of its own (web/src/compiler.rs): a lesson runs
  // without it; the first program of the learner's own fetches it.
  const compiler = [];
  page.on('request', (r) => { if (/gmp-compiler-/.test(r.url())) compiler.push(new URL(r.url()).pathname); });
  await page.goto(`${site.url}?lesson=gosched`);
  await page.waitForSelector('#src-edit');
  await page.waitForSelector('.pcard');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(compiler, [], 'the lesson ran without the compiler module');
  await emptyEditor(page);
  // Typed as a person types it; Tab indents inside the editor.
  await page.keyboard.type('package main\n\nimport "fmt"\n\nfunc main() {\n', { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('fmt.Println("hello", x)\n}\n', { delay: 5 });
  assert.equal(await page.$eval('#src-text', (t) => t.value.split('\n')[5]), '\tfmt.Println("hello", x)');
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('#src-errors li');
  // Go's own words and position (tab = one column, as gc counts).
  assert.equal(await page.textContent('#src-errors li'), './main.go:6:23: undefined: x');
  assert.equal(compiler.filter((f) => /\.js$/.test(f)).length, 1, `${compiler}`);
  assert.equal(compiler.filter((f) => /_bg\.wasm$/.test(f)).length, 1, `${compiler}`);
  assert.deepEqual(await page.$$eval('#gosrc .lnos .err', (e) => e.map((x) => x.textContent.trim())), ['6']);
  assert.match(await page.textContent('#notice'), /does not compile/);
  await shot(page, 'source-compile-error');
  // Fix it: select the x and type 42 over it.
  await page.click('#src-text');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('42');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('hello 42'), null, { timeout: 20_000 });
  assert.equal(await page.$('#src-errors'), null);
  assert.match(await page.textContent('#gosrc .src-head'), /your version/);
  // The program is in the link: a new tab opens it, and Run prints the same.
  const url = page.url();
  assert.match(url, /[?&]src=[A-Za-z0-9_.~-]+/);
  const again = await browser.newPage();
  await again.goto(url);
  await again.waitForSelector('#gosrc .ln');
  assert.match(await again.textContent('#gosrc .src-head'), /your version/);
  assert.match(await again.textContent('#gosrc .code'), /fmt\.Println\("hello", 42\)/);
  await again.keyboard.press('p');
  await again.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('hello 42'), null, { timeout: 20_000 });
  // Back to the lesson's own program.
  await again.click('#src-revert');
  await again.waitForFunction(() => document.querySelector('#gosrc .code')?.textContent.includes('runtime.Gosched()'));
  assert.doesNotMatch(again.url(), /src=/);
  noErrors(page, assert);
  noErrors(again, assert);
  await page.close();
  await again.close();
});

// On the gosched scenario, types a program that prints `words` and presses Ctrl+Enter.
async function typeAndRunPrintln(page, words) {
  await page.goto(`${site.url}?scenario=gosched`);
  await page.waitForSelector('.pcard');
  await emptyEditor(page);
  const mine = `package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("${words}")\n}\n`;
  await page.keyboard.type(mine.replaceAll('\t', ''), { delay: 2 });
  await page.keyboard.press('Control+Enter');
}

test('when the compiler module cannot be fetched, the program stays in the editor and Run tries again', async () => {
  const page = await browser.newPage();
  await page.route(/gmp-compiler-/, (route) => route.abort('internetdisconnected'));
  await typeAndRunPrintln(page, 'back online');
  await page.waitForFunction(() => /could not be fetched/.test(document.querySelector('#notice')?.textContent));
  // Nothing typed is lost, and the machine still runs the scenario as it was built.
  assert.match(await page.$eval('#src-text', (t) => t.value), /fmt\.Println\("back online"\)/);
  assert.ok(await page.$('.pcard'));
  await shot(page, 'source-compiler-offline');
  // Back online: Run fetches it again and runs the program.
  await page.unroute(/gmp-compiler-/);
  await page.click('#src-text');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('back online'), null, { timeout: 20_000 });
  assert.match(await page.textContent('#gosrc .src-head'), /your version/);
  await page.close();
});

test('while the compiler module is on its way, the editor holds the text Run sent, then runs it', async () => {
  const page = await browser.newPage();
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/gmp-compiler-/, async (route) => { await held; await route.continue(); });
  await typeAndRunPrintln(page, 'as sent');
  await page.waitForFunction(() => /Fetching the Go compiler/.test(document.querySelector('#notice')?.textContent));
  assert.equal(await page.$eval('#src-text', (t) => t.getAttribute('aria-busy')), 'true');
  // Typing meanwhile changes nothing: what runs is what the editor shows.
  await page.keyboard.type('// later');
  assert.doesNotMatch(await page.$eval('#src-text', (t) => t.value), /later/);
  release();
  await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('as sent'), null, { timeout: 20_000 });
  assert.doesNotMatch(await page.evaluate(() => document.querySelector('#notice')?.textContent ?? ''), /Fetching/);
  noErrors(page, assert);
  await page.close();
});

test('a program that never ends is stopped at its time limit with a note', async () => {
  // It sleeps forever: virtual time runs fast while every P is idle.
  const src = 'package main\n\nimport "time"\n\nfunc main() {\n\tfor {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n}\n';
  const page = await browser.newPage();
  await page.goto(`${site.url}?scenario=gosched&speed=1`);
  await page.waitForSelector('#src-edit');
  await page.click('#src-edit');
  await page.click('#src-text');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(src.replaceAll('\t', ''), { delay: 2 });
  await page.click('#src-run');
  await page.waitForFunction(() => /time limit/.test(document.querySelector('#stopped')?.textContent || ''), null, { timeout: 40_000 });
  noErrors(page, assert);
  await page.close();
});

// A program that keeps all it allocates would take the tab's memory (1 GB of wasm at
// most): the heap budget (gmp_go::heap) ends it as Go ends a program the OS refuses
// memory, the page says why in its language, and stays usable.
const BOMB = 'package main\n\nimport "fmt"\n\nfunc main() {\nvar keep [][]byte\nfor i := 0; ; i++ {\nkeep = append(keep, make([]byte, 1<<20))\nfmt.Println("kept", len(keep))\n}\n}\n';

async function runTyped(page, src) {
  await page.waitForSelector('#src-edit');
  await page.click('#src-edit');
  await page.click('#src-text');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(src, { delay: 2 });
  await page.keyboard.press('Control+Enter');
}

test('a program that outgrows the memory budget ends with Go\'s out-of-memory error, and Reset runs it again', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?scenario=gosched&speed=1`);
  await runTyped(page, BOMB);
  await page.waitForFunction(() => /out of memory/.test(document.querySelector('#stopped')?.textContent || ''), null, { timeout: 60_000 });
  const out = await page.textContent('#stdout');
  // Consecutive counts (the box keeps the output's end), and hundreds of them: a 1 MB
  // []byte takes 1 MB here (its bytes, crates/go/src/vm/raw.rs), not 24.
  const kept = [...out.matchAll(/^kept (\d+)$/gm)].map((m) => Number(m[1]));
  assert.ok(kept.length > 0 && kept.every((k, i) => i === 0 || k === kept[i - 1] + 1), out.slice(0, 200));
  assert.ok(kept.at(-1) >= 200, `${kept.at(-1)} slices of 1 MB fit the 640 MB budget`);
  assert.match(out, /fatal error: runtime: out of memory\n\n\(the explorer's budget for a program's memory is 640 MB: /);
  assert.match(out, /\[exit status 2\]/);
  assert.match(await page.textContent('#exited'), /status 2\)\. The program's values reached the memory budget/);
  await shot(page, 'out-of-memory');
  // Reset (key r) runs it again from the start, to the same end: the memory came back.
  await page.click('h1');
  await page.keyboard.press('r');
  await page.waitForSelector('#stopped', { state: 'detached', timeout: 20_000 });
  await page.waitForFunction(() => /out of memory/.test(document.querySelector('#stopped')?.textContent || ''), null, { timeout: 60_000 });
  // The page still works: the next program runs in it.
  await runTyped(page, 'package main\n\nimport "fmt"\n\nfunc main() {\nfmt.Println("still here")\n}\n');
  await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.startsWith('still here'), null, { timeout: 30_000 });
  noErrors(page, assert);
  // In Thai, the page says it in Thai.
  await page.goto(`${site.url}?scenario=gosched&speed=1&lang=th`);
  await page.waitForFunction(() => document.documentElement.lang === 'th');
  await runTyped(page, BOMB);
  await page.waitForFunction(() => /หน่วยความจำหมด/.test(document.querySelector('#stopped')?.textContent || ''), null, { timeout: 60_000 });
  assert.match(await page.textContent('#exited'), /explorer ให้แต่ละโปรแกรม/);
  await shot(page, 'out-of-memory-th');
  noErrors(page, assert);
  await page.close();
});

test('Spawn is offered only to a program with an accept loop, and the page says why', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.url}?driver=sim`);
  // The playground's program reads requests in its accept loop: Spawn is there.
  await page.waitForSelector('#spawn-controls');
  assert.equal(await page.$('#no-accept-loop'), null);
  await emptyEditor(page);
  await page.keyboard.type('package main\n\nimport "fmt"\n\nfunc main() {\n', { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('fmt.Println("no loop")\n}\n', { delay: 5 });
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('no loop'), null, { timeout: 20_000 });
  // This one has none: no Spawn buttons, a sentence instead, and the c key says so.
  assert.equal(await page.$('#spawn-controls'), null);
  assert.match(await page.textContent('#no-accept-loop'), /explorer\.ReadRequest/);
  await page.click('h1');
  await page.keyboard.press('c');
  await page.waitForFunction(() => /explorer\.ReadRequest/.test(document.querySelector('#notice')?.textContent || ''));
  assert.doesNotMatch(page.url(), /[?&]in=/, 'no spawn entered the link');
  noErrors(page, assert);
  await page.close();
});
