//! # gmp-go: real Go source, run on the GMP scheduler
//!
//! Parses a Go program with `go-parser` and type-checks it with `go-types` (Goscript's
//! ports of `go/parser` and `go/types`), compiles it to register code ([`vm`]), and runs
//! its goroutines as the core's Gs: the core resumes a goroutine's code
//! ([`gmp_core::code::GCode`]) and the code runs until its next scheduling point.
//!
//! The standard library the explorer offers (`fmt`, `runtime`, `sync`, `time`, `os`,
//! `io`, `net`, `errors`, `strings`, `strconv` ..., and `gmp/explorer`, the outside
//! world: slow files and peers, the page's requests) is Go source under `src/std/`: declarations without
//! bodies are implemented by the VM ([`vm::Native`]), the rest is compiled like the
//! program. Compile errors read as `go build` prints them: `./main.go:12:5: undefined: x`.

pub mod compile;
pub mod fmt;
pub mod heap;
pub mod kinds;
pub mod lint;
mod prune;
pub mod reach;
pub mod scenarios;
pub mod types;
pub mod unicode;
#[rustfmt::skip]
pub mod unicode_tables;
pub mod vm;
pub mod wire;

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use go_parser::{AstObjects, ErrorList, FileSet, Map};
use go_types::{ImportKey, Importer, SourceRead, TCObjects, TraceConfig};

/// A compile error at a line and column of `main.go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Diag {
    pub line: u32,
    pub col: u32,
    pub msg: String,
}

impl std::fmt::Display for Diag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "./main.go: {}", self.msg)
        } else {
            write!(f, "./main.go:{}:{}: {}", self.line, self.col, self.msg)
        }
    }
}

/// The explorer's standard library, as Go source.
const STD: &[(&str, &str)] = &[
    ("fmt", include_str!("std/fmt.go")),
    ("runtime", include_str!("std/runtime.go")),
    ("sync", include_str!("std/sync.go")),
    ("time", include_str!("std/time.go")),
    ("os", include_str!("std/os.go")),
    ("errors", include_str!("std/errors.go")),
    ("strings", include_str!("std/strings.go")),
    ("strconv", include_str!("std/strconv.go")),
    ("sync/atomic", include_str!("std/atomic.go")),
    ("math/rand", include_str!("std/rand.go")),
    ("math/rand/v2", include_str!("std/randv2.go")),
    ("io", include_str!("std/io.go")),
    ("net", include_str!("std/net.go")),
    ("gmp/explorer", include_str!("std/explorer.go")),
    ("unicode", include_str!("std/unicode.go")),
    ("unicode/utf8", include_str!("std/utf8.go")),
    ("math", include_str!("std/math.go")),
    ("math/bits", include_str!("std/bits.go")),
    ("sort", include_str!("std/sort.go")),
    ("container/list", include_str!("std/list.go")),
    ("container/ring", include_str!("std/ring.go")),
    ("container/heap", include_str!("std/heap.go")),
    ("bytes", include_str!("std/bytes.go")),
    ("context", include_str!("std/context.go")),
    ("cmp", include_str!("std/cmp.go")),
    ("iter", include_str!("std/iter.go")),
    ("slices", include_str!("std/slices.go")),
    ("maps", include_str!("std/maps.go")),
    ("io/fs", include_str!("std/fs.go")),
    ("syscall", include_str!("std/syscall.go")),
    ("internal/oserror", include_str!("std/oserror.go")),
];

/// The text of library package `path`: `std/<last element>.go` (`randv2.go` for
/// `math/rand/v2`), or natively, for work on the library without rebuilding, that file
/// in the folder `GMP_STD_DIR` names.
#[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
fn std_text(path: &str, builtin: &str) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(dir) = std::env::var("GMP_STD_DIR") {
        let last = path.rsplit('/').next().unwrap_or(path);
        let name = package_name(path);
        let file = if name == last {
            last.to_string()
        } else {
            format!("{name}{last}")
        };
        if let Ok(t) = std::fs::read_to_string(Path::new(&dir).join(format!("{file}.go"))) {
            return t;
        }
    }
    builtin.to_string()
}

