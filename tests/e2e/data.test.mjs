// Validates the quiz data served at static/quiz/questions.json.
// Run from the repository root: node --test tests/e2e/data.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const url = new URL('../../static/quiz/questions.json', import.meta.url);
const data = JSON.parse(readFileSync(url, 'utf8'));
const questions = data.questions;

// The lessons a question may point to: every lessons/<id>/lesson.json.
const LESSONS_DIR = new URL('../../lessons/', import.meta.url);
const LESSONS = new Set(readdirSync(LESSONS_DIR)
  .filter((d) => existsSync(new URL(`${d}/lesson.json`, LESSONS_DIR))));
const SOURCES = new Set(['seed 000', 'seed 001', 'seed 003', 'seed 004']);
const THAI = /[\u0E00-\u0E7F]/;
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const nonEmpty = (s) => typeof s === 'string' && s.trim().length > 0;
const byId = (id) => questions.find((q) => q.id === id);

test('top level: version 1 and at least 20 questions', () => {
  assert.equal(data.version, 1);
  assert.ok(Array.isArray(questions), 'questions must be an array');
  assert.ok(questions.length >= 20, `expected >= 20 questions, got ${questions.length}`);
});

test('ids are unique kebab-case strings', () => {
  const seen = new Set();
  for (const q of questions) {
    assert.ok(nonEmpty(q.id) && ID.test(q.id), `bad id: ${JSON.stringify(q.id)}`);
    assert.ok(!seen.has(q.id), `duplicate id: ${q.id}`);
    seen.add(q.id);
  }
});

test('every question has source, topic, correct index and a known lesson', () => {
  for (const q of questions) {
    assert.ok(SOURCES.has(q.source), `${q.id}: unknown source ${q.source}`);
    assert.ok(nonEmpty(q.topic), `${q.id}: empty topic`);
    assert.ok(Number.isInteger(q.correct), `${q.id}: correct is not an integer`);
    assert.ok(q.correct >= 0 && q.correct <= 3, `${q.id}: correct out of range: ${q.correct}`);
    assert.equal(typeof q.show, 'object', `${q.id}: missing show`);
    assert.ok(LESSONS.has(q.show.lesson), `${q.id}: unknown lesson ${q.show.lesson}`);
    if ('step' in q.show) {
      assert.ok(Number.isInteger(q.show.step) && q.show.step >= 0, `${q.id}: bad step`);
    }
  }
});

test('both languages: question, 4 distinct non-empty options, explanation', () => {
  for (const q of questions) {
    for (const lang of ['en', 'th']) {
      const t = q[lang];
      assert.equal(typeof t, 'object', `${q.id}: missing ${lang}`);
      assert.ok(nonEmpty(t.question), `${q.id}.${lang}: empty question`);
      assert.ok(Array.isArray(t.options), `${q.id}.${lang}: options is not an array`);
      assert.equal(t.options.length, 4, `${q.id}.${lang}: expected 4 options`);
      for (const o of t.options) assert.ok(nonEmpty(o), `${q.id}.${lang}: empty option`);
      const distinct = new Set(t.options.map((o) => o.trim()));
      assert.equal(distinct.size, 4, `${q.id}.${lang}: options are not distinct`);
      assert.ok(nonEmpty(t.explanation), `${q.id}.${lang}: empty explanation`);
      // exactly one correct option: the index points at an existing option
      assert.ok(nonEmpty(t.options[q.correct]), `${q.id}.${lang}: correct option missing`);
    }
  }
});

test('Thai text is actually Thai', () => {
  for (const q of questions) {
    assert.match(q.th.question, THAI, `${q.id}: Thai question has no Thai script`);
    assert.match(q.th.explanation, THAI, `${q.id}: Thai explanation has no Thai script`);
  }
});

test('the correct option is not always at the same index', () => {
  const used = new Set(questions.map((q) => q.correct));
  assert.ok(used.size >= 3, `correct indices used: ${[...used].join(', ')}`);
});

test('the first six questions are the seed-000 quiz, in order', () => {
  for (let i = 0; i < 6; i++) {
    assert.equal(questions[i].id, `sched-q${i + 1}`);
    assert.equal(questions[i].source, 'seed 000');
  }
});

test('spot check of the seed-000 answers', () => {
  const answer = (id) => {
    const q = byId(id);
    assert.ok(q, `missing ${id}`);
    return q.en.options[q.correct];
  };
  assert.match(answer('sched-q1'), /256/);
  assert.match(answer('sched-q3'), /global/i);
  assert.match(answer('sched-q6'), /GOMAXPROCS|\b8\b/);
});
