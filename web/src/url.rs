//! Every state is a URL: `?lesson=gosched&variant=no-yield&procs=2&seed=3&step=120`.
//!
//! Parameters (all optional):
//! - `lesson`, `variant`: a lesson and one of its variants; or `scenario` and `p.KEY=V`
//!   for a scenario's parameters;
//! - `procs` (GOMAXPROCS, 1–16), `seed`, `driver` (`live`|`sim`), `speed` (virtual per
//!   real time, 0.001–1), `step` (deterministic steps to run before pausing);
//! - `in`: the inputs of an interactive run, each `STEP` then `c`/`b`/`n` (CPU-bound,
//!   blocking, network goroutines) or `p` (GOMAXPROCS) then a number, joined by `_`:
//!   `in=0c40_5120p2` spawns 40 CPU-bound goroutines at step 0 and sets GOMAXPROCS to 2
//!   at step 5120;
//! - `src`: a learner's own Go program (lz-string compressed, URL-safe; at most
//!   [`MAX_SRC_LINK`] characters: a longer program is not put in the link);
//! - `layout` (`full`|`compact`), `lang` (`en`|`th`|`zh-Hant`|`vi`: checked by
//!   `strings::choose`), `embed=1`, `quiz=<id>`, `pass`
//!   (the answers a quiz needs before it can be marked complete).
//!
//! Bad values never blank the page: each gets a specific notice and a sane default.

use gmp_core::GKind;

use crate::engine::Input;
use crate::lessons;
use crate::strings::Msg;

pub const MAX_UI_PROCS: u32 = 16;

/// The longest `src=` a link carries (characters after compression): URLs beyond
/// about 8 KB are cut by some servers and chat tools.
pub const MAX_SRC_LINK: usize = 6000;

/// A Go program as a `src=` value: lz-string's URI alphabet with its two characters
/// that a query string would change (`+`, `$`) swapped for unreserved ones.
pub fn source_to_link(src: &str) -> String {
    lz_str::compress_to_encoded_uri_component(src)
        .replace('+', ".")
        .replace('$', "~")
}

/// Reads [`source_to_link`]'s format; `None` if it is not one.
pub fn source_from_link(text: &str) -> Option<String> {
    let t = text.replace('.', "+").replace('~', "$");
    let wide = lz_str::decompress_from_encoded_uri_component(&t)?;
    let s = String::from_utf16(&wide).ok()?;
    (!s.is_empty()).then_some(s)
}

#[derive(Clone, Debug, PartialEq)]
pub struct UrlState {
    pub lesson: Option<String>,
    pub variant: Option<String>,
    pub scenario: Option<String>,
    pub params: Vec<(String, String)>,
    pub procs: Option<u32>,
    pub seed: Option<u64>,
    pub driver: Option<String>,
    pub speed: Option<f64>,
    pub step: Option<u64>,
    pub layout: String,
    /// `lang=` as given (an unknown one is refused by `strings::choose`).
    pub lang: Option<String>,
    pub embed: bool,
    pub quiz: Option<String>,
    /// `pass=N`: answers needed before "Mark as complete" (default: every question).
    pub pass: Option<u32>,
    /// `in=`: an interactive run's inputs, with the step each was applied at.
    pub inputs: Vec<(u64, Input)>,
    /// `src=`: the learner's own Go program.
    pub source: Option<String>,
    /// `show=N`: a lesson opens at its Nth "what to look at" item (its "Show me"
    /// search runs once; the address then carries the step it found, not `show`).
    pub show: Option<usize>,
}

impl Default for UrlState {
    fn default() -> Self {
        UrlState {
            lesson: None,
            variant: None,
            scenario: None,
            params: vec![],
            procs: None,
            seed: None,
            driver: None,
            speed: None,
            step: None,
            layout: "full".into(),
            lang: None,
            embed: false,
            quiz: None,
            pass: None,
            inputs: vec![],
            source: None,
            show: None,
        }
    }
}

/// `in=` as text: `0c40_5120p2`.
pub fn inputs_to_text(inputs: &[(u64, Input)]) -> String {
    inputs
        .iter()
        .map(|(at, i)| match *i {
            Input::Spawn(GKind::Blocking, n) => format!("{at}b{n}"),
            Input::Spawn(GKind::Network, n) => format!("{at}n{n}"),
            Input::Spawn(_, n) => format!("{at}c{n}"),
            Input::Procs(n) => format!("{at}p{n}"),
        })
        .collect::<Vec<_>>()
        .join("_")
}