/// Whether `path` is an internal package of the library, which only the library's
/// own packages may import (go build: "use of internal package ... not allowed").
fn is_internal(path: &str) -> bool {
    path == "internal" || path.starts_with("internal/") || path.contains("/internal/")
}

/// Whether `src` has an import spec of `path` (`import "p"`, `name "p"` or `"p"` in an
/// import block), read line by line.
fn imports(src: &str, path: &str) -> bool {
    let quoted = format!("\"{path}\"");
    src.lines().any(|l| {
        let l = l.trim();
        let l = l.strip_prefix("import").map_or(l, str::trim_start);
        let l = l.strip_prefix('(').map_or(l, str::trim_start);
        let l = match l.split_once(char::is_whitespace) {
            Some((name, rest)) if !name.starts_with('"') => rest.trim_start(),
            _ => l,
        };
        l.starts_with(&quoted)
    })
}

/// The packages a program can import, as a sentence's list.
fn offered() -> String {
    let mut names: Vec<&str> = STD
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !is_internal(n))
        .collect();
    names.sort();
    let last = names.pop().unwrap_or("");
    format!("{} and {last}", names.join(", "))
}

struct Src {
    files: HashMap<String, String>,
}

impl SourceRead for Src {
    fn working_dir(&self) -> &Path {
        Path::new("/")
    }
    fn base_dir(&self) -> Option<&Path> {
        Some(Path::new("/std"))
    }
    fn read_file(&self, p: &Path) -> io::Result<String> {
        self.files
            .get(p.to_str().unwrap_or(""))
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    }
    fn read_dir(&self, p: &Path) -> io::Result<Vec<PathBuf>> {
        let pre = format!("{}/", p.to_str().unwrap_or(""));
        // Only the package's own files, not those of a package below it (sync/atomic).
        let mut v: Vec<PathBuf> = self
            .files
            .keys()
            .filter(|k| k.starts_with(&pre) && !k[pre.len()..].contains('/'))
            .map(PathBuf::from)
            .collect();
        v.sort();
        Ok(v)
    }
    fn is_file(&self, p: &Path) -> bool {
        self.files.contains_key(p.to_str().unwrap_or(""))
    }
    fn is_dir(&self, p: &Path) -> bool {
        let pre = format!("{}/", p.to_str().unwrap_or(""));
        self.files.keys().any(|k| k.starts_with(&pre))
    }
    fn canonicalize_import(&self, key: &ImportKey) -> io::Result<(PathBuf, String)> {
        if key.path == "main" {
            return Ok((PathBuf::from("/main"), "main".into()));
        }
        // The program may not import an internal package of the library (the
        // library's own packages may); go_message words the refusal as go build
        // does. Told from the program's import lines, not the importer's directory,
        // which the checker takes from positions.
        let allowed = !is_internal(&key.path)
            || !self
                .files
                .get("/main/main.go")
                .is_some_and(|src| imports(src, &key.path));
        if allowed && STD.iter().any(|(n, _)| *n == key.path) {
            return Ok((
                PathBuf::from(format!("/std/{}", key.path)),
                key.path.clone(),
            ));
        }
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            "not in the explorer's library",
        ))
    }
}

/// The exported package-level names of the real packages the explorer offers
/// (`tools/std-exports`, from Go 1.27.3's sources).
const GO_EXPORTS: &str = include_str!("std/go_exports.txt");

/// The name a package of the library is imported by: its path's last element, or the
/// one before a major version (`math/rand/v2` is `rand`).
fn package_name(path: &str) -> &str {
    let mut it = path.rsplit('/');
    let last = it.next().unwrap_or(path);
    let versioned =
        last.len() > 1 && last.starts_with('v') && last[1..].bytes().all(|b| b.is_ascii_digit());
    match it.next() {
        Some(before) if versioned => before,
        _ => last,
    }
}

