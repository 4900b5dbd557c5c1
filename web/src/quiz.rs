//! Quiz questions: the chapters' questions (static/quiz/questions.json) and
//! predict-the-next-state questions the deterministic driver generates, plus the
//! learner's progress (kept in localStorage).
//!
//! Embedding pages receive `postMessage` events `{source: "gmp-explorer", version: 1,
//! type: "answered" | "completed", id?, correct?, score, total}` (docs/EMBEDDING.md).

use std::collections::BTreeMap;

use gmp_core::trace::EvKind;

use crate::engine::{Engine, RunSpec};
use crate::strings::{self, Msg, Text};

/// A question's words in one language.
#[derive(Clone, Debug, PartialEq)]
pub struct Wording {
    pub question: String,
    pub options: Vec<String>,
    pub explanation: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub id: String,
    pub source: String,
    pub topic: String,
    pub correct: usize,
    pub en: Wording,
    /// The other languages the question has (`"th"`, `"zh-Hant"`, `"vi"` in
    /// questions.json; a generated question has the page's language).
    pub langs: Vec<(String, Wording)>,
    /// Where "Show me" goes: a URL query.
    pub show: String,
}

impl Question {
    /// The words in `lang` and the language they are really in (English when the
    /// question lacks `lang`).
    pub fn text(&self, lang: &str) -> (&Wording, &str) {
        match self.langs.iter().find(|(l, _)| l == lang) {
            Some((l, t)) => (t, l),
            None => (&self.en, "en"),
        }
    }
}

/// The learner's answers: question id → chosen option.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    pub answers: BTreeMap<String, usize>,
    pub completed: bool,
}

impl Progress {
    pub fn score(&self, qs: &[Question]) -> usize {
        qs.iter()
            .filter(|q| self.answers.get(&q.id) == Some(&q.correct))
            .count()
    }

    /// `{"answers":{"id":n,...},"completed":bool}`.
    pub fn to_json(&self) -> String {
        let answers: Vec<String> = self
            .answers
            .iter()
            .map(|(k, v)| format!("\"{}\":{v}", k.replace(['"', '\\'], "")))
            .collect();
        format!(
            "{{\"answers\":{{{}}},\"completed\":{}}}",
            answers.join(","),
            self.completed
        )
    }

    /// Parses [`Progress::to_json`]'s output; anything else gives empty progress.
    pub fn from_json(s: &str) -> Progress {
        let mut p = Progress::default();
        let Some(start) = s.find("\"answers\":{") else {
            return p;
        };
        let rest = &s[start + 11..];
        let Some(end) = rest.find('}') else { return p };
        for pair in rest[..end].split(',').filter(|x| !x.is_empty()) {
            if let Some((k, v)) = pair.split_once(':') {
                if let Ok(n) = v.trim().parse::<usize>() {
                    p.answers.insert(k.trim().trim_matches('"').to_string(), n);
                }
            }
        }
        p.completed = s.contains("\"completed\":true");
        p
    }
}

