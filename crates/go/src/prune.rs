//! Only the library declarations a program can reach are checked and compiled with it.
//! The library is ten thousand lines of Go; type-checking all of what `fmt` imports
//! (`os`, `strconv`, `math`, `unicode` ...) for a program that calls `fmt.Println`
//! took 40 ms of a 1 ms compile. So before the checker sees a library file, the
//! top-level declarations nothing reaches are blanked out (their lines stay, empty, so
//! positions in the library stay true), and so are the imports no kept declaration
//! uses, which leaves whole packages unread.
//!
//! Reaching is by name, and errs on the side of keeping: a declaration is kept when a
//! kept one (or the program) spells its name anywhere (`strconv.Itoa` after an import
//! of strconv, a bare `quote` inside the package), a method with its receiver's type,
//! `init` and `_` always. The library's files are gofmt'd: a declaration starts at a
//! line beginning `func`, `type`, `var` or `const` and runs to the next one.

use std::collections::{HashMap, HashSet};

/// One top-level declaration: its lines `[start, end)`, the names it declares, the
/// receiver's type name of a method.
struct Unit {
    start: usize,
    end: usize,
    names: Vec<String>,
    /// A method's receiver type and name.
    recv: Option<(String, String)>,
    always: bool,
}

/// Methods the VM calls without the program spelling their names: fmt's `String`,
/// `Error` and `GoString`.
const IMPLICIT: &[&str] = &["String", "Error", "GoString"];

/// An import of a library file: the name it is used by, the path, its line.
struct Import {
    alias: String,
    path: String,
    line: usize,
}

struct File<'a> {
    lines: Vec<&'a str>,
    imports: Vec<Import>,
    units: Vec<Unit>,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> Option<&str> {
    let s = s.trim_start();
    let end = s
        .char_indices()
        .find(|&(i, c)| !(is_ident_start(c) || (i > 0 && c.is_ascii_digit())))
        .map_or(s.len(), |(i, _)| i);
    (end > 0 && s.starts_with(is_ident_start)).then(|| &s[..end])
}

/// `a, b, c` at the start of `s` (a var or const spec's names).
fn ident_list(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(id) = ident(rest) {
        out.push(id.to_string());
        rest = rest.trim_start()[id.len()..].trim_start();
        match rest.strip_prefix(',') {
            Some(r) => rest = r,
            None => break,
        }
    }
    out
}

fn import_spec(s: &str, line: usize) -> Option<Import> {
    let s = s.trim();
    let q = s.find('"')?;
    let path = s[q + 1..].split('"').next()?.to_string();
    let alias = match s[..q].trim() {
        "" => path.rsplit('/').next().unwrap_or(&path).to_string(),
        a => a.to_string(),
    };
    Some(Import { alias, path, line })
}

fn split(text: &str) -> File<'_> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut imports = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut in_imports = false;
    for (i, l) in lines.iter().enumerate() {
        if in_imports {
            if l.starts_with(')') {
                in_imports = false;
            } else if let Some(im) = import_spec(l, i) {
                imports.push(im);
            }
            continue;
        }
        if let Some(rest) = l.strip_prefix("import ") {
            if rest.trim_start().starts_with('(') {
                in_imports = true;
            } else if let Some(im) = import_spec(rest, i) {
                imports.push(im);
            }
            continue;
        }
        let kw = ["func ", "type ", "var ", "const "]
            .into_iter()
            .find(|k| l.starts_with(k));
        let Some(kw) = kw else { continue };
        if let Some(u) = units.last_mut() {
            u.end = i;
        }
        let rest = &l[kw.len()..];
        let mut u = Unit {
            start: i,
            end: lines.len(),
            names: Vec::new(),
            recv: None,
            always: false,
        };
        if kw == "func " {
            if let Some(r) = rest.strip_prefix('(') {
                // func (r *T) M(: the receiver's type is the last name in the parens.
                let (inside, after) = r.split_once(')').unwrap_or((r, ""));
                let t = inside
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .rfind(|w| !w.is_empty())
                    .unwrap_or("");
                u.recv = ident(after).map(|m| (t.to_string(), m.to_string()));
            } else if let Some(n) = ident(rest) {
                u.always = n == "init";
                u.names.push(n.to_string());
            }
        } else if rest.trim_start().starts_with('(') {
            u.names = Vec::new(); // a group: its specs follow, one tab in
        } else {
            u.names = ident_list(rest);
        }
        units.push(u);
    }
    // A group's names: the lines one tab in that start with a name.
    for u in &mut units {
        let head = lines[u.start];
        if u.recv.is_none() && !head.starts_with("func ") && head.trim_end().ends_with('(') {
            for l in &lines[u.start + 1..u.end] {
                if let Some(r) = l.strip_prefix('\t') {
                    if !r.starts_with('\t') {
                        u.names.extend(ident_list(r));
                    }
                }
            }
        }
        u.always |= u.names.iter().any(|n| n == "_");
    }
    File {
        lines,
        imports,
        units,
    }
}