/// Go 1.27's wording for the messages whose text changed since `go/types` 1.12.
fn go_message(msg: &str) -> String {
    let m = msg.trim();
    // A name real Go's package has and the explorer's library does not: not a
    // misspelling, so not "undefined" (go build would compile it).
    if let Some(rest) = m.strip_prefix("undefined: ") {
        let name = rest.split(' ').next().unwrap_or(rest);
        if let Some((pkg, sel)) = name.split_once('.') {
            // syscall's 2,000-odd names of linux/amd64 are not listed (9 KB of the
            // page's brotli): any exported name is taken for one of them.
            let real = (pkg == "syscall" && sel.starts_with(|c: char| c.is_ascii_uppercase()))
                || GO_EXPORTS.lines().any(|l| {
                    l.rsplit_once('.')
                        .is_some_and(|(path, n)| n == sel && package_name(path) == pkg)
                });
            if real {
                return format!(
                    "gmp: {pkg}.{sel} is not supported by the explorer's Go yet (its library has only part of package {pkg})"
                );
            }
        }
    }
    if let Some(x) = m.strip_prefix("undeclared name: ") {
        return format!("undefined: {x}");
    }
    if let Some(x) = m.strip_suffix(" declared but not used") {
        return format!("declared and not used: {x}");
    }
    if let Some(x) = m.strip_suffix(" imported but not used") {
        return format!("{x:?} imported and not used");
    }
    if let Some(path) = m.strip_prefix("could not import ") {
        if is_internal(path) {
            return format!("use of internal package {path} not allowed");
        }
    }
    if m.starts_with("could not import") || m.contains("not in the explorer's library") {
        return format!("{m} (the explorer offers {})", offered());
    }
    m.to_string()
}

/// How deep brackets may nest, and how many binary operators one expression may chain,
/// in a program the explorer compiles. The parser, the type checker and the compiler
/// recurse once per level, and a debug build's frames are large (a few hundred levels
/// overflowed a 2 MB thread stack); real programs stay far below these.
pub const MAX_NESTING: usize = 1000;
pub const MAX_CHAIN: usize = 2000;

/// Stack for the thread the front end runs on (reserved, not committed, until used).
#[cfg(not(target_arch = "wasm32"))]
const FRONT_END_STACK: usize = 256 << 20;

/// A diagnostic if `src` nests brackets deeper than [`MAX_NESTING`] or chains more
/// than [`MAX_CHAIN`] operators in one statement (a lexical scan: comments, strings and
/// runes are skipped; a statement ends at `;` or at a newline not after an operator).
fn too_deep(src: &str) -> Option<Diag> {
    let b = src.as_bytes();
    let (mut line, mut col) = (1u32, 1u32);
    let mut depth = 0usize;
    let mut chain = 0usize;
    let mut after_op = false;
    let mut i = 0;
    let diag = |line, col, msg: String| Some(Diag { line, col, msg });
    while i < b.len() {
        let c = b[i];
        let (l0, c0) = (line, col);
        let mut n = 1;
        match c {
            b'\n' => {
                if !after_op {
                    chain = 0;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i + n < b.len() && b[i + n] != b'\n' {
                    n += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                n = 2;
                while i + n < b.len() && !(b[i + n] == b'*' && b.get(i + n + 1) == Some(&b'/')) {
                    n += 1;
                }
                n = (n + 2).min(b.len() - i);
            }
            b'"' | b'\'' | b'`' => {
                while i + n < b.len() && b[i + n] != c && (c == b'`' || b[i + n] != b'\n') {
                    if b[i + n] == b'\\' && c != b'`' {
                        n += 1;
                    }
                    n += 1;
                }
                n = (n + 1).min(b.len() - i);
                after_op = false;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return diag(
                        l0,
                        c0,
                        format!("gmp: brackets nest more than {MAX_NESTING} deep (the explorer's limit)"),
                    );
                }
                after_op = false;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                after_op = false;
            }
            b';' => {
                chain = 0;
                after_op = false;
            }
            b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|' | b'^' | b'<' | b'>' | b'=' | b'!' => {
                while i + n < b.len() && b"+-*/%&|^<>=!".contains(&b[i + n]) {
                    n += 1;
                }
                chain += 1;
                after_op = true;
                if chain > MAX_CHAIN {
                    return diag(
                        l0,
                        c0,
                        format!(
                            "gmp: an expression chains more than {MAX_CHAIN} operators (the explorer's limit)"
                        ),
                    );
                }
            }
            c if c.is_ascii_whitespace() => {}
            _ => after_op = false,
        }
        advance(&b[i..i + n], &mut line, &mut col);
        i += n;
    }
    None
}