/// Reads [`inputs_to_text`]'s format; `None` if any item is malformed.
pub fn inputs_from_text(text: &str) -> Option<Vec<(u64, Input)>> {
    let mut out = Vec::new();
    for item in text.split('_').filter(|x| !x.is_empty()) {
        let at = item.find(|c: char| !c.is_ascii_digit())?;
        let (step, rest) = item.split_at(at);
        let (kind, n) = rest.split_at(1);
        let (step, n): (u64, u32) = (step.parse().ok()?, n.parse().ok()?);
        let input = match kind {
            "c" => Input::Spawn(GKind::Cpu, n),
            "b" => Input::Spawn(GKind::Blocking, n),
            "n" => Input::Spawn(GKind::Network, n),
            "p" if (1..=MAX_UI_PROCS).contains(&n) => Input::Procs(n),
            _ => return None,
        };
        if matches!(input, Input::Spawn(_, 0)) || out.last().is_some_and(|(s, _)| *s > step) {
            return None;
        }
        out.push((step, input));
    }
    Some(out)
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match std::str::from_utf8(&bytes[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or(())
                {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Parses a query string (with or without the leading `?`). Returns the state and a
/// notice for every value that was ignored.
pub fn parse(query: &str) -> (UrlState, Vec<Msg>) {
    let mut st = UrlState::default();
    let mut notes = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (k, v) = (decode(k), decode(v));
        match k.as_str() {
            "lesson" => {
                if lessons::find(&v).is_some() {
                    st.lesson = Some(v);
                } else {
                    let known: Vec<_> = lessons::LESSONS.iter().map(|l| l.id).collect();
                    notes.push(
                        Msg::new("notice.no_lesson")
                            .with("value", &v)
                            .with("known", known.join(", ")),
                    );
                }
            }
            "variant" => st.variant = Some(v),
            "scenario" => {
                // A built-in scenario, or a lesson's own file (`lessons/<id>/main.go`).
                if crate::lessons::scenario(&v).is_some() {
                    st.scenario = Some(v);
                } else {
                    notes.push(Msg::new("notice.no_scenario").with("value", &v));
                }
            }
            "procs" => match v.parse::<u32>() {
                Ok(n) if (1..=MAX_UI_PROCS).contains(&n) => st.procs = Some(n),
                _ => notes.push(
                    Msg::new("notice.bad_procs")
                        .with("value", &v)
                        .int("max", MAX_UI_PROCS),
                ),
            },
            "seed" => match v.parse::<u64>() {
                Ok(n) => st.seed = Some(n),
                Err(_) => notes.push(Msg::new("notice.bad_seed").with("value", &v)),
            },
            "driver" => match v.as_str() {
                "live" | "sim" => st.driver = Some(v),
                _ => notes.push(Msg::new("notice.bad_driver").with("value", &v)),
            },
            "speed" => match gmp_core::atof::parse_float(&v, false) {
                Some(x) if (0.001..=1.0).contains(&x) => st.speed = Some(x),
                _ => notes.push(Msg::new("notice.bad_speed").with("value", &v)),
            },
            "step" => match v.parse::<u64>() {
                Ok(n) if n <= 5_000_000 => st.step = Some(n),
                _ => notes.push(Msg::new("notice.bad_step").with("value", &v)),
            },
            "layout" => match v.as_str() {
                "full" | "compact" => st.layout = v,
                _ => notes.push(Msg::new("notice.bad_layout").with("value", &v)),
            },
            "lang" => st.lang = Some(v),
            "embed" => st.embed = v == "1" || v == "true",
            "quiz" => st.quiz = Some(v),
            "show" => match v.parse::<usize>() {
                Ok(n) if n < 32 => st.show = Some(n),
                _ => notes.push(Msg::new("notice.bad_show").with("value", &v)),
            },
            "pass" => match v.parse::<u32>() {
                Ok(n) if n >= 1 => st.pass = Some(n),
                _ => notes.push(Msg::new("notice.bad_pass").with("value", &v)),
            },
            "src" => match source_from_link(&v) {
                Some(src) => st.source = Some(src),
                None => notes.push(Msg::new("notice.bad_src")),
            },
            "in" => match inputs_from_text(&v) {
                Some(i) => st.inputs = i,
                None => notes.push(Msg::new("notice.bad_inputs").with("value", &v)),
            },
            other => {
                if let Some(name) = other.strip_prefix("p.") {
                    st.params.push((name.to_string(), v));
                } else {
                    notes.push(Msg::new("notice.unknown_param").with("name", other));
                }
            }
        }
    }
    if st.variant.is_some() && st.lesson.is_none() {
        st.variant = None;
    }
    (st, notes)
}

/// The query string for a state (only what differs from defaults).
pub fn to_query(st: &UrlState) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut kv = |k: &str, v: &str| parts.push(format!("{}={}", encode(k), encode(v)));
    if let Some(l) = &st.lesson {
        kv("lesson", l);
    }
    if let Some(v) = &st.variant {
        kv("variant", v);
    }
    if let Some(s) = &st.scenario {
        kv("scenario", s);
    }
    for (k, v) in &st.params {
        kv(&format!("p.{k}"), v);
    }
    if let Some(n) = st.procs {
        kv("procs", &n.to_string());
    }
    if let Some(n) = st.seed {
        kv("seed", &n.to_string());
    }
    if let Some(d) = &st.driver {
        kv("driver", d);
    }
    if let Some(x) = st.speed {
        kv("speed", &x.to_string());
    }
    if !st.inputs.is_empty() {
        kv("in", &inputs_to_text(&st.inputs));
    }
    if let Some(src) = &st.source {
        let link = source_to_link(src);
        if link.len() <= MAX_SRC_LINK {
            kv("src", &link);
        }
    }
    if let Some(n) = st.step {
        kv("step", &n.to_string());
    }
    if st.layout != "full" {
        kv("layout", &st.layout);
    }
    if let Some(l) = &st.lang {
        kv("lang", l);
    }
    if st.embed {
        kv("embed", "1");
    }
    if let Some(q) = &st.quiz {
        kv("quiz", q);
    }
    if let Some(n) = st.pass {
        kv("pass", &n.to_string());
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let (st, notes) = parse(
            "?lesson=gosched&variant=no-yield&procs=2&seed=7&step=40&embed=1&lang=th&p.x=1%202",
        );
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(st.lesson.as_deref(), Some("gosched"));
        assert_eq!(st.params, vec![("x".to_string(), "1 2".to_string())]);
        let (again, _) = parse(&to_query(&st));
        assert_eq!(again, st);
    }

    /// A lesson's own program, picked in the explorer, is a scenario a link can name.
    #[test]
    fn a_lesson_s_own_program_is_a_scenario_of_a_link() {
        let name = crate::lessons::LESSONS
            .iter()
            .map(|l| l.scenario)
            .find(|s| s.starts_with("lessons/"))
            .expect("a lesson with its own main.go");
        let st = UrlState {
            scenario: Some(name.into()),
            ..UrlState::default()
        };
        let (again, notes) = parse(&to_query(&st));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again.scenario.as_deref(), Some(name));
        let (_, notes) = parse("?scenario=lessons/no-such/main.go");
        assert_eq!(notes.len(), 1, "an unknown file is refused");
    }

    #[test]
    fn a_program_survives_its_link() {
        let src = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"héllo, 世界 + $x\")\n}\n";
        let st = UrlState {
            source: Some(src.into()),
            ..UrlState::default()
        };
        let q = to_query(&st);
        let v = q.strip_prefix("?src=").expect(&q);
        // Only unreserved characters: nothing a browser or chat tool would rewrite.
        assert!(
            v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b)),
            "{v}"
        );
        let (again, notes) = parse(&q);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again.source.as_deref(), Some(src));
    }

    #[test]
    fn a_cut_program_link_says_so_and_loses_nothing_else() {
        let link = source_to_link(&"package main\n\nfunc main() { println(1) }\n".repeat(20));
        let cut = &link[..link.len() / 2];
        let (st, notes) = parse(&format!("?src={cut}&seed=9"));
        assert!(st.source.is_none(), "{:?}", st.source);
        assert!(notes.iter().any(|n| n.en().contains("src=")), "{notes:?}");
        assert_eq!(st.seed, Some(9));
    }

    #[test]
    fn a_program_too_long_for_a_link_is_left_out() {
        // Varied text (compression cannot fold it) longer than the limit.
        let body: String = (0..4000)
            .map(|i| format!("// line {i} {}\n", i * 7919 % 10007))
            .collect();
        let st = UrlState {
            source: Some(format!("package main\n{body}func main() {{}}\n")),
            ..UrlState::default()
        };
        assert!(source_to_link(st.source.as_ref().unwrap()).len() > MAX_SRC_LINK);
        assert!(!to_query(&st).contains("src="));
    }

    #[test]
    fn inputs_round_trip_compactly() {
        let inputs = vec![
            (0, Input::Spawn(GKind::Cpu, 40)),
            (5120, Input::Procs(2)),
            (6000, Input::Spawn(GKind::Network, 3)),
            (6000, Input::Spawn(GKind::Blocking, 6)),
        ];
        let q = to_query(&UrlState {
            inputs: inputs.clone(),
            ..UrlState::default()
        });
        assert_eq!(q, "?in=0c40_5120p2_6000n3_6000b6");
        let (st, notes) = parse(&q);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(st.inputs, inputs);
        for bad in ["c40", "0x4", "0c", "0p99", "10c1_5c1", "0c0"] {
            let (st, notes) = parse(&format!("in={bad}"));
            assert!(st.inputs.is_empty(), "{bad}");
            assert!(
                notes[0].en().contains("could not be read"),
                "{bad}: {notes:?}"
            );
        }
    }

    #[test]
    fn bad_values_get_notices_and_defaults() {
        let (st, notes) = parse("lesson=nope&procs=0&seed=abc&speed=9&step=-1&layout=x&bogus=1");
        assert_eq!(st, UrlState::default());
        assert_eq!(notes.len(), 7, "{notes:?}");
        assert!(notes[0].en().contains("no lesson called \"nope\""));
        assert!(notes[1].en().contains("procs=0"));
        let (st, notes) = parse("procs=100000");
        assert_eq!(st.procs, None);
        assert!(notes[0].en().contains("1 to 16"));
        // lang= is kept as given; strings::choose refuses an unknown one.
        let (st, notes) = parse("lang=xx");
        assert_eq!(st.lang.as_deref(), Some("xx"));
        assert!(notes.is_empty());
    }
}
