//! # Scenarios: a program with parameters
//!
//! A scenario is a program the explorer runs by name, with parameters
//! (`gmp run NAME --set key=value`, `p.key=value` in a link). The built-in ones are Go
//! files a front end compiles (gmp-go's `programs/*.go`, [`Body::Source`]): the core has
//! none of its own. This module holds what is language-neutral: parameter specs, their
//! parsing and messages, and Go's duration syntax. The core's own tests and benches run
//! op-list programs ([`Body::Ops`], [`crate::workloads`]), since the core cannot compile
//! Go.

use crate::program::Program;

/// Nanoseconds in a millisecond / microsecond.
const MS: u64 = 1_000_000;
const US: u64 = 1_000;

/// A parameter a scenario accepts.
#[derive(Clone, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: &'static str,
    pub help: &'static str,
    pub kind: ParamKind,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A count between the bounds (inclusive).
    Count(u64, u64),
    /// A duration (Go syntax: 1.5s, 20ms, 300us, 10ns) between the bounds in ns.
    Duration(u64, u64),
    Bool,
}

/// Parsed parameter values.
#[derive(Clone, Debug, Default)]
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    }
    pub fn set(&mut self, k: &str, v: &str) {
        self.0.push((k.to_string(), v.to_string()));
    }
    pub(crate) fn count(&self, k: &str) -> u64 {
        self.get(k).unwrap().parse().unwrap()
    }
    pub(crate) fn dur(&self, k: &str) -> u64 {
        parse_duration(self.get(k).unwrap()).unwrap()
    }
}

/// Parses a Go-style duration (`1h2m3s`, `1.5s`, `20ms`, `300us`/`300µs`, `10ns`).
pub fn parse_duration(s: &str) -> Result<u64, String> {
    let bad = || format!("invalid duration {s:?} (examples: 10ms, 1.5s, 300us)");
    if s == "0" {
        return Ok(0);
    }
    let mut total = 0f64;
    let mut rest = s;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let num_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let num = crate::atof::parse_float(&rest[..num_end], false).ok_or_else(bad)?;
        rest = &rest[num_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = match &rest[..unit_end] {
            "ns" => 1.0,
            "us" | "µs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return Err(bad()),
        };
        total += num * unit;
        rest = &rest[unit_end..];
    }
    if total > u64::MAX as f64 / 2.0 {
        return Err(bad());
    }
    Ok(total as u64)
}

/// Formats ns as Go prints a `time.Duration`-ish short form (for help texts).
pub fn fmt_duration(ns: u64) -> String {
    if ns % 1_000_000_000 == 0 && ns > 0 {
        format!("{}s", ns / 1_000_000_000)
    } else if ns % MS == 0 && ns > 0 {
        format!("{}ms", ns / MS)
    } else if ns % US == 0 && ns > 0 {
        format!("{}us", ns / US)
    } else {
        format!("{ns}ns")
    }
}

/// A built-in scenario.
pub struct Scenario {
    pub name: &'static str,
    pub summary: &'static str,
    /// Which chapter (seed file) or experiment it comes from.
    pub source: &'static str,
    pub params: &'static [ParamSpec],
    pub body: Body,
}

/// What a scenario runs.
pub enum Body {
    /// An op list, and the Go program it models (for reading only): the core's test
    /// workloads ([`crate::workloads`]).
    Ops {
        build: fn(&Params) -> Program,
        go: fn(&Params) -> String,
    },
    /// Source a front end compiles, as written (gmp-go: `programs/NAME.go` or a
    /// lesson's own `main.go`, its parameters the file's constants); the core has no
    /// program of its own for it.
    Source(&'static str),
}

/// What is wrong with a scenario parameter. `Display` is the message the CLI prints;
/// the page writes each case in the learner's language (`param.*` texts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter of that name (`known` is empty when the scenario takes none).
    Unknown {
        scenario: &'static str,
        key: String,
        known: Vec<&'static str>,
    },
    NotCount {
        key: &'static str,
        value: String,
        lo: u64,
        hi: u64,
    },
    CountRange {
        key: &'static str,
        n: u64,
        lo: u64,
        hi: u64,
    },
    NotDuration {
        key: &'static str,
        value: String,
    },
    DurationRange {
        key: &'static str,
        value: String,
        lo: String,
        hi: String,
    },
    NotBool {
        key: &'static str,
        value: String,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown {
                scenario,
                key,
                known,
            } if known.is_empty() => {
                write!(f, "scenario {scenario} takes no parameters (got {key:?})")
            }
            ParamError::Unknown {
                scenario,
                key,
                known,
            } => write!(
                f,
                "scenario {scenario} has no parameter {key:?}; it takes: {}",
                known.join(", ")
            ),
            ParamError::NotCount { key, value, lo, hi } => {
                write!(
                    f,
                    "{key}={value:?}: expected a whole number from {lo} to {hi}"
                )
            }
            ParamError::CountRange { key, n, lo, hi } => {
                write!(f, "{key}={n} is out of range: use {lo} to {hi}")
            }
            ParamError::NotDuration { key, value } => write!(
                f,
                "{key}: invalid duration {value:?} (examples: 10ms, 1.5s, 300us)"
            ),
            ParamError::DurationRange { key, value, lo, hi } => {
                write!(f, "{key}={value} is out of range: use {lo} to {hi}")
            }
            ParamError::NotBool { key, value } => {
                write!(f, "{key}={value:?}: expected true or false")
            }
        }
    }
}