/// The words of `text` (identifiers and keywords, outside comments and strings), and
/// for each `a.b`, `b` under `a`.
fn words(text: &str) -> (HashSet<&str>, Vec<(&str, &str)>) {
    let t = crate::tokens(text);
    let mut all = HashSet::new();
    let mut qualified = Vec::new();
    for (i, &(w, ..)) in t.iter().enumerate() {
        if w.starts_with(is_ident_start) {
            all.insert(w);
            if i >= 2 && t[i - 1].0 == "." && t[i - 2].0.starts_with(is_ident_start) {
                qualified.push((t[i - 2].0, w));
            }
        }
    }
    (all, qualified)
}

/// The paths a program imports with a dot (`import . "strings"`, in a group or on a
/// line with others): a `.` after `import`, `(`, `;` or a line's start, then the path
/// (comments between them skipped).
fn dot_imports(main: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, _) in main.match_indices('.') {
        let before = main[..i].trim_end_matches([' ', '\t']);
        let ok = before.is_empty()
            || before.ends_with(['(', ';', '\n'])
            || before.ends_with("import")
                && !before[..before.len() - 6].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if !ok {
            continue;
        }
        let mut rest = &main[i + 1..];
        loop {
            rest = rest.trim_start_matches([' ', '\t']);
            match rest.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
                Some((_, r)) => rest = r,
                None => break,
            }
        }
        if let Some(path) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
            out.push(path);
        }
    }
    out
}

