//! Every language has every word: each key of `static/i18n/en.json` in each language's
//! file, not empty and not left in English (unless allowed below), with the same
//! placeholders; each lesson's file with the same ids and shape; each quiz question in
//! each language; and every key the code asks for exists (and every key is asked for).
//! A failure names the language and the keys.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use super::{parse_json, placeholders, ui_table, Json, LessonText, LANGS};
use crate::lessons::LESSONS;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> Result<String, String> {
    std::fs::read_to_string(root().join(rel)).map_err(|e| format!("{rel}: {e}"))
}

fn table(lang: &str) -> Result<HashMap<String, String>, String> {
    let rel = format!("static/i18n/{lang}.json");
    parse_json(&read(&rel)?)
        .and_then(|j| ui_table(&j))
        .map_err(|e| format!("{rel}: {e}"))
}

/// Keys whose value is the same in every language: Go's names, the product's name,
/// and templates that are only placeholders and symbols.
const SAME_EVERYWHERE: &[&str] = &[
    "meta.title",          // GMP Explorer
    "meta.lesson_title",   // {lesson} · GMP Explorer
    "controls.n",          // N, the count field
    "controls.gomaxprocs", // GOMAXPROCS
    "controls.clock",      // t = {ms} ms
    "events.ms",           // {ms} ms
    "events.history_row",  // {ms} ms  {what}
    "lesson.copy_no",      // #
    "ev.procs_change",     // ProcsChange GOMAXPROCS={procs} (procresize)
    "ev.stw_begin",        // STWBegin ({kind})
    "ev.stw_end",          // STWEnd
    "where.go",            // Go's status and wait reason, as Go names them
    "gen.g",               // G{g}
    "gen.count",           // {n}
    "m.sysmon",            // sysmon
    "p.tick",              // tick {n}: the P's schedtick
    "p.status_gcstop",     // _Pgcstop
];

/// Keys a language keeps in English because its course chapter uses the English term
/// (see `docs/i18n/glossary.<lang>.md`).
const SAME_IN: &[(&str, &[&str])] = &[
    (
        "th",
        &[
            "top.explorer",
            "controls.spawn_cpu",
            "controls.spawn_blocking",
            "gkind.cpu",
            "gkind.blocking",
            "controls.seed",
            "p.status_syscall",
            "global.heading",
            "lesson.embed_title",
            "gen.topic_steal",
            "gen.topic_preempt",
        ],
    ),
    (
        "vi",
        &[
            "controls.seed",
            "p.status_syscall",
            "lesson.embed_title",
            "gen.topic_steal",
            "gen.topic_preempt",
            "step.next_preempt",
            "step.next_gosched",
            "step.next_park",
        ],
    ),
    ("zh-Hant", &["step.next_gosched"]),
];

fn allowed_same(lang: &str, key: &str) -> bool {
    SAME_EVERYWHERE.contains(&key)
        || SAME_IN
            .iter()
            .any(|(l, keys)| *l == lang && keys.contains(&key))
}

fn set(v: Vec<String>) -> BTreeSet<String> {
    v.into_iter().collect()
}