/// Builds questions from the parsed JSON (a `js_sys` value in the browser).
#[cfg(target_arch = "wasm32")]
pub fn from_js(v: &wasm_bindgen::JsValue) -> Result<Vec<Question>, String> {
    use js_sys::Reflect;
    use wasm_bindgen::JsValue;
    let get = |o: &JsValue, k: &str| Reflect::get(o, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let s = |o: &JsValue, k: &str| get(o, k).as_string().unwrap_or_default();
    let text = |o: &JsValue| -> Option<Wording> {
        if o.is_undefined() {
            return None;
        }
        let opts = js_sys::Array::from(&get(o, "options"));
        Some(Wording {
            question: s(o, "question"),
            options: opts.iter().filter_map(|x| x.as_string()).collect(),
            explanation: s(o, "explanation"),
        })
    };
    let qs = js_sys::Array::from(&get(v, "questions"));
    let mut out = Vec::new();
    for q in qs.iter() {
        let show = get(&q, "show");
        let lesson = s(&show, "lesson");
        let step = get(&show, "step").as_f64();
        // The lesson's "show me" item the question is about: the moment it shows.
        let item = get(&show, "item").as_f64();
        out.push(Question {
            id: s(&q, "id"),
            source: s(&q, "source"),
            topic: s(&q, "topic"),
            correct: get(&q, "correct").as_f64().unwrap_or(0.0) as usize,
            en: text(&get(&q, "en")).ok_or("a question without English text")?,
            langs: strings::LANGS
                .iter()
                .filter(|(l, _)| *l != "en")
                .filter_map(|(l, _)| text(&get(&q, l)).map(|t| (l.to_string(), t)))
                .collect(),
            show: match (step, item) {
                (Some(n), _) => format!("?lesson={lesson}&step={n}"),
                (None, Some(i)) => format!("?lesson={lesson}&show={i}"),
                (None, None) => format!("?lesson={lesson}"),
            },
        });
    }
    Ok(out)
}

/// The first user goroutine's goid with GOMAXPROCS=1 (see `oracle/goid`).
const FIRST_USER_GOID_ONE_P: u64 = 7;

include!("quiz_runs.rs");

/// The run `kind` makes for `seed` (`quiz_runs.rs`).
fn spec(kind: &str, seed: u64) -> Option<RunSpec> {
    let r = quiz_run(kind, seed)?;
    Some(RunSpec {
        scenario: r.scenario.into(),
        params: r.params,
        procs: r.procs,
        seed,
        ..RunSpec::default()
    })
}

fn query(s: &RunSpec, step: u64) -> String {
    let mut q = format!("?scenario={}", s.scenario);
    for (k, v) in &s.params {
        q.push_str(&format!("&p.{k}={v}"));
    }
    format!(
        "{q}&procs={}&seed={}&driver=sim&step={step}",
        s.procs, s.seed
    )
}

/// Runs `spec` until `pick` finds the event of interest; returns the step it happened
/// in and the event, with an engine rebuilt to just before that step.
fn find_step(
    spec: &RunSpec,
    pick: &dyn Fn(&EvKind, i32) -> bool,
    skip: usize,
) -> Option<(u64, gmp_core::trace::Event, Engine)> {
    let mut e = Engine::new_sim(spec.clone()).ok()?;
    let mut seen = 0;
    let mut from = 0u64;
    for _ in 0..200_000 {
        let before = e.steps();
        e.step();
        if e.steps() == before {
            return None;
        }
        for ev in e.events_since(&mut from) {
            if pick(&ev.kind, ev.p) {
                if seen == skip {
                    let mut again = Engine::new_sim(spec.clone()).ok()?;
                    again.rewind_to(before).ok()?;
                    return Some((before, ev, again));
                }
                seen += 1;
            }
        }
    }
    None
}

/// Four distinct options (compared in English): the answer, then `others` in order,
/// then `fill` (more answers of the same kind, each one a reader could believe). None
/// when there are not four: a question never pads with an option that means nothing.
/// The answer's position depends on its English words, so it moves around but is the
/// same in every language.
fn distinct_options(answer: Msg, others: Vec<Msg>, fill: Vec<Msg>) -> Option<(Vec<Msg>, usize)> {
    let mut opts = vec![answer.clone()];
    for o in others.into_iter().chain(fill) {
        if opts.len() < 4 && !opts.iter().any(|x| x.en() == o.en()) {
            opts.push(o);
        }
    }
    if opts.len() < 4 {
        return None;
    }
    let pos = (answer.en().bytes().map(|b| b as u64).sum::<u64>() % 4) as usize;
    opts.swap(0, pos);
    Some((opts, pos))
}

/// A generated question's facts, as messages: said in English and in the page's
/// language from the same run.
struct Made {
    id: String,
    topic: &'static str,
    question: Msg,
    options: Vec<Msg>,
    correct: usize,
    why: &'static str,
    show: String,
}

impl Made {
    fn wording(&self, t: &Text) -> Wording {
        Wording {
            question: t.msg(&self.question),
            options: self.options.iter().map(|o| t.msg(o)).collect(),
            explanation: t.t(self.why),
        }
    }

    fn question(self, t: &Text) -> Question {
        let en = self.wording(&Text::english());
        let langs = if t.lang() == "en" {
            vec![]
        } else {
            vec![(t.lang().to_string(), self.wording(t))]
        };
        Question {
            id: self.id,
            source: "generated".into(),
            topic: Text::english().t(self.topic),
            correct: self.correct,
            en,
            langs,
            show: self.show,
        }
    }
}

/// A predict-the-next-state question of `kind` for `seed`, computed by running the
/// deterministic driver, in English and in `t`'s language. None if this seed has no
/// suitable moment.
pub fn generate(kind: &str, seed: u64, t: &Text) -> Option<Question> {
    make(kind, seed).map(|m| m.question(t))
}

fn make(kind: &str, seed: u64) -> Option<Made> {
    let g_msg = |key: &'static str, g: u64| Msg::new(key).with("g", g.to_string());
    match kind {
        "next-g" => {
            let s = spec(kind, seed)?;
            let n: usize = s.params[0].1.parse().ok()?;
            let skip = 2 + (seed % 4) as usize;
            let (step, ev, eng) = find_step(
                &s,
                // With one P the first user goroutine is goid 7 (runtime.main's own
                // goroutines take 1-6; real Go 1.27.3, 30 of 30 runs, oracle/goid).
                &|k, p| p == 0 && matches!(k, EvKind::GoStart { g } if *g >= FIRST_USER_GOID_ONE_P),
                skip,
            )?;
            let EvKind::GoStart { g } = ev.kind else {
                return None;
            };
            let snap = eng.snapshot();
            let p0 = &snap.ps[0];
            // (the goroutine an option names, if any; the option)
            let mut others: Vec<(Option<u64>, Msg)> = vec![];
            others.extend(
                p0.runnext
                    .map(|x| (Some(x), g_msg("gen.next_g_runnext", x))),
            );
            others.extend(
                p0.ring
                    .first()
                    .map(|&x| (Some(x), g_msg("gen.next_g_ring", x))),
            );
            others.extend(
                snap.global
                    .clone()
                    .unwrap_or_default()
                    .first()
                    .map(|&x| (Some(x), g_msg("gen.next_g_global", x))),
            );
            others.push((None, Msg::new("gen.next_g_idle")));
            let answer = others
                .iter()
                .find(|(x, _)| *x == Some(g))
                .map(|(_, m)| m.clone())
                .unwrap_or_else(|| Msg::new("gen.g").with("g", g.to_string()));
            let others: Vec<Msg> = others
                .into_iter()
                .map(|(_, m)| m)
                .filter(|m| *m != answer)
                .collect();
            // More of the goroutines P0 could run: the rest of its ring, then of the
            // global queue, then any other of the program's.
            let global = snap.global.clone().unwrap_or_default();
            let fill: Vec<Msg> = p0
                .ring
                .iter()
                .skip(1)
                .chain(global.iter().skip(1))
                .copied()
                .chain(
                    snap.gs
                        .iter()
                        .filter(|x| x.goid >= FIRST_USER_GOID_ONE_P)
                        .map(|x| x.goid),
                )
                .filter(|&x| x != g)
                .map(|x| Msg::new("gen.g").with("g", x.to_string()))
                .collect();
            let (options, correct) = distinct_options(answer, others, fill)?;
            Some(Made {
                id: format!("gen-next-g-{seed}"),
                topic: "gen.topic_next_g",
                question: Msg::new("gen.next_g_q")
                    .int("n", n)
                    .with("ms", strings::Arg::Dec(snap.now as f64 / 1e6, 3)),
                options,
                correct,
                why: "gen.next_g_why",
                show: query(&s, step),
            })
        }
        "steal-count" => {
            let s = spec(kind, seed)?;
            let (step, ev, eng) = find_step(
                &s,
                &|k, _| matches!(k, EvKind::Steal { runnext: false, .. }),
                0,
            )?;
            let EvKind::Steal {
                victim,
                thief,
                n: took,
                ..
            } = ev.kind
            else {
                return None;
            };
            let len = eng.snapshot().ps[victim as usize].ring.len() as u32;
            if len < 2 {
                return None;
            }
            let count = |n: u32| Msg::new("gen.count").int("n", n);
            let others = vec![
                count(len),
                count(1),
                count(len / 2),
                count(len.saturating_sub(1)),
            ];
            // Other counts a reader might expect, none more than the ring could give
            // and one more.
            let fill = (0..=len + 1).map(count).collect();
            let (options, correct) = distinct_options(count(took), others, fill)?;
            Some(Made {
                id: format!("gen-steal-count-{seed}"),
                topic: "gen.topic_steal",
                question: Msg::new("gen.steal_q")
                    .with("thief", thief.to_string())
                    .with("victim", victim.to_string())
                    .int("len", len),
                options,
                correct,
                why: "gen.steal_why",
                show: query(&s, step),
            })
        }
        "preempt-where" => {
            let s = spec(kind, seed)?;
            let (step, ev, _) = find_step(
                &s,
                &|k, _| matches!(k, EvKind::Preempt { .. }),
                (seed % 3) as usize,
            )?;
            let EvKind::Preempt { g, .. } = ev.kind else {
                return None;
            };
            let p = ev.p.to_string();
            let answer = Msg::new("gen.preempt_global");
            let others = vec![
                Msg::new("gen.preempt_runnext").with("p", &p),
                Msg::new("gen.preempt_ring").with("p", &p),
                Msg::new("gen.preempt_netpoller"),
            ];
            let (options, correct) = distinct_options(answer, others, vec![])?;
            Some(Made {
                id: format!("gen-preempt-where-{seed}"),
                topic: "gen.topic_preempt",
                question: Msg::new("gen.preempt_q")
                    .with("g", g.to_string())
                    .with("p", p),
                options,
                correct,
                why: "gen.preempt_why",
                show: query(&s, step),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips() {
        let mut p = Progress::default();
        p.answers.insert("sched-q1".into(), 1);
        p.answers.insert("gen-next-g-3".into(), 2);
        p.completed = true;
        assert_eq!(Progress::from_json(&p.to_json()), p);
        assert_eq!(Progress::from_json("garbage"), Progress::default());
    }

    #[test]
    fn generated_questions_have_one_answer_from_the_engine() {
        for kind in GENERATED {
            let mut made = 0;
            for seed in 1..=6 {
                if let Some(q) = generate(kind, seed, &Text::english()) {
                    assert_eq!(q.en.options.len(), 4, "{q:?}");
                    assert!(q.correct < 4);
                    let mut o = q.en.options.clone();
                    o.sort();
                    o.dedup();
                    assert_eq!(o.len(), 4, "distinct options: {q:?}");
                    // Every option is an answer of the question's kind: a goroutine,
                    // a count or a place, never a filler.
                    for x in &q.en.options {
                        let ok = match *kind {
                            "next-g" => x.starts_with('G') || x.starts_with("none"),
                            "steal-count" => x.parse::<u32>().is_ok(),
                            _ => !x.chars().next().is_some_and(|c| c.is_ascii_digit()),
                        };
                        assert!(ok && !x.contains("other"), "{kind}: option {x:?} in {q:?}");
                    }
                    assert!(q.show.contains("step="));
                    made += 1;
                }
            }
            assert!(made >= 3, "{kind}: only {made} of 6 seeds gave a question");
        }
    }
}