/// Moves a (line, column) position past `bytes` (columns count characters, as Go's do).
fn advance(bytes: &[u8], line: &mut u32, col: &mut u32) {
    for &x in bytes {
        if x == b'\n' {
            *line += 1;
            *col = 1;
        } else if x & 0xC0 != 0x80 {
            *col += 1;
        }
    }
}

/// The tokens of `src` with their line and column: identifiers, numbers and operator
/// characters (one per token); comments, strings and runes are skipped.
fn tokens(src: &str) -> Vec<(&str, u32, u32)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0, 1u32, 1u32);
    while i < b.len() {
        let c = b[i];
        let mut n = 1;
        let word = c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
        if word {
            while i + n < b.len()
                && (b[i + n].is_ascii_alphanumeric() || b[i + n] == b'_' || b[i + n] >= 0x80)
            {
                n += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i + n < b.len() && b[i + n] != b'\n' {
                n += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            n = 2;
            while i + n < b.len() && !(b[i + n] == b'*' && b.get(i + n + 1) == Some(&b'/')) {
                n += 1;
            }
            n = (n + 2).min(b.len() - i);
        } else if c == b'"' || c == b'\'' || c == b'`' {
            while i + n < b.len() && b[i + n] != c && (c == b'`' || b[i + n] != b'\n') {
                if b[i + n] == b'\\' && c != b'`' {
                    n += 1;
                }
                n += 1;
            }
            n = (n + 1).min(b.len() - i);
        }
        let n = n.min(b.len() - i);
        if word
            || (!c.is_ascii_whitespace()
                && !matches!(c, b'/' if n > 1)
                && !matches!(c, b'"' | b'\'' | b'`'))
        {
            if let Some(t) = src.get(i..i + n) {
                out.push((t, line, col));
            }
        }
        advance(&b[i..i + n], &mut line, &mut col);
        i += n;
    }
    out
}

/// A diagnostic for an interpreted string literal whose escapes spell bytes that are
/// not valid UTF-8 (`"\xff"`): Go's strings hold any bytes, the explorer's hold UTF-8
/// text, and the parser would turn each such byte into U+FFFD (a different string,
/// silently). Comments, raw strings and rune literals (`'\xff'` is the rune 255) pass.
fn invalid_utf8_literal(src: &str) -> Option<Diag> {
    let b = src.as_bytes();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    while i < b.len() {
        let start = i;
        let (l0, c0) = (line, col);
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i = (i + 2).min(b.len());
            }
            b'`' => {
                i += 1;
                while i < b.len() && b[i] != b'`' {
                    i += 1;
                }
                i = (i + 1).min(b.len());
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                let mut bytes = Vec::new();
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    if b[i] == b'\\' && i + 1 < b.len() {
                        let hex = |s: &[u8]| {
                            std::str::from_utf8(s)
                                .ok()
                                .and_then(|s| u8::from_str_radix(s, 16).ok())
                        };
                        let oct = |s: &[u8]| {
                            std::str::from_utf8(s)
                                .ok()
                                .and_then(|s| u8::from_str_radix(s, 8).ok())
                        };
                        match b[i + 1] {
                            b'x' if i + 4 <= b.len() => {
                                bytes.extend(hex(&b[i + 2..i + 4]));
                                i += 4;
                            }
                            b'0'..=b'7' if i + 4 <= b.len() => {
                                bytes.extend(oct(&b[i + 1..i + 4]));
                                i += 4;
                            }
                            _ => {
                                // \n, \u1234, \" ...: text, valid UTF-8 (or the
                                // parser's error).
                                bytes.push(b'a');
                                i += 2;
                            }
                        }
                    } else {
                        bytes.push(b[i]);
                        i += 1;
                    }
                }
                i = (i + 1).min(b.len());
                if q == b'"' && std::str::from_utf8(&bytes).is_err() {
                    return Some(Diag {
                        line: l0,
                        col: c0,
                        msg: "gmp: a string of bytes that are not valid UTF-8 is not supported by the explorer's Go yet".into(),
                    });
                }
            }
            _ => i += 1,
        }
        advance(&b[start..i], &mut line, &mut col);
    }
    None
}

