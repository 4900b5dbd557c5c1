//! Where the page's Go programs come from, without the front end in the page.
//!
//! Every program the page starts by itself (a built-in scenario or a lesson's program,
//! with its own or a lesson variant's parameters) was compiled when the page was built
//! (`build.rs`): its bytes (`gmp_go::wire`) are in the wasm, found by the fingerprint of
//! the source text the run compiles. Any other text (a learner's edit, a link with
//! other parameters) needs the Go front end, which is a second module
//! (`web/compiler`, ~1 MB) fetched the first time one does: [`load`]. Until it is
//! there, [`can_compile`] says no and the page waits (`state.rs`: `Waiting`).
//!
//! Natively (the unit tests) the front end is linked in and always there, unless a
//! test says otherwise ([`pretend_absent`]).

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use gmp_go::{Diag, GoProgram};

// `PRECOMPILED`: (fingerprint of the source, start, end of its bytes in `PROGRAMS`).
include!(concat!(env!("OUT_DIR"), "/programs.rs"));
static PROGRAMS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/programs.bin"));

/// The compiler module, as far as this page knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Module {
    /// Not fetched (nothing has needed it).
    Absent,
    Loading,
    Ready,
    Failed,
}

thread_local! {
    static MODULE: Cell<Module> = const {
        Cell::new(if cfg!(target_arch = "wasm32") { Module::Absent } else { Module::Ready })
    };
    /// The programs compiled or decoded lately, by fingerprint: a rebuild of the same
    /// text (Reset, a driver switch, a step back) does not compile it again.
    static RECENT: RefCell<Vec<(u64, Arc<GoProgram>)>> = const { RefCell::new(Vec::new()) };
}

/// How many compiled programs [`RECENT`] keeps.
const RECENT_MAX: usize = 4;

pub fn module() -> Module {
    MODULE.with(|m| m.get())
}

fn set_module(m: Module) {
    MODULE.with(|c| c.set(m));
}

/// The build-time bytes of `src`'s program, if the page was built with it.
pub fn precompiled(src: &str) -> Option<&'static [u8]> {
    let key = gmp_go::wire::fingerprint(src);
    PRECOMPILED
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|&(_, a, b)| &PROGRAMS[a..b])
}

/// Whether `src` can be compiled now: it was at build time, or the module is here.
pub fn can_compile(src: &str) -> bool {
    module() == Module::Ready || precompiled(src).is_some() || recent(src).is_some()
}

fn recent(src: &str) -> Option<Arc<GoProgram>> {
    let key = gmp_go::wire::fingerprint(src);
    RECENT.with(|r| {
        r.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p.clone())
    })
}

fn remember(src: &str, p: &Arc<GoProgram>) {
    let key = gmp_go::wire::fingerprint(src);
    RECENT.with(|r| {
        let mut r = r.borrow_mut();
        r.retain(|(k, _)| *k != key);
        r.insert(0, (key, p.clone()));
        r.truncate(RECENT_MAX);
    });
}

/// Why a source has no program.
#[derive(Debug, PartialEq)]
pub enum NotCompiled {
    /// go build's errors.
    Errors(Vec<Diag>),
    /// The compiler module is not here (or its answer made no sense): the reason.
    Unavailable(String),
}

impl NotCompiled {
    /// As a run's build error: go build's lines, or the reason.
    pub fn to_text(&self) -> String {
        match self {
            NotCompiled::Errors(d) => crate::engine::compile_errors(d),
            NotCompiled::Unavailable(why) => why.clone(),
        }
    }
}

/// `src`'s program: compiled at build time, lately, or now by the compiler module.
pub fn compile(src: &str) -> Result<Arc<GoProgram>, NotCompiled> {
    if let Some(p) = recent(src) {
        return Ok(p);
    }
    let p = match precompiled(src) {
        Some(bytes) => Arc::new(gmp_go::wire::decode(bytes).map_err(NotCompiled::Unavailable)?),
        None if module() != Module::Ready => {
            return Err(NotCompiled::Unavailable(
                "the Go compiler module is not loaded".into(),
            ))
        }
        None => with_module(src)?,
    };
    remember(src, &p);
    Ok(p)
}