impl std::error::Error for ParamError {}

impl From<ParamError> for String {
    fn from(e: ParamError) -> String {
        e.to_string()
    }
}

impl Scenario {
    /// Checks and completes `given` (unknown keys and bad values get a clear message).
    pub fn params(&self, given: &[(String, String)]) -> Result<Params, ParamError> {
        let mut p = Params::default();
        for spec in self.params {
            p.set(spec.name, spec.default);
        }
        for (k, v) in given {
            let Some(spec) = self.params.iter().find(|s| s.name == k) else {
                let known: Vec<_> = self.params.iter().map(|s| s.name).collect();
                return Err(ParamError::Unknown {
                    scenario: self.name,
                    key: k.clone(),
                    known,
                });
            };
            let (key, value) = (spec.name, v.clone());
            match spec.kind {
                ParamKind::Count(lo, hi) => {
                    let n: u64 = v.parse().map_err(|_| ParamError::NotCount {
                        key,
                        value: value.clone(),
                        lo,
                        hi,
                    })?;
                    if n < lo || n > hi {
                        return Err(ParamError::CountRange { key, n, lo, hi });
                    }
                }
                ParamKind::Duration(lo, hi) => {
                    let d = parse_duration(v).map_err(|_| ParamError::NotDuration {
                        key,
                        value: value.clone(),
                    })?;
                    if d < lo || d > hi {
                        return Err(ParamError::DurationRange {
                            key,
                            value,
                            lo: fmt_duration(lo),
                            hi: fmt_duration(hi),
                        });
                    }
                }
                ParamKind::Bool => {
                    if v != "true" && v != "false" {
                        return Err(ParamError::NotBool { key, value });
                    }
                }
            }
            p.set(k, v);
        }
        Ok(p)
    }

    /// The op list, for a `Body::Ops` scenario.
    pub fn program(&self, p: &Params) -> Option<Program> {
        match self.body {
            Body::Ops { build, .. } => Some(build(p)),
            Body::Source(_) => None,
        }
    }

    /// The Go program an op list models, for a `Body::Ops` scenario.
    pub fn go_source(&self, p: &Params) -> Option<String> {
        match self.body {
            Body::Ops { go, .. } => Some(go(p)),
            Body::Source(_) => None,
        }
    }
}

pub(crate) const fn count(
    name: &'static str,
    default: &'static str,
    lo: u64,
    hi: u64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        help,
        kind: ParamKind::Count(lo, hi),
    }
}
pub(crate) const fn dur(
    name: &'static str,
    default: &'static str,
    lo: u64,
    hi: u64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        help,
        kind: ParamKind::Duration(lo, hi),
    }
}

pub(crate) const HOUR: u64 = 3_600_000_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_like_go() {
        assert_eq!(parse_duration("1.5s").unwrap(), 1_500_000_000);
        assert_eq!(parse_duration("20ms").unwrap(), 20_000_000);
        assert_eq!(parse_duration("300us").unwrap(), 300_000);
        assert_eq!(parse_duration("1m30s").unwrap(), 90_000_000_000);
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("10").is_err());
    }

    #[test]
    fn bad_parameters_get_specific_messages() {
        let s = crate::workloads::find("cpu-bound").unwrap();
        let e = s
            .params(&[("goroutnes".into(), "3".into())])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no parameter \"goroutnes\"") && e.contains("goroutines"),
            "{e}"
        );
        let e = s.params(&[("goroutines".into(), "0".into())]).unwrap_err();
        assert_eq!(
            e,
            ParamError::CountRange {
                key: "goroutines",
                n: 0,
                lo: 1,
                hi: 100_000
            }
        );
        assert!(e.to_string().contains("out of range"), "{e}");
        let e = s.params(&[("work".into(), "ten".into())]).unwrap_err();
        assert!(e.to_string().contains("invalid duration"), "{e}");
        // (A Bool's message, "expected true or false", is checked on gmp-go's
        // gosched, whose `yield` is one.)
    }

    #[test]
    fn every_workload_builds_a_valid_program_with_defaults() {
        for s in crate::workloads::WORKLOADS {
            let p = s.params(&[]).unwrap();
            s.program(&p).unwrap().validate().unwrap();
            assert!(s.go_source(&p).unwrap().starts_with("package main"));
        }
    }
}