/// One diagnostic for a hexadecimal floating-point literal (Go 1.13's `0x1p-2`,
/// `0x1.8p1`), which the parser (Go 1.12's grammar) would read as a number and a name.
fn hex_float(src: &str) -> Option<Diag> {
    let t = tokens(src);
    for (i, &(tok, line, col)) in t.iter().enumerate() {
        let Some(digits) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) else {
            continue;
        };
        let exponent = digits.contains(['p', 'P']);
        let fraction = t
            .get(i + 1)
            .is_some_and(|n| n.0 == "." && (n.1, n.2) == (line, col + tok.len() as u32));
        if exponent || fraction {
            return Some(Diag {
                line,
                col,
                msg: "gmp: hexadecimal floating-point literals (0x1p-2) are not supported by the explorer's Go yet".into(),
            });
        }
    }
    None
}

/// How many errors `diags` lists: go build's closing "too many errors" is not one.
pub fn error_count(diags: &[Diag]) -> usize {
    diags.iter().filter(|d| d.msg != TOO_MANY_ERRORS).count()
}

/// What go build says after its tenth error.
pub const TOO_MANY_ERRORS: &str = "too many errors";

/// Parses, checks and compiles `src` (the file `main.go`). Natively the front end runs
/// on a thread of its own with a large stack, as its recursion follows the source's
/// nesting.
pub fn compile(src: &str) -> Result<Arc<GoProgram>, Vec<Diag>> {
    if let Some(d) = too_deep(src)
        .or_else(|| invalid_utf8_literal(src))
        .or_else(|| hex_float(src))
    {
        return Err(vec![d]);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let text = src.to_string();
        let name = std::thread::current()
            .name()
            .map(|n| format!("{n}/gmp-go"))
            .unwrap_or_else(|| "gmp-go".into());
        if let Ok(h) = std::thread::Builder::new()
            .name(name)
            .stack_size(FRONT_END_STACK)
            .spawn(move || compile_here(&text))
        {
            return match h.join() {
                Ok(r) => r,
                Err(p) => std::panic::resume_unwind(p),
            };
        }
    }
    compile_here(src)
}