/// The library's files as the checker should see them for program `main`: each
/// package's file (by import path) with what nothing reaches blanked out. `texts`
/// holds every library file; `keep_whole` names packages kept as they are (the
/// runtime, part of every program).
pub fn prune(main: &str, texts: &[(&str, String)], keep_whole: &[&str]) -> HashMap<String, String> {
    let files: HashMap<&str, File<'_>> = texts.iter().map(|(p, t)| (*p, split(t))).collect();
    // Importers before what they import: a package's wants are complete when its turn
    // comes (the library's imports have no cycles).
    let mut order: Vec<&str> = Vec::new();
    fn visit<'a>(
        p: &'a str,
        files: &'a HashMap<&str, File<'_>>,
        seen: &mut HashSet<&'a str>,
        order: &mut Vec<&'a str>,
    ) {
        if !seen.insert(p) {
            return;
        }
        if let Some(f) = files.get(p) {
            for im in &f.imports {
                if let Some((k, _)) = files.get_key_value(im.path.as_str()) {
                    visit(k, files, seen, order);
                }
            }
        }
        order.push(p);
    }
    let mut seen = HashSet::new();
    for (p, _) in texts {
        visit(p, &files, &mut seen, &mut order);
    }
    order.reverse();

    let mut wants: HashMap<&str, HashSet<String>> = HashMap::new();
    // What the program wants of each package: every `x.Name` it spells, whatever `x`
    // is (so an import renamed, or written on one line with others, needs no reading
    // of the import itself; a package it does not import is never read), and every
    // word of it from a package it imports with a dot.
    let (main_words, main_q) = words(main);
    let spelt: HashSet<String> = main_q.iter().map(|(_, n)| n.to_string()).collect();
    for p in files.keys() {
        wants.insert(p, spelt.clone());
    }
    for path in dot_imports(main) {
        if let Some((k, _)) = files.get_key_value(path) {
            wants
                .entry(k)
                .or_default()
                .extend(main_words.iter().map(|s| s.to_string()));
        }
    }

    // Per package: which declarations are kept and which names are wanted. A method
    // is kept when its type is and its name is spelled anywhere kept (or fmt calls
    // it): a pass over the packages repeats until no more are kept.
    let mut kept: HashMap<&str, Vec<bool>> = order
        .iter()
        .map(|p| (*p, vec![false; files[p].units.len()]))
        .collect();
    let mut wanted: HashMap<&str, HashSet<String>> = HashMap::new();
    let mut used_alias: HashMap<&str, HashSet<String>> = HashMap::new();
    let mut global: HashSet<String> = main_words.iter().map(|s| s.to_string()).collect();
    loop {
        let mut changed = false;
        for &p in &order {
            let f = &files[p];
            let whole = keep_whole.contains(&p);
            let kept = kept.get_mut(p).unwrap();
            let wanted = wanted.entry(p).or_default();
            let used = used_alias.entry(p).or_default();
            // By name, and by name in lower case: a misspelt `fmt.println` keeps
            // Println, for go build's "undefined: fmt.println (but have Println)".
            let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
            for (i, u) in f.units.iter().enumerate() {
                for n in &u.names {
                    by_name.entry(n.clone()).or_default().push(i);
                    let lower = n.to_lowercase();
                    if lower != *n {
                        by_name.entry(lower).or_default().push(i);
                    }
                }
            }
            let mut work: Vec<usize> = (0..f.units.len())
                .filter(|&i| !kept[i] && (whole || f.units[i].always))
                .collect();
            let mut names: Vec<String> = wants.remove(p).unwrap_or_default().into_iter().collect();
            let mut ext: HashMap<&str, HashSet<String>> = HashMap::new();
            loop {
                while let Some(n) = names.pop() {
                    if wanted.insert(n.clone()) {
                        work.extend(by_name.get(n.as_str()).into_iter().flatten().copied());
                        let lower = n.to_lowercase();
                        if lower != n {
                            work.extend(by_name.get(&lower).into_iter().flatten().copied());
                        }
                    }
                }
                if work.is_empty() {
                    work = (0..f.units.len())
                        .filter(|&i| {
                            !kept[i]
                                && f.units[i].recv.as_ref().is_some_and(|(t, m)| {
                                    wanted.contains(t)
                                        && (global.contains(m) || IMPLICIT.contains(&m.as_str()))
                                })
                        })
                        .collect();
                }
                let Some(i) = work.pop() else { break };
                if kept[i] {
                    continue;
                }
                kept[i] = true;
                changed = true;
                let u = &f.units[i];
                let text = f.lines[u.start..u.end].join("\n");
                let (ws, q) = words(&text);
                for w in ws {
                    if !wanted.contains(w) {
                        names.push(w.to_string());
                    }
                    if !global.contains(w) {
                        global.insert(w.to_string());
                    }
                }
                for (a, n) in q {
                    if let Some(im) = f.imports.iter().find(|im| im.alias == a) {
                        used.insert(im.alias.clone());
                        ext.entry(im.path.as_str())
                            .or_default()
                            .insert(n.to_string());
                    }
                }
            }
            for (path, ns) in ext {
                if let Some((k, _)) = files.get_key_value(path) {
                    wants.entry(k).or_default().extend(ns);
                }
            }
        }
        if !changed {
            break;
        }
    }

    let mut out = HashMap::new();
    for p in order {
        let f = &files[p];
        let kept = &kept[p];
        let used = &used_alias[p];
        let mut lines: Vec<&str> = f.lines.clone();
        for (u, k) in f.units.iter().zip(kept) {
            if !k {
                for l in &mut lines[u.start..u.end] {
                    *l = "";
                }
            }
        }
        for im in &f.imports {
            if !used.contains(&im.alias) {
                // Only this spec's text: `import "x"` on one line goes whole.
                lines[im.line] = if f.lines[im.line].starts_with("import ") {
                    ""
                } else {
                    "\t"
                };
            }
        }
        if std::env::var("GMP_PRUNE_DEBUG").is_ok() {
            let n = lines.iter().filter(|l| !l.trim().is_empty()).count();
            eprintln!("{p}: {n} of {} lines", f.lines.len());
        }
        out.insert(p.to_string(), lines.join("\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_is_reached_and_blanks_the_rest_in_place() {
        let a = "package a\n\nimport (\n\t\"b\"\n\t\"c\"\n)\n\n// F doc.\nfunc F() int { return g() + b.X }\n\nfunc g() int { return 1 }\n\nfunc H() int { return c.Y }\n\ntype T struct{ n int }\n\nfunc (t T) M() int { return t.n }\n\nfunc (t T) Other() int { return 0 }\n\nfunc (t T) String() string { return \"T\" }\n\nconst (\n\tK = iota\n\tL\n)\n";
        let b = "package b\n\nvar X = 1\n\nvar Z = 2\n";
        let c = "package c\n\nvar Y = 1\n";
        let main =
            "package main\n\nimport \"a\"\n\nfunc main() { var t a.T; _ = a.F() + a.L + t.M() }\n";
        let texts = [
            ("a", a.to_string()),
            ("b", b.to_string()),
            ("c", c.to_string()),
        ];
        let out = prune(main, &texts, &[]);
        let pa = &out["a"];
        assert_eq!(
            pa.lines().count(),
            a.lines().count(),
            "lines stay where they were"
        );
        assert!(pa.contains("func F()") && pa.contains("func g()"));
        assert!(!pa.contains("func H()"), "H is not reached");
        assert!(
            pa.contains("func (t T) M()"),
            "a kept type keeps the methods called"
        );
        assert!(!pa.contains("func (t T) Other()"), "and not the others");
        assert!(pa.contains("func (t T) String()"), "but those fmt calls");
        assert!(pa.contains("\tL\n"), "a const group is one declaration");
        assert!(
            pa.contains("\"b\"") && !pa.contains("\"c\""),
            "c is imported by H only"
        );
        assert!(out["b"].contains("var X") && !out["b"].contains("var Z"));
        assert!(!out["c"].contains("var Y"));
        // A renamed import, and a dot import: what the program spells is wanted.
        let renamed = "package main\n\nimport (z \"a\"; \"c\")\n\nfunc main() { _ = z.H() }\n";
        assert!(prune(renamed, &texts, &[])["a"].contains("func H()"));
        for dot in [
            "package main\n\nimport . \"a\"\n\nfunc main() { _ = H() }\n",
            "package main\n\nimport (. \"a\"; \"c\")\n\nfunc main() { _ = H() }\n",
            "package main\n\nimport (\n\t. /* all */ \"a\"\n)\n\nfunc main() { _ = H() }\n",
        ] {
            assert!(prune(dot, &texts, &[])["a"].contains("func H()"), "{dot}");
        }
    }
}