/// The teaching lints of a program the page has compiled (none for any other text:
/// the page shows the lints of the program it runs, which it compiled first).
pub fn lints(src: &str) -> Vec<gmp_go::lint::Lint> {
    if !can_compile(src) {
        return vec![];
    }
    compile(src).map(|p| p.lints.clone()).unwrap_or_default()
}

/// Whether a program the page can compile reads the explorer's requests (see
/// `GoProgram::reads_requests`): false for any other text.
pub fn reads_requests(src: &str) -> bool {
    can_compile(src) && compile(src).is_ok_and(|p| p.reads_requests())
}

#[cfg(not(target_arch = "wasm32"))]
fn with_module(src: &str) -> Result<Arc<GoProgram>, NotCompiled> {
    gmp_go::compile(src).map_err(NotCompiled::Errors)
}

/// A front end linked into this binary instead of the module: [`link_front_end`].
type FrontEnd = fn(&str) -> Result<Arc<GoProgram>, Vec<Diag>>;

thread_local! {
    static LINKED: Cell<Option<FrontEnd>> = const { Cell::new(None) };
}

/// For a binary that links the front end itself (the browser tests in `web/tests`
/// pass `gmp_go::compile`): programs compile with it, and no module is fetched. The
/// page never calls this, so its wasm holds no front end.
pub fn link_front_end(f: FrontEnd) {
    LINKED.with(|l| l.set(Some(f)));
    set_module(Module::Ready);
}

/// Asks the compiler module (index.html's `gmpCompiler`) and decodes its answer.
#[cfg(target_arch = "wasm32")]
fn with_module(src: &str) -> Result<Arc<GoProgram>, NotCompiled> {
    if let Some(f) = LINKED.with(|l| l.get()) {
        return f(src).map_err(NotCompiled::Errors);
    }
    use js_sys::{Function, Reflect, Uint8Array};
    use wasm_bindgen::{JsCast, JsValue};
    let fail = |e: JsValue| {
        NotCompiled::Unavailable(format!(
            "the Go compiler module failed: {}",
            e.as_string()
                .or_else(|| js_sys::JSON::stringify(&e).ok().map(String::from))
                .unwrap_or_default()
        ))
    };
    let module = Reflect::get(&js_sys::global(), &"gmpCompiler".into()).map_err(fail)?;
    let f: Function = Reflect::get(&module, &"compile".into())
        .map_err(fail)?
        .dyn_into()
        .map_err(fail)?;
    let out = f.call1(&module, &src.into()).map_err(fail)?;
    let bytes = out.dyn_into::<Uint8Array>().map_err(fail)?.to_vec();
    match gmp_go::wire::decode_result(&bytes) {
        Ok(Ok(p)) => Ok(Arc::new(p)),
        Ok(Err(d)) => Err(NotCompiled::Errors(d)),
        Err(e) => Err(NotCompiled::Unavailable(e)),
    }
}

/// Fetches the compiler module (once; later calls wait for the same fetch).
#[cfg(target_arch = "wasm32")]
pub async fn load() -> Result<(), String> {
    use js_sys::{Function, Promise, Reflect};
    use wasm_bindgen::JsCast;
    if module() == Module::Ready {
        return Ok(());
    }
    set_module(Module::Loading);
    let r = async {
        let f: Function = Reflect::get(&js_sys::global(), &"gmpLoadCompiler".into())
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or("this page names no compiler module (index.html: gmpLoadCompiler)")?;
        let p: Promise = f
            .call0(&wasm_bindgen::JsValue::UNDEFINED)
            .map_err(|e| format!("{e:?}"))?
            .dyn_into()
            .map_err(|_| "gmpLoadCompiler did not return a promise".to_string())?;
        wasm_bindgen_futures::JsFuture::from(p)
            .await
            .map(|_| ())
            .map_err(|e| {
                e.as_string()
                    .or_else(|| {
                        Reflect::get(&e, &"message".into())
                            .ok()
                            .and_then(|m| m.as_string())
                    })
                    .unwrap_or_else(|| format!("{e:?}"))
            })
    }
    .await;
    set_module(if r.is_ok() {
        Module::Ready
    } else {
        Module::Failed
    });
    r
}