fn compile_here(src: &str) -> Result<Arc<GoProgram>, Vec<Diag>> {
    let mut files = HashMap::new();
    files.insert("/main/main.go".to_string(), src.to_string());
    let texts: Vec<(&str, String)> = STD.iter().map(|(n, t)| (*n, std_text(n, t))).collect();
    for (name, text) in prune::prune(src, &texts, &["runtime"]) {
        let file = name.rsplit('/').next().unwrap_or(&name);
        files.insert(format!("/std/{name}/{file}.go"), text);
    }
    let reader = Src { files };
    let cfg = TraceConfig {
        trace_parser: false,
        trace_checker: false,
    };
    let mut fset = FileSet::new();
    let mut pkgs = Map::new();
    let mut results = Map::new();
    let mut ast_objs = AstObjects::new();
    let mut tc_objs = TCObjects::new();
    let errors = ErrorList::new();
    let key = ImportKey::new("main", "/");
    let rt_key = ImportKey::new("runtime", "/");
    let r = {
        let mut imp = Importer::new(
            &cfg,
            &reader,
            &mut fset,
            &mut pkgs,
            &mut results,
            &mut ast_objs,
            &mut tc_objs,
            &errors,
            0,
        );
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let r = imp.import(&key);
            // The runtime is part of every Go program, imported or not: its types are
            // what the VM's run-time errors are (`*runtime.PanicNilError`).
            if r.is_ok() {
                let _ = imp.import(&rt_key);
            }
            r
        }))
    };
    // go build keeps the first ten errors in the order the checker reports them
    // (a function's unused variables after its body), prints them sorted by position,
    // and at the tenth says "too many errors" (cmd/compile: base.ErrorfAt).
    let mut diags: Vec<Diag> = Vec::new();
    let mut tenth = None;
    for e in errors.borrow().iter() {
        let (line, col) = (e.pos.line as u32, e.pos.column as u32);
        let d = Diag {
            line,
            col,
            msg: go_message(&e.msg),
        };
        if diags.contains(&d) {
            continue;
        }
        diags.push(d);
        if diags.len() == 10 {
            tenth = Some((line, col));
            break;
        }
    }
    diags.sort_by_key(|d| (d.line, d.col));
    if let Some((line, col)) = tenth {
        diags.push(Diag {
            line,
            col,
            msg: TOO_MANY_ERRORS.into(),
        });
    }
    // An import the explorer does not offer: that one diagnostic per import (not the
    // importer's own, nor the uses of the package it left undefined).
    let refused_import =
        |d: &Diag| d.msg.starts_with("could not import") || d.msg.starts_with("use of internal");
    if diags.iter().any(refused_import) {
        diags.retain(refused_import);
    }
    match r {
        Err(_) if diags.is_empty() => diags.push(Diag {
            line: 0,
            col: 0,
            msg: "gmp: the type checker failed on this program (please report it)".into(),
        }),
        Ok(Err(())) if diags.is_empty() => diags.push(Diag {
            line: 0,
            col: 0,
            msg: "gmp: the program did not type-check".into(),
        }),
        _ => {}
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    // The main package's info, then the library packages'.
    let main_pkg = pkgs.get("main").copied();
    let mut infos = Vec::new();
    if let Some(mk) = main_pkg {
        if let Some(ti) = results.get(&mk) {
            infos.push(ti);
        }
    }
    // In the order of their paths, so one source always compiles to the same program
    // (the page's build-time programs are found by their bytes' fingerprint).
    let mut libs: Vec<_> = pkgs.iter().filter(|(_, k)| Some(**k) != main_pkg).collect();
    libs.sort_by(|a, b| a.0.cmp(b.0));
    for (_, k) in libs {
        if let Some(ti) = results.get(k) {
            infos.push(ti);
        }
    }
    // The instances of generic functions and methods the program can run.
    let mono = match compile::mono::mono(&mut tc_objs, &ast_objs, &infos) {
        Ok(m) => m,
        Err(msg) => {
            return Err(vec![Diag {
                line: 0,
                col: 0,
                msg: format!("gmp: {msg}"),
            }])
        }
    };
    let cx = compile::Ctx {
        ast: &ast_objs,
        tc: &tc_objs,
        fset: &fset,
        infos: infos.clone(),
    };
    let mut c = compile::Compiler::new(cx, "./main.go".into());
    c.mono = mono;
    // gc does not inline time.Since (its body is over the inlining budget: `go build
    // -gcflags=-m` lists no "inlining call to time.Since"), so a loop calling it has a
    // safe point at its prologue.
    c.noinline.insert("time.Since".into());
    // `//go:noinline` pragmas on the program's functions.
    let lines: Vec<&str> = src.lines().collect();
    for w in lines.windows(2) {
        if w[0].trim() == "//go:noinline" {
            if let Some(rest) = w[1].strip_prefix("func ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                c.noinline.insert(format!("main.{name}"));
            }
        }
    }
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| c.program()));
    let (init, main) = match r {
        Ok(Ok(x)) => x,
        Ok(Err(d)) => return Err(vec![d]),
        Err(_) => {
            return Err(vec![Diag {
                line: 0,
                col: 0,
                msg: "gmp: the compiler failed on this program (an unsupported construct; please report it)".into(),
            }])
        }
    };
    // The teaching lints, over the checked AST and the compiler's frames.
    let lints = {
        let lcx = compile::Ctx {
            ast: &ast_objs,
            tc: &tc_objs,
            fset: &fset,
            infos: infos.clone(),
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            lint::run(&lcx, &c.funcs, &c.big_locals)
        }))
        .unwrap_or_default()
    };
    // The entry: run the init sequence, then main.main.
    let entry = c.funcs.len() as vm::FuncId;
    c.funcs.push(vm::Func {
        name: "runtime.main".into(),
        nparams: 0,
        nregs: 2,
        ncaps: 0,
        code: vec![
            vm::I::Call {
                f: init,
                args: vec![],
                dst: 0,
                nret: 0,
            },
            vm::I::Call {
                f: main,
                args: vec![],
                dst: 1,
                nret: 0,
            },
            vm::I::Ret(vec![]),
        ],
        lines: vec![0, 0, 0],
        frame: 0,
        nosplit: true,
        slot_off: vec![0, 0],
        ..Default::default()
    });
    if let Some(which) = std::env::var_os("GMP_DUMP_CODE") {
        // GMP_DUMP_CODE=1: package main's code; GMP_DUMP_CODE=time.: a prefix's.
        let prefix = match which.to_str() {
            Some("1") | None => "main.",
            Some(p) => p,
        };
        for (i, f) in c.funcs.iter().enumerate() {
            if f.name.starts_with(prefix) {
                eprintln!(
                    "func {i} {} params={} caps={} regs={} frame={} nosplit={}",
                    f.name, f.nparams, f.ncaps, f.nregs, f.frame, f.nosplit
                );
                for (pc, ins) in f.code.iter().enumerate() {
                    eprintln!(
                        "  {pc:3} L{:<3} {ins:?}",
                        f.lines.get(pc).copied().unwrap_or(0)
                    );
                }
            }
        }
    }
    for (f, k) in kinds::go_kinds(&c.funcs, &c.methods)
        .into_iter()
        .enumerate()
    {
        c.funcs[f].go_kind = k;
    }
    c.types.index();
    let mut prog = vm::Prog {
        funcs: std::mem::take(&mut c.funcs),
        types: std::mem::take(&mut c.types),
        methods: std::mem::take(&mut c.methods),
        globals: std::mem::take(&mut c.all_globals),
        init,
        main,
        file: "./main.go".into(),
    };
    // Only what can run keeps its body (the library's unused functions are most of
    // a program's bytes: `reach`).
    reach::prune(&mut prog, entry);
    Ok(Arc::new(GoProgram {
        prog: Arc::new(prog),
        last_run: std::sync::Mutex::new(None),
        entry,
        lints,
    }))
}