#[test]
fn every_ui_key_is_translated_in_every_language() {
    let en = table("en").unwrap();
    let mut problems = Vec::new();
    for (lang, _) in LANGS.iter().filter(|(l, _)| *l != "en") {
        let t = match table(lang) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{lang}: the file is missing or unreadable: {e}"));
                continue;
            }
        };
        let mut keys: Vec<&String> = en.keys().collect();
        keys.sort();
        let missing: Vec<&str> = keys
            .iter()
            .filter(|k| !t.contains_key(**k))
            .map(|k| k.as_str())
            .collect();
        let empty: Vec<&str> = keys
            .iter()
            .filter(|k| t.get(**k).is_some_and(|v| v.trim().is_empty()))
            .map(|k| k.as_str())
            .collect();
        let english: Vec<&str> = keys
            .iter()
            .filter(|k| t.get(**k) == en.get(**k) && !allowed_same(lang, k))
            .map(|k| k.as_str())
            .collect();
        let placeholders_differ: Vec<String> = keys
            .iter()
            .filter_map(|k| {
                let v = t.get(*k)?;
                let (a, b) = (set(placeholders(&en[*k])), set(placeholders(v)));
                (a != b).then(|| format!("{k} ({a:?} vs {b:?})"))
            })
            .collect();
        let mut extra: Vec<&str> = t
            .keys()
            .filter(|k| !en.contains_key(*k))
            .map(|k| k.as_str())
            .collect();
        extra.sort();
        for (what, list) in [
            ("missing keys", missing.join(", ")),
            ("empty values", empty.join(", ")),
            ("left in English", english.join(", ")),
            ("placeholders differ", placeholders_differ.join(", ")),
            ("keys English does not have", extra.join(", ")),
        ] {
            if !list.is_empty() {
                problems.push(format!("{lang}: {what}: {list}"));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_allow_lists_only_name_keys_that_exist_and_are_the_same() {
    let en = table("en").unwrap();
    for k in SAME_EVERYWHERE
        .iter()
        .chain(SAME_IN.iter().flat_map(|(_, ks)| ks.iter()))
    {
        assert!(
            en.contains_key(*k),
            "allow-listed key {k} is not in en.json"
        );
    }
    // A language's own list names only keys it really keeps in English.
    let mut stale = Vec::new();
    for (lang, keys) in SAME_IN {
        let Ok(t) = table(lang) else { continue };
        for k in *keys {
            if t.get(*k).is_some_and(|v| Some(v) != en.get(*k)) {
                stale.push(format!("{lang}: {k}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "translated now, drop from SAME_IN: {stale:?}"
    );
}

fn lesson_json(id: &str, lang: &str) -> Result<Json, String> {
    let rel = format!("lessons/{id}/{lang}.json");
    parse_json(&read(&rel)?).map_err(|e| format!("{rel}: {e}"))
}

/// Lesson words that may stay as English writes them: Go code and Go's names.
const LESSON_SAME: &[&str] = &["GOMAXPROCS(2)", "asyncpreemptoff=1", "runtime.GC()"];

#[test]
fn every_lesson_has_the_same_shape_in_every_language() {
    let mut problems = Vec::new();
    for l in LESSONS {
        let en = LessonText::from_json(&lesson_json(l.id, "en").unwrap()).unwrap();
        let ids: BTreeSet<&str> = l.variants.iter().map(|v| v.id).collect();
        let en_ids: BTreeSet<&str> = en.variants.keys().map(|k| k.as_str()).collect();
        assert_eq!(
            ids, en_ids,
            "{}: lessons.rs and en.json name other variants",
            l.id
        );
        for (lang, _) in LANGS.iter().filter(|(l, _)| *l != "en") {
            let j = match lesson_json(l.id, lang) {
                Ok(j) => j,
                Err(e) => {
                    problems.push(format!("{lang}: {e}"));
                    continue;
                }
            };
            let t = match LessonText::from_json(&j) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(format!("{lang} {}: {e}", l.id));
                    continue;
                }
            };
            let mut bad = |what: String| problems.push(format!("{lang} {}: {what}", l.id));
            let ids: BTreeSet<&str> = t.variants.keys().map(|k| k.as_str()).collect();
            if ids != en_ids {
                bad(format!("variants {ids:?}, English has {en_ids:?}"));
            }
            for (field, a, b) in [
                ("intro", &t.intro, &en.intro),
                ("look_at", &t.look_at, &en.look_at),
            ] {
                if a.len() != b.len() {
                    bad(format!(
                        "{field} has {} paragraphs, English {}",
                        a.len(),
                        b.len()
                    ));
                }
            }
            let mut pairs: Vec<(String, &String, &String)> =
                vec![("title".into(), &t.title, &en.title)];
            for (i, (a, b)) in t.intro.iter().zip(&en.intro).enumerate() {
                pairs.push((format!("intro[{i}]"), a, b));
            }
            for (i, (a, b)) in t.look_at.iter().zip(&en.look_at).enumerate() {
                pairs.push((format!("look_at[{i}]"), a, b));
            }
            for (id, (label, note)) in &en.variants {
                if let Some((l2, n2)) = t.variants.get(id) {
                    pairs.push((format!("variants.{id}.label"), l2, label));
                    pairs.push((format!("variants.{id}.note"), n2, note));
                }
            }
            for (field, a, b) in pairs {
                if b.is_empty() {
                    if !a.is_empty() {
                        bad(format!("{field} is empty in English but not here"));
                    }
                } else if a.trim().is_empty() {
                    bad(format!("{field} is empty"));
                } else if a == b && !LESSON_SAME.contains(&a.as_str()) {
                    bad(format!("{field} is left in English: {a:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn every_quiz_question_is_in_every_language() {
    let j = parse_json(&read("static/quiz/questions.json").unwrap()).unwrap();
    let Some(Json::Arr(qs)) = j.get("questions") else {
        panic!("questions.json has no questions");
    };
    let mut problems = Vec::new();
    for q in qs {
        let id = q.get("id").and_then(Json::str).unwrap_or("?");
        let en = q.get("en").expect("English");
        let n = en.get("options").map(Json::strs).unwrap_or_default().len();
        for (lang, _) in LANGS {
            let Some(t) = q.get(lang) else {
                problems.push(format!("{id}: no {lang}"));
                continue;
            };
            let opts = t.get("options").map(Json::strs).unwrap_or_default();
            let text = |k: &str| {
                t.get(k)
                    .and_then(Json::str)
                    .unwrap_or("")
                    .trim()
                    .to_string()
            };
            if text("question").is_empty() || text("explanation").is_empty() {
                problems.push(format!("{id}.{lang}: an empty question or explanation"));
            }
            if opts.len() != n || opts.iter().any(|o| o.trim().is_empty()) {
                problems.push(format!(
                    "{id}.{lang}: {} options, English has {n}",
                    opts.len()
                ));
            }
            if *lang != "en" && t.get("question") == en.get("question") {
                problems.push(format!("{id}.{lang}: the question is left in English"));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Every string literal in the web crate's sources.
fn literals() -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![root().join("web/src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs")
                && !p.ends_with("strings/completeness.rs")
            {
                let src = std::fs::read_to_string(&p).unwrap();
                out.extend(string_literals(&src));
            }
        }
    }
    out
}

/// The string literals of Rust source: skips comments, char literals ('"') and
/// escapes, so a quote inside them does not pair up the wrong quotes.
fn string_literals(src: &str) -> Vec<String> {
    let b: Vec<char> = src.chars().collect();
    let (mut i, mut out) = (0, Vec::new());
    while i < b.len() {
        match b[i] {
            '/' if b.get(i + 1) == Some(&'/') => {
                while i < b.len() && b[i] != '\n' {
                    i += 1;
                }
            }
            '\'' => {
                // 'x' or '\x' (a char); otherwise a lifetime.
                if b.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < b.len() && b[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if b.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            '"' => {
                let mut lit = String::new();
                i += 1;
                while i < b.len() && b[i] != '"' {
                    if b[i] == '\\' {
                        i += 1;
                    }
                    if let Some(c) = b.get(i) {
                        lit.push(*c);
                    }
                    i += 1;
                }
                out.push(lit);
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Key families the code builds from a Go name (`format!("m.{}", ...)`).
const DYNAMIC: &[&str] = &["m.", "p.status_", "field."];

#[test]
fn every_key_the_code_asks_for_exists_and_every_key_is_asked_for() {
    let en = table("en").unwrap();
    let sections: BTreeSet<&str> = en.keys().filter_map(|k| k.split('.').next()).collect();
    let lits: BTreeSet<String> = literals().into_iter().collect();
    let looks_like_key = |s: &str| {
        let Some((sec, rest)) = s.split_once('.') else {
            return false;
        };
        sections.contains(sec)
            && !rest.is_empty()
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && rest.chars().next().is_some_and(|c| c.is_ascii_lowercase())
    };
    let unknown: Vec<&String> = lits
        .iter()
        .filter(|s| looks_like_key(s) && !en.contains_key(*s))
        .filter(|s| !DYNAMIC.contains(&s.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "keys the code uses that en.json lacks: {unknown:?}"
    );
    let mut unused: Vec<&String> = en
        .keys()
        .filter(|k| !lits.contains(*k) && !DYNAMIC.iter().any(|d| k.starts_with(d)))
        .collect();
    unused.sort();
    assert!(
        unused.is_empty(),
        "keys in en.json no code uses: {unused:?}"
    );
}

/// The sentences `index.html` shows before the wasm (and any text file) has loaded:
/// "Loading…" and a failed load (without shared memory it loads the fallback bundle,
/// so that has no sentence of its own). Each language has both, in its own words, and
/// the boot script knows the page's languages.
#[test]
fn the_boot_sentences_of_index_html_exist_in_every_language() {
    let html = read("index.html").unwrap();
    let start = html
        .find("var BOOT_TEXT = ")
        .expect("index.html has BOOT_TEXT")
        + 16;
    let end = start + html[start..].find("};").expect("BOOT_TEXT ends") + 1;
    let boot = parse_json(&html[start..end]).expect("BOOT_TEXT is JSON");
    let Json::Obj(langs) = &boot else {
        panic!("BOOT_TEXT is an object of languages")
    };
    let codes: BTreeSet<&str> = langs.iter().map(|(k, _)| k.as_str()).collect();
    let page: Vec<&str> = LANGS.iter().map(|(c, _)| *c).collect();
    assert_eq!(
        codes,
        page.iter().copied().collect(),
        "BOOT_TEXT has the page's languages"
    );
    let text = |lang: &str, key: &str| match boot.get(lang).and_then(|l| l.get(key)) {
        Some(Json::Str(s)) if !s.trim().is_empty() => s.clone(),
        other => panic!("BOOT_TEXT.{lang}.{key} is {other:?}"),
    };
    for key in ["loading", "load-failed"] {
        let en = text("en", key);
        for lang in page.iter().filter(|l| **l != "en") {
            assert_ne!(
                text(lang, key),
                en,
                "BOOT_TEXT.{lang}.{key} is left in English"
            );
        }
    }
}

/// A question's "Show me" opens a lesson that exists, at a "show me" item it has.
#[test]
fn every_quiz_show_me_names_a_lesson_and_one_of_its_items() {
    let j = parse_json(&read("static/quiz/questions.json").unwrap()).unwrap();
    let Some(Json::Arr(qs)) = j.get("questions") else {
        panic!("questions.json has no questions");
    };
    let mut items = 0;
    for q in qs {
        let id = q.get("id").and_then(Json::str).unwrap_or("?");
        let show = q.get("show").expect(id);
        let lesson = show.get("lesson").and_then(Json::str).unwrap_or("");
        let l =
            crate::lessons::find(lesson).unwrap_or_else(|| panic!("{id}: no lesson {lesson:?}"));
        if let Some(Json::Num(i)) = show.get("item") {
            assert!(
                l.bookmarks.get(*i as usize).copied().flatten().is_some(),
                "{id}: {lesson} has no show-me item {i}"
            );
            items += 1;
        }
    }
    assert!(items >= 10, "{items} questions open at their moment");
}
