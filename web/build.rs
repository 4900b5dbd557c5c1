//! Reads the lessons (`lessons/<id>/lesson.json`, in their `order`) into Rust data at
//! build time: `$OUT_DIR/lessons.rs`, included by `src/lessons.rs`. Adding a lesson is
//! adding its directory; a malformed lesson.json fails the build with its path. A
//! lesson's own Go programs (`"program": {"main": "main.go"}`) are included as text
//! (`LESSON_FILES`), named by their paths (`lessons/<id>/main.go`).

use std::fmt::Write;
use std::path::Path;

// `quiz_run`: the runs the generated quiz questions make, compiled here too.
include!("src/quiz_runs.rs");

fn s(v: &serde_json::Value, what: &str) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("{what}: expected a string"))
        .to_string()
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut lessons = vec![];
    for e in std::fs::read_dir(&dir).expect("lessons/") {
        let path = e.unwrap().path();
        let file = path.join("lesson.json");
        if !file.exists() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).unwrap();
        let v: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let id = path.file_name().unwrap().to_string_lossy().to_string();
        lessons.push((v["order"].as_u64().unwrap_or(u64::MAX), id, path.clone(), v));
    }
    lessons.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));

    let mut out = String::from("pub static LESSONS: &[Lesson] = &[\n");
    let mut en = String::from("pub const EN_LESSONS: &[(&str, &str)] = &[\n");
    // A lesson's own Go files (`"program": {"main": "main.go"}`): (name, file).
    let mut files: Vec<(String, std::path::PathBuf)> = vec![];
    // The programs the lessons start (scenario or file, the variant's parameters).
    let mut runs: Vec<(String, Vec<(String, String)>)> = vec![];
    for (_, id, path, v) in &lessons {
        let at = |f: &str| format!("lessons/{id}/lesson.json: {f}");
        // A program is a built-in scenario (`{"scenario": "gosched"}`) or a Go file in
        // the lesson's directory (`{"main": "main.go"}`), whose name is its path.
        let mut scenario_of = |p: &serde_json::Value, f: &str| -> String {
            let Some(main) = p.get("main") else {
                return s(&p["scenario"], &at(&format!("{f}.scenario")));
            };
            assert!(
                p.get("scenario").is_none(),
                "{}: a program is a scenario or a main, not both",
                at(f)
            );
            let main = s(main, &at(&format!("{f}.main")));
            assert!(
                main.ends_with(".go") && !main.contains(['/', '\\']),
                "{}: {main:?} is not a .go file in lessons/{id}/",
                at(&format!("{f}.main"))
            );
            let file = path.join(&main);
            assert!(
                file.exists(),
                "{}: lessons/{id}/{main} does not exist",
                at(&format!("{f}.main"))
            );
            let name = format!("lessons/{id}/{main}");
            if !files.iter().any(|(n, _)| *n == name) {
                println!("cargo:rerun-if-changed={}", file.display());
                files.push((name.clone(), file));
            }
            name
        };
        let scenario = scenario_of(&v["program"], "program");
        let procs = v["procs"]
            .as_u64()
            .unwrap_or_else(|| panic!("{}", at("procs")));
        writeln!(
            out,
            "    Lesson {{ id: {id:?}, seeds: {:?}, scenario: {scenario:?}, procs: {procs}, variants: &[",
            s(&v["seeds"], &at("seeds"))
        )
        .unwrap();
        let vs = v["variants"]
            .as_array()
            .unwrap_or_else(|| panic!("{}", at("variants")));
        assert!(!vs.is_empty(), "{}: no variants", at("variants"));
        for (i, var) in vs.iter().enumerate() {
            let f = format!("variants[{i}]");
            let vid = s(&var["id"], &at(&format!("{f}.id")));
            let vsc = match var.get("program") {
                Some(p) => scenario_of(p, &format!("{f}.program")),
                None => scenario.clone(),
            };
            let pairs: Vec<(String, String)> = var["params"]
                .as_object()
                .unwrap_or_else(|| panic!("{}: an object", at(&format!("{f}.params"))))
                .iter()
                .map(|(k, x)| (k.clone(), s(x, &at(&format!("{f}.params.{k}")))))
                .collect();
            let params: Vec<String> = pairs
                .iter()
                .map(|(k, x)| format!("({k:?}, {x:?})"))
                .collect();
            runs.push((vsc.clone(), pairs));
            let vprocs = match var.get("procs").and_then(|p| p.as_u64()) {
                Some(n) => format!("Some({n})"),
                None => "None".into(),
            };
            let off = var
                .get("asyncpreemptoff")
                .and_then(|b| b.as_bool())
                .unwrap_or(false);
            let expect = match &var["expect"] {
                serde_json::Value::Null => "None".to_string(),
                x => format!("Some({:?})", s(x, &at(&format!("{f}.expect")))),
            };
            let expect_lines = var
                .get("expect_lines")
                .and_then(|b| b.as_bool())
                .unwrap_or(false);
            let real = match &var["real_go"] {
                serde_json::Value::Null => "None".to_string(),
                r => format!(
                    "Some(RealGo {{ runs: {}, agreed: {} }})",
                    r["runs"]
                        .as_u64()
                        .unwrap_or_else(|| panic!("{}", at(&format!("{f}.real_go.runs")))),
                    r["agreed"]
                        .as_u64()
                        .unwrap_or_else(|| panic!("{}", at(&format!("{f}.real_go.agreed")))),
                ),
            };
            writeln!(
                out,
                "        Variant {{ id: {vid:?}, scenario: {vsc:?}, params: &[{}], procs: {vprocs}, asyncpreemptoff: {off}, expect: {expect}, expect_lines: {expect_lines}, real_go: {real} }},",
                params.join(", ")
            )
            .unwrap();
        }
        out.push_str("    ], bookmarks: &[\n");
        const PATH_WORDS: &[&str] = &[
            "main",
            "create",
            "gosched",
            "preempt",
            "steal",
            "handoff",
            "park",
            "stack_grow",
            "stack_shrink",
            "park_net",
            "new_m",
            "stop_m",
            "wake_m",
            "procresize",
            "exit",
            "fair",
            "ready",
        ];
        for (i, b) in v["bookmarks"].as_array().into_iter().flatten().enumerate() {
            let f = format!("bookmarks[{i}]");
            if b.is_null() {
                out.push_str("        None,\n");
                continue;
            }
            let variant = match b.get("variant") {
                Some(x) => {
                    let id = s(x, &at(&format!("{f}.variant")));
                    assert!(
                        vs.iter().any(|v| v["id"] == id.as_str()),
                        "{}: no variant {id:?}",
                        at(&format!("{f}.variant"))
                    );
                    format!("Some({id:?})")
                }
                None => "None".into(),
            };
            let path: Vec<String> = b["path"]
                .as_array()
                .unwrap_or_else(|| panic!("{}: a list of searches", at(&format!("{f}.path"))))
                .iter()
                .map(|w| {
                    let w = s(w, &at(&format!("{f}.path")));
                    assert!(
                        PATH_WORDS.contains(&w.as_str()),
                        "{}: {w:?} is not one of {PATH_WORDS:?}",
                        at(&format!("{f}.path"))
                    );
                    format!("{w:?}")
                })
                .collect();
            writeln!(
                out,
                "        Some(Bookmark {{ variant: {variant}, path: &[{}] }}),",
                path.join(", ")
            )
            .unwrap();
        }
        out.push_str("    ] },\n");
        let en_json = path.join("en.json");
        assert!(en_json.exists(), "lessons/{id}/en.json is missing");
        writeln!(
            en,
            "    ({id:?}, include_str!({:?})),",
            en_json.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    en.push_str("];\n");
    out.push_str("pub const LESSON_FILES: &[(&str, &str)] = &[\n");
    for (name, file) in &files {
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            file.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").unwrap();
    let dest = Path::new(&out_dir).join("lessons.rs");
    std::fs::write(dest, out + &en).unwrap();
    println!("cargo:rerun-if-changed=src/quiz_runs.rs");
    for seed in 0..QUIZ_SEED_PERIOD {
        for kind in GENERATED {
            let r = quiz_run(kind, seed).unwrap();
            runs.push((r.scenario.to_string(), r.params));
        }
    }
    precompile(Path::new(&out_dir), &files, &runs);
}

/// Compiles the programs the page starts without a learner's edit (every built-in
/// scenario and lesson file with its defaults, every lesson variant with its
/// parameters, every run a generated quiz question makes) with the front end, into
/// `$OUT_DIR/programs.bin` (one after another, as `gmp_go::wire` writes them) and `$OUT_DIR/programs.rs` (`PRECOMPILED`: the
/// fingerprint of each program's source and where its bytes are). So the page runs
/// them without its compiler module (`src/compiler.rs`). A program that does not
/// compile fails the build with go build's errors.
fn precompile(
    out_dir: &Path,
    files: &[(String, std::path::PathBuf)],
    runs: &[(String, Vec<(String, String)>)],
) {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/go/programs");
    println!("cargo:rerun-if-changed={}", programs.display());
    println!(
        "cargo:rerun-if-changed={}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../crates/go/src")
            .display()
    );
    let own: Vec<gmp_core::scenarios::Scenario> = files
        .iter()
        .map(|(name, file)| {
            let name: &'static str = Box::leak(name.clone().into_boxed_str());
            let text: &'static str =
                Box::leak(std::fs::read_to_string(file).unwrap().into_boxed_str());
            gmp_go::scenarios::from_file(name, "", name, text)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
        })
        .collect();
    let find = |name: &str| {
        own.iter()
            .find(|s| s.name == name)
            .or_else(|| gmp_go::scenarios::find(name))
            .unwrap_or_else(|| panic!("a lesson runs {name:?}, which is no scenario"))
    };
    let mut wanted: Vec<(&gmp_core::scenarios::Scenario, Vec<(String, String)>)> = vec![];
    for s in gmp_go::scenarios::all().into_iter().chain(own.iter()) {
        wanted.push((s, vec![]));
    }
    for (name, pairs) in runs {
        wanted.push((find(name), pairs.clone()));
    }
    let mut bin: Vec<u8> = vec![];
    let mut table = String::from("pub static PRECOMPILED: &[(u64, usize, usize)] = &[\n");
    let mut seen = std::collections::HashSet::new();
    for (sc, pairs) in wanted {
        let p = sc
            .params(&pairs)
            .unwrap_or_else(|e| panic!("{}: {pairs:?}: {e:?}", sc.name));
        let src = gmp_go::scenarios::source(sc, &p);
        let key = gmp_go::wire::fingerprint(&src);
        if !seen.insert(key) {
            continue;
        }
        let prog = gmp_go::compile(&src).unwrap_or_else(|d| {
            let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
            panic!(
                "{} {pairs:?} does not compile:\n{}",
                sc.name,
                lines.join("\n")
            )
        });
        let bytes = gmp_go::wire::encode(&prog);
        writeln!(
            table,
            "    ({key:#018x}, {}, {}), // {} {pairs:?}",
            bin.len(),
            bin.len() + bytes.len(),
            sc.name
        )
        .unwrap();
        bin.extend_from_slice(&bytes);
    }
    table.push_str("];\n");
    std::fs::write(out_dir.join("programs.bin"), bin).unwrap();
    std::fs::write(out_dir.join("programs.rs"), table).unwrap();
}
