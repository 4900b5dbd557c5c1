// What the languages cost (not a test: figures for the notes). After a release build:
//   node tests/e2e/bench-i18n.mjs [dist-dir]
// Prints the wasm's size (raw and gzip) and, over 10 loads each, the time from
// navigation to the app's first paint (the first P card) in English and in Thai, and
// to the moment the Thai text is shown (<html lang="th">). Run it on another build's
// dist/ to compare.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';

const dist = path.resolve(process.argv[2] || DIST);
for (const f of fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'))) {
  const raw = fs.readFileSync(path.join(dist, f));
  console.log(`${f}: raw ${raw.length} B, gzip -9 ${zlib.gzipSync(raw, { level: 9 }).length} B`);
}
const browser = await launch();
const srv = await serve(dist, { isolated: false });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const lang of ['en', 'th']) {
    const paint = [], text = [];
    for (let i = 0; i < 10; i++) {
      const page = await browser.newPage();
      // Times taken in the page itself: when the first P card is drawn, and when
      // <html lang> turns to the language (its text is shown).
      await page.addInitScript((l) => {
        window.__t = {};
        new MutationObserver(() => {
          if (!window.__t.paint && document.querySelector('.pcard')) window.__t.paint = performance.now();
          if (!window.__t.text && document.documentElement.dataset.text === l && document.querySelector('#lang')) window.__t.text = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['lang'] });
      }, lang);
      await page.goto(`${srv.url}?driver=sim&step=0&lang=${lang}`);
      await page.waitForFunction(() => window.__t.paint, null, { timeout: 30_000 });
      if (await page.$('#lang')) { // a build without the languages has no picker
        await page.waitForFunction(() => window.__t.text, null, { timeout: 30_000 });
      }
      const t = await page.evaluate(() => window.__t);
      paint.push(t.paint);
      if (t.text) text.push(t.text);
      await page.close();
    }
    console.log(`${lang}: first paint of the app ${median(paint).toFixed(0)} ms (median of 10; min ${Math.min(...paint).toFixed(0)}), ${text.length ? `text in ${lang} shown at ${median(text).toFixed(0)} ms` : 'no languages in this build'}`);
  }
} finally {
  await browser.close();
  await srv.close();
}