/// Only the diagnostics, as `go vet`/`go build` print them (`gmp check`).
pub fn check(src: &str) -> Vec<Diag> {
    match compile(src) {
        Ok(_) => vec![],
        Err(d) => d,
    }
}

/// A compiled program, as the core runs it.
pub struct GoProgram {
    pub prog: Arc<vm::Prog>,
    /// The values in flight through channels of the latest run (see [`Self::in_flight`]).
    last_run: std::sync::Mutex<Option<Arc<vm::ChanVals>>>,
    entry: vm::FuncId,
    /// The teaching lints of the source ([`lint`]).
    pub lints: Vec<lint::Lint>,
}

impl GoProgram {
    /// Values the latest run has sent on channels and nobody has received yet.
    pub fn in_flight(&self) -> usize {
        self.last_run
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map_or(0, |c| c.len())
    }

    /// The core program whose `main.main` is this code.
    pub fn program(self: &Arc<Self>) -> gmp_core::Program {
        gmp_core::Program::from_code(self.clone())
    }
    /// Whether the program's own code reads the explorer's requests (calls
    /// `gmp/explorer.ReadRequest`): only then does something accept the goroutines the
    /// page's Spawn buttons and the CLI's inputs ask for.
    pub fn reads_requests(&self) -> bool {
        let funcs = &self.prog.funcs;
        let of_explorer =
            |name: &str| name.starts_with("gmp/explorer.") || name.starts_with("explorer.");
        let targets: Vec<usize> = funcs
            .iter()
            .enumerate()
            .filter(|(_, f)| of_explorer(&f.name) && f.name.ends_with(".ReadRequest"))
            .map(|(i, _)| i)
            .collect();
        funcs.iter().filter(|f| !of_explorer(&f.name)).any(|f| {
            f.code.iter().any(|i| match i {
                vm::I::Call { f, .. } | vm::I::Closure(_, f, _) => targets.contains(&(*f as usize)),
                vm::I::Native { n, .. } => *n == vm::Native::TakeRequests,
                _ => false,
            })
        })
    }

