//! Quiz questions: the chapters' questions (static/quiz/questions.json) and
//! predict-the-next-state questions the deterministic driver generates, plus the
//! learner's progress (kept in localStorage).
//!
//! Embedding pages receive `postMessage` events `{source: "gmp-explorer", version: 1,
//! type: "answered" | "completed", id?, correct?, score, total}` (docs/EMBEDDING.md).

use std::collections::BTreeMap;

use gmp_core::trace::EvKind;

use crate::engine::{Engine, RunSpec};

#[derive(Clone, Debug, PartialEq)]
pub struct Text {
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
    pub en: Text,
    /// Thai, when the question has it (generated questions are English only).
    pub th: Option<Text>,
    /// Where "Show me" goes: a URL query.
    pub show: String,
}

impl Question {
    pub fn text(&self, lang: &str) -> &Text {
        match (lang, &self.th) {
            ("th", Some(t)) => t,
            _ => &self.en,
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
    let text = |o: &JsValue| -> Option<Text> {
        if o.is_undefined() {
            return None;
        }
        let opts = js_sys::Array::from(&get(o, "options"));
        Some(Text {
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
        out.push(Question {
            id: s(&q, "id"),
            source: s(&q, "source"),
            topic: s(&q, "topic"),
            correct: get(&q, "correct").as_f64().unwrap_or(0.0) as usize,
            en: text(&get(&q, "en")).ok_or("a question without English text")?,
            th: text(&get(&q, "th")),
            show: match step {
                Some(n) => format!("?lesson={lesson}&step={n}"),
                None => format!("?lesson={lesson}"),
            },
        });
    }
    Ok(out)
}

/// Kinds of generated questions.
pub const GENERATED: &[&str] = &["next-g", "steal-count", "preempt-where"];

/// The first user goroutine's goid with GOMAXPROCS=1 (see `oracle/goid`).
const FIRST_USER_GOID_ONE_P: u64 = 7;

fn spec(scenario: &str, params: &[(&str, &str)], procs: u32, seed: u64) -> RunSpec {
    RunSpec {
        scenario: scenario.into(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        procs,
        seed,
        ..RunSpec::default()
    }
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

fn distinct_options(answer: String, others: Vec<String>) -> (Vec<String>, usize) {
    let mut opts = vec![answer.clone()];
    for o in others {
        if opts.len() < 4 && !opts.contains(&o) {
            opts.push(o);
        }
    }
    let mut filler = 1;
    while opts.len() < 4 {
        let o = format!("{} other", filler);
        filler += 1;
        if !opts.contains(&o) {
            opts.push(o);
        }
    }
    // Put the answer at a position that depends on the text, so it moves around.
    let pos = (answer.bytes().map(|b| b as u64).sum::<u64>() % 4) as usize;
    opts.swap(0, pos);
    (opts, pos)
}

/// A predict-the-next-state question of `kind` for `seed`, computed by running the
/// deterministic driver. None if this seed has no suitable moment.
pub fn generate(kind: &str, seed: u64) -> Option<Question> {
    match kind {
        "next-g" => {
            let n = 3 + (seed % 3) as usize;
            let goroutines = n.to_string();
            let s = spec("gosched", &[("goroutines", &goroutines)], 1, seed);
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
            let mut others = vec![];
            others.extend(p0.runnext.map(|x| format!("G{x} (P0's runnext)")));
            others.extend(
                p0.ring
                    .first()
                    .map(|x| format!("G{x} (the head of P0's ring)")),
            );
            others.extend(
                snap.global
                    .clone()
                    .unwrap_or_default()
                    .first()
                    .map(|x| format!("G{x} (the head of the global queue)")),
            );
            others.push("none: P0 goes idle".into());
            let answer = others
                .iter()
                .find(|o| o.starts_with(&format!("G{g} ")))
                .cloned()
                .unwrap_or(format!("G{g}"));
            let others: Vec<String> = others.into_iter().filter(|o| *o != answer).collect();
            let (options, correct) = distinct_options(answer, others);
            Some(Question {
                id: format!("gen-next-g-{seed}"),
                source: "generated".into(),
                topic: "what runs next".into(),
                correct,
                en: Text {
                    question: format!(
                        "GOMAXPROCS(1), {n} goroutines yielding with runtime.Gosched. P0's current goroutine has just stopped (t = {:.3} ms). Which goroutine does P0 run next?",
                        snap.now as f64 / 1e6
                    ),
                    options,
                    explanation: "findRunnable looks at runnext first, then the ring, then the global queue (and takes one global G first on every 61st schedtick). A G that called Gosched waits at the global queue's tail.".into(),
                },
                th: None,
                show: query(&s, step),
            })
        }
        "steal-count" => {
            let n = 6 + (seed % 20);
            let goroutines = n.to_string();
            let procs = 2 + (seed % 3) as u32;
            let s = spec(
                "cpu-bound",
                &[("goroutines", &goroutines), ("work", "5ms")],
                procs,
                seed,
            );
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
            let answer = format!("{took}");
            let others = vec![
                format!("{len}"),
                "1".into(),
                format!("{}", len / 2),
                format!("{}", len.saturating_sub(1)),
            ];
            let (options, correct) = distinct_options(answer, others);
            Some(Question {
                id: format!("gen-steal-count-{seed}"),
                source: "generated".into(),
                topic: "work stealing".into(),
                correct,
                en: Text {
                    question: format!(
                        "P{thief} has nothing to run and is about to steal from P{victim}, whose ring holds {len} goroutines. How many does it take?"
                    ),
                    options,
                    explanation: "runqgrab takes half of the victim's ring, rounded up (n - n/2): the thief runs the last one it took and queues the rest in its own ring.".into(),
                },
                th: None,
                show: query(&s, step),
            })
        }
        "preempt-where" => {
            let s = spec(
                "cpu-bound",
                &[("goroutines", "6"), ("work", "60ms")],
                2,
                seed,
            );
            let (step, ev, _) = find_step(
                &s,
                &|k, _| matches!(k, EvKind::Preempt { .. }),
                (seed % 3) as usize,
            )?;
            let EvKind::Preempt { g, .. } = ev.kind else {
                return None;
            };
            let p = ev.p;
            let answer = "the tail of the global run queue".to_string();
            let others = vec![
                format!("P{p}'s runnext"),
                format!("the head of P{p}'s ring"),
                "the netpoller".into(),
            ];
            let (options, correct) = distinct_options(answer, others);
            Some(Question {
                id: format!("gen-preempt-where-{seed}"),
                source: "generated".into(),
                topic: "preemption".into(),
                correct,
                en: Text {
                    question: format!(
                        "G{g} has been running on P{p} for more than 10 ms without a new schedtick. sysmon preempts it. Where does G{g} go?"
                    ),
                    options,
                    explanation: "gopreempt_m → goschedImpl puts a preempted G at the tail of the global queue (only during a pending stop-the-world does it stay in the P's runnext).".into(),
                },
                th: None,
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
                if let Some(q) = generate(kind, seed) {
                    assert_eq!(q.en.options.len(), 4, "{q:?}");
                    assert!(q.correct < 4);
                    let mut o = q.en.options.clone();
                    o.sort();
                    o.dedup();
                    assert_eq!(o.len(), 4, "distinct options: {q:?}");
                    assert!(q.show.contains("step="));
                    made += 1;
                }
            }
            assert!(made >= 3, "{kind}: only {made} of 6 seeds gave a question");
        }
    }
}
