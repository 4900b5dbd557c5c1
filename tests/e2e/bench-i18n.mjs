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
      await page.goto(`${srv.url}?driver=sim&step=0&lang=${lang}`, { waitUntil: 'commit' });
      const p = await page.waitForFunction(() => document.querySelector('.pcard') && performance.now(), null, { polling: 'raf', timeout: 30_000 });
      paint.push(await p.jsonValue());
      if (await page.$('#lang')) { // a build without the languages has no picker
        const t = await page.waitForFunction((l) => document.documentElement.lang === l && performance.now(), lang, { polling: 'raf', timeout: 30_000 });
        text.push(await t.jsonValue());
      }
      await page.close();
    }
    console.log(`${lang}: first paint of the app ${median(paint).toFixed(0)} ms (median of 10; min ${Math.min(...paint).toFixed(0)}), ${text.length ? `text in ${lang} shown at ${median(text).toFixed(0)} ms` : 'no languages in this build'}`);
  }
} finally {
  await browser.close();
  await srv.close();
}