    /// Function names and frame sizes, for `gmp check --frames`.
    pub fn frames(&self) -> Vec<(String, u64, bool)> {
        self.prog
            .funcs
            .iter()
            .filter(|f| !f.name.starts_with("runtime."))
            .map(|f| (f.name.clone(), f.frame, f.nosplit))
            .collect()
    }
}

impl gmp_core::code::Code for GoProgram {
    fn start_main(&self) -> Box<dyn gmp_core::code::GCode> {
        let chans = Arc::new(vm::ChanVals::default());
        *self.last_run.lock().unwrap_or_else(|e| e.into_inner()) = Some(chans.clone());
        Box::new(vm::Gor::main(self.prog.clone(), self.entry, chans))
    }
    fn func_name(&self, entry: u32) -> &str {
        self.prog
            .funcs
            .get(entry as usize)
            .map(|f| f.name.as_str())
            .unwrap_or("?")
    }
    fn main_frame(&self) -> u64 {
        self.prog.funcs[self.prog.main as usize].frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many expressions of `main` the checker recorded a type for under an
    /// address id (every node but identifiers and a few others).
    fn address_types(src: &str) -> usize {
        let mut files = HashMap::new();
        files.insert("/main/main.go".to_string(), src.to_string());
        let reader = Src { files };
        let cfg = TraceConfig {
            trace_parser: false,
            trace_checker: false,
        };
        let (mut fset, mut pkgs, mut results) = (FileSet::new(), Map::new(), Map::new());
        let (mut ast_objs, mut tc_objs, errors) =
            (AstObjects::new(), TCObjects::new(), ErrorList::new());
        let mut imp = Importer::new(
            &cfg,
            &reader,
            &mut fset,
            &mut pkgs,
            &mut results,
            &mut ast_objs,
            &mut tc_objs,
            &errors,
            0,
        );
        let main = imp.import(&ImportKey::new("main", "/")).expect("checks");
        results[&main]
            .types
            .keys()
            .filter(|k| matches!(k, go_parser::ast::NodeId::Address(_)))
            .count()
    }

    /// The checker types `x++` as `x + 1` with a `1` it makes and drops; a node's id
    /// is its address, so a type left recorded for it is later read by whatever node
    /// is allocated there (it made `*runtime.PanicNilError`'s methods `int`'s, and ints
    /// printed as "runtime error: panic called with nil argument", now and then).
    #[test]
    fn the_checker_keeps_no_type_for_a_node_it_dropped() {
        let inc = "package main\n\nfunc main() {\n\tx := 0\n\tx++\n\tprintln(x)\n}\n";
        let assign = "package main\n\nfunc main() {\n\tx := 0\n\tx = x\n\tprintln(x)\n}\n";
        assert_eq!(address_types(inc), address_types(assign));
    }
}