/// Natively the front end is linked in: loading is being ready.
#[cfg(not(target_arch = "wasm32"))]
pub async fn load() -> Result<(), String> {
    set_module(Module::Ready);
    Ok(())
}

/// For tests of what the page does before the module arrives: as on a first visit
/// (`Absent`), and arrived again with [`pretend_loaded`].
pub fn pretend_absent() {
    set_module(Module::Absent);
    RECENT.with(|r| r.borrow_mut().clear());
}

pub fn pretend_loaded(ok: bool) {
    set_module(if ok { Module::Ready } else { Module::Failed });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every program a lesson or scenario starts with is in the page, compiled: a
    /// first visit never needs the compiler module.
    #[test]
    fn every_program_the_page_starts_with_was_compiled_at_build_time() {
        let mut n = 0;
        for sc in gmp_go::scenarios::all() {
            let p = sc.params(&[]).unwrap();
            assert!(
                precompiled(&gmp_go::scenarios::source(sc, &p)).is_some(),
                "{}",
                sc.name
            );
            n += 1;
        }
        for l in crate::lessons::LESSONS {
            for v in l.variants {
                let sc = crate::lessons::scenario(l.scenario_for(v)).unwrap();
                let given: Vec<(String, String)> = v
                    .params
                    .iter()
                    .map(|(k, x)| (k.to_string(), x.to_string()))
                    .collect();
                let p = sc.params(&given).unwrap();
                let src = gmp_go::scenarios::source(sc, &p);
                assert!(
                    precompiled(&src).is_some(),
                    "lesson {} variant {}",
                    l.id,
                    v.id
                );
                n += 1;
            }
        }
        // Twice the period: the formulas do repeat (`quiz_runs.rs`).
        for seed in 0..2 * crate::quiz::QUIZ_SEED_PERIOD {
            for kind in crate::quiz::GENERATED {
                let r = crate::quiz::quiz_run(kind, seed).unwrap();
                let sc = gmp_go::scenarios::find(r.scenario).unwrap();
                let src = gmp_go::scenarios::source(sc, &sc.params(&r.params).unwrap());
                assert!(precompiled(&src).is_some(), "quiz {kind} seed {seed}");
                n += 1;
            }
        }
        assert!(n > 40, "{n}");
        assert_eq!(PROGRAMS.len(), PRECOMPILED.last().unwrap().2);
    }

    /// A quiz page makes its questions by running programs: all of them are in the
    /// page (a learner who only takes the quiz never fetches the compiler module).
    #[test]
    fn generated_questions_need_no_compiler_module() {
        let en = crate::strings::Text::english();
        let mut made = 0;
        for seed in 0..12 {
            for kind in crate::quiz::GENERATED {
                pretend_loaded(true);
                let with = crate::quiz::generate(kind, seed, &en);
                pretend_absent();
                let without = crate::quiz::generate(kind, seed, &en);
                assert_eq!(module(), Module::Absent);
                assert_eq!(without, with, "{kind} seed {seed}");
                made += usize::from(without.is_some());
            }
        }
        assert!(made >= 18, "only {made} questions of 36");
    }

    #[test]
    fn the_build_s_bytes_are_the_front_end_s_program() {
        let src = gmp_go::scenarios::file("gosched").unwrap();
        let built = gmp_go::wire::decode(precompiled(src).unwrap()).unwrap();
        let now = gmp_go::compile(src).unwrap();
        assert_eq!(gmp_go::wire::encode(&built), gmp_go::wire::encode(&now));
    }

    #[test]
    fn without_the_module_only_the_built_programs_compile() {
        pretend_absent();
        let own = gmp_go::scenarios::file("gosched").unwrap();
        let edit = format!("{own}// mine\n");
        assert!(can_compile(own) && compile(own).is_ok());
        assert!(!can_compile(&edit));
        assert!(matches!(compile(&edit), Err(NotCompiled::Unavailable(_))));
        assert!(lints(&edit).is_empty());
        pretend_loaded(true);
        assert!(can_compile(&edit) && compile(&edit).is_ok());
    }
}
