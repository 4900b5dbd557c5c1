//! # Teaching lints: the chapter's checklist for reading goroutine code
//!
//! Walks the checked AST of `main.go` (and what the compiler decided about inlining and
//! frames) and reports the patterns the chapter teaches a reader to look for:
//!
//! | kind id | what | why it matters in the runtime |
//! |---|---|---|
//! | `cpu-loop` | a long loop with no call, channel op or allocation | no stack check in it, so no synchronous safe point: only sysmon's `retake` → `preemptone` (async preemption, Go 1.14+) stops it; with `asyncpreemptoff=1` nothing does |
//! | `gosched-wait` | a loop whose body is a flag check plus `runtime.Gosched()` | `goschedImpl` puts the G on the global queue and it runs again at once: a busy wait |
//! | `sleep-as-signal` | `go` statements, then `time.Sleep`, then reading results, with no `Wait`, receive or lock between | the sleep is a guess; nothing orders the goroutines' work before the read |
//! | `unbounded-go` | a `go` statement in a loop of a large or unknown count, starting a CPU loop | `newproc` per iteration; only GOMAXPROCS of them run at a time |
//! | `big-frame-recursion` | a recursive function with a local of 1 KB or more | each call's frame is that large, so the stack grows often and each growth copies it all (`stack.go: newstack` → `copystack`) |

use std::collections::HashMap;

use go_parser::ast::{self, Expr, Node, Stmt};
use go_parser::{FuncDeclKey, Token};
use go_types::{EntityType, ObjKey, OperandMode};

use crate::compile::{BigLocal, Ctx, TV};
use crate::vm;
use crate::Diag;

/// A loop of at least this many iterations (or of an unknown count) is long enough to
/// hold a P past sysmon's 10 ms `forcePreemptNS`.
pub const LONG_LOOP: u64 = 1_000_000;
/// A loop starting at least this many goroutines (or an unknown number) starts them
/// without bound.
pub const MANY_GOROUTINES: u64 = 1_000;

/// The checklist's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LintKind {
    CpuLoop,
    GoschedWait,
    SleepAsSignal,
    UnboundedGo,
    BigFrameRecursion,
}

impl LintKind {
    pub const ALL: [LintKind; 5] = [
        LintKind::CpuLoop,
        LintKind::GoschedWait,
        LintKind::SleepAsSignal,
        LintKind::UnboundedGo,
        LintKind::BigFrameRecursion,
    ];

    /// The stable id (also the key of the page's explanation: `lint.<id>`).
    pub fn id(self) -> &'static str {
        match self {
            LintKind::CpuLoop => "cpu-loop",
            LintKind::GoschedWait => "gosched-wait",
            LintKind::SleepAsSignal => "sleep-as-signal",
            LintKind::UnboundedGo => "unbounded-go",
            LintKind::BigFrameRecursion => "big-frame-recursion",
        }
    }
}

/// One finding, at a line and column of `main.go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lint {
    pub kind: LintKind,
    pub line: u32,
    pub col: u32,
    /// The last line of what it is about (a loop's closing brace; else `line`).
    pub end: u32,
    /// The function it is in (`main.spin`; a function literal is named by the function
    /// it is written in).
    pub func: String,
    /// What it is about: `for loop`, `time.Sleep`, `go spin`, `local buf (4096 bytes)`.
    pub about: String,
}

impl std::fmt::Display for Lint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "./main.go:{}:{}: {}: {} in {}",
            self.line,
            self.col,
            self.kind.id(),
            self.about,
            self.func
        )
    }
}

/// The lints of `src`, or its compile errors.
pub fn lints(src: &str) -> Result<Vec<Lint>, Vec<Diag>> {
    crate::compile(src).map(|p| p.lints.clone())
}

/// Runs every lint over the main package.
pub(crate) fn run(cx: &Ctx, funcs: &[vm::Func], big: &[BigLocal]) -> Vec<Lint> {
    let Some(ti) = cx.infos.first() else {
        return vec![];
    };
    let mut decls: Vec<FuncDeclKey> = Vec::new();
    for file in &ti.ast_files {
        for d in &file.decls {
            if let ast::Decl::Func(fk) = d {
                decls.push(*fk);
            }
        }
    }
    let mut l = Linter {
        cx,
        funcs: funcs.iter().map(|f| (f.name.as_str(), f)).collect(),
        decl_of: HashMap::new(),
        func: String::new(),
        out: Vec::new(),
    };
    for fk in &decls {
        let fd = &cx.ast.fdecls[*fk];
        if let Some(o) = l.obj_of(fd.name) {
            if fd.recv.is_none() {
                l.decl_of.insert(o, *fk);
            }
        }
    }
    for fk in &decls {
        let fd = &cx.ast.fdecls[*fk];
        let Some(body) = &fd.body else { continue };
        let name = &cx.ast.idents[fd.name].name;
        l.func = if fd.recv.is_some() {
            format!("main.(method).{name}")
        } else {
            format!("main.{name}")
        };
        l.loops_in(&body.list);
        l.sleeps_in(&body.list);
    }
    // Large locals in recursion: the compiler's frames (a direct self-call).
    for (i, f) in funcs.iter().enumerate() {
        if !f.name.starts_with("main.") || !f.static_calls.contains(&(i as vm::FuncId)) {
            continue;
        }
        if let Some(b) = big.iter().find(|b| b.func == f.name) {
            l.out.push(Lint {
                kind: LintKind::BigFrameRecursion,
                line: b.line,
                col: b.col,
                end: b.line,
                func: f.name.clone(),
                about: format!("local {} ({} bytes)", b.name, b.size),
            });
        }
    }
    let mut out = l.out;
    out.sort_by_key(|x| (x.line, x.col));
    out.dedup();
    out
}

struct Linter<'a, 'b> {
    cx: &'b Ctx<'a>,
    funcs: HashMap<&'b str, &'b vm::Func>,
    decl_of: HashMap<ObjKey, FuncDeclKey>,
    func: String,
    out: Vec<Lint>,
}

/// A loop's iteration count: `None` when the source does not say.
type Count = Option<u64>;

impl<'a, 'b> Linter<'a, 'b> {
    fn obj_of(&self, id: go_parser::IdentKey) -> Option<ObjKey> {
        self.cx.obj_of(id)
    }

    fn tv(&self, e: &Expr) -> Option<TV> {
        self.cx.tv(e)
    }

    fn pos(&self, p: usize) -> (u32, u32) {
        self.cx
            .fset
            .position(p)
            .map(|p| (p.line as u32, p.column as u32))
            .unwrap_or((0, 0))
    }

    fn push(&mut self, kind: LintKind, pos: usize, about: impl Into<String>) {
        self.push_to(kind, pos, None, about)
    }

    fn push_to(
        &mut self,
        kind: LintKind,
        pos: usize,
        end: Option<usize>,
        about: impl Into<String>,
    ) {
        let (line, col) = self.pos(pos);
        let end = end.map_or(line, |e| self.pos(e).0.max(line));
        self.out.push(Lint {
            kind,
            line,
            col,
            end,
            func: self.func.clone(),
            about: about.into(),
        });
    }

    /// `pkg.Name` of the function a call's callee denotes, for package-level functions
    /// and methods alike (`sync.Wait` for `wg.Wait`).
    fn callee(&self, f: &Expr) -> Option<(String, String)> {
        let id = match f {
            Expr::Ident(id) => *id,
            Expr::Selector(s) => s.sel,
            Expr::Paren(p) => return self.callee(&p.expr),
            _ => return None,
        };
        let o = self.obj_of(id)?;
        let lo = &self.cx.tc.lobjs[o];
        if !matches!(lo.entity_type(), EntityType::Func(_)) {
            return None;
        }
        let pkg = lo
            .pkg()
            .map(|p| self.cx.tc.pkgs[p].path().clone())
            .unwrap_or_default();
        Some((pkg, lo.name().clone()))
    }

    fn is_call_to(&self, e: &Expr, pkg: &str, name: &str) -> bool {
        let Expr::Call(c) = e else { return false };
        self.callee(&c.func)
            .is_some_and(|(p, n)| p == pkg && n == name)
    }

    fn const_int(&self, e: &Expr) -> Option<u64> {
        match &self.tv(e)?.mode {
            OperandMode::Constant(c) => Some(c.to_int().int_as_i64().0.unsigned_abs()),
            _ => None,
        }
    }

    // ---------------------------------------------------------- safe points

    /// Does this call leave a safe point in the loop (a call gc keeps, an allocation, a
    /// channel op)? Conversions, `len`/`cap`/`copy`, `sync/atomic` (intrinsics) and
    /// calls of leaves gc inlines do not.
    fn call_is_safe_point(&self, c: &ast::CallExpr) -> bool {
        if let Some(tv) = self.tv(&c.func) {
            match &tv.mode {
                OperandMode::TypeExpr => return false,
                OperandMode::Builtin(b) => {
                    use go_types::Builtin as B;
                    return !matches!(
                        b,
                        B::Len | B::Cap | B::Copy | B::Real | B::Imag | B::Complex
                    );
                }
                _ => {}
            }
        }
        match self.callee(&c.func) {
            Some((p, _)) if p == "sync/atomic" => false,
            Some((p, n)) if p == "main" => match self.funcs.get(format!("main.{n}").as_str()) {
                Some(f) => !(f.inlinable && f.other_calls == 0 && f.static_calls.is_empty()),
                None => true,
            },
            _ => true,
        }
    }

    fn expr_has_safe_point(&self, e: &Expr) -> bool {
        match e {
            Expr::Call(c) => {
                self.call_is_safe_point(c)
                    || self.expr_has_safe_point(&c.func)
                    || c.args.iter().any(|a| self.expr_has_safe_point(a))
            }
            Expr::Unary(u) => u.op == Token::ARROW || self.expr_has_safe_point(&u.expr),
            Expr::FuncLit(_) => true,
            Expr::CompositeLit(cl) => {
                let alloc = self.tv(e).is_some_and(|tv| {
                    let u = go_types::typ::underlying_type(tv.typ, self.cx.tc);
                    matches!(
                        self.cx.tc.types[u],
                        go_types::typ::Type::Slice(_) | go_types::typ::Type::Map(_)
                    )
                });
                alloc || cl.elts.iter().any(|x| self.expr_has_safe_point(x))
            }
            Expr::Binary(b) => {
                // String concatenation: runtime.concatstrings.
                let concat = b.op == Token::ADD
                    && self.tv(e).is_some_and(|tv| {
                        !matches!(tv.mode, OperandMode::Constant(_))
                            && matches!(
                                self.cx.tc.types[go_types::typ::underlying_type(tv.typ, self.cx.tc)],
                                go_types::typ::Type::Basic(ref bt) if bt.info() == go_types::typ::BasicInfo::IsString
                            )
                    });
                concat || self.expr_has_safe_point(&b.expr_a) || self.expr_has_safe_point(&b.expr_b)
            }
            Expr::Paren(p) => self.expr_has_safe_point(&p.expr),
            Expr::Selector(s) => self.expr_has_safe_point(&s.expr),
            Expr::Index(i) => {
                self.expr_has_safe_point(&i.expr) || self.expr_has_safe_point(&i.index)
            }
            Expr::Slice(s) => {
                self.expr_has_safe_point(&s.expr)
                    || [&s.low, &s.high, &s.max]
                        .into_iter()
                        .flatten()
                        .any(|x| self.expr_has_safe_point(x))
            }
            Expr::TypeAssert(t) => self.expr_has_safe_point(&t.expr),
            Expr::Star(s) => self.expr_has_safe_point(&s.expr),
            Expr::KeyValue(k) => {
                self.expr_has_safe_point(&k.key) || self.expr_has_safe_point(&k.val)
            }
            _ => false,
        }
    }

    fn stmts_have_safe_point(&self, list: &[Stmt]) -> bool {
        list.iter().any(|s| self.stmt_has_safe_point(s))
    }

    fn stmt_has_safe_point(&self, s: &Stmt) -> bool {
        let ast = self.cx.ast;
        let e = |x: &Expr| self.expr_has_safe_point(x);
        match s {
            Stmt::Send(_) | Stmt::Go(_) | Stmt::Defer(_) | Stmt::Select(_) => true,
            Stmt::Decl(d) => match &**d {
                ast::Decl::Gen(g) => g.specs.iter().any(|sk| match &ast.specs[*sk] {
                    ast::Spec::Value(v) => v.values.iter().any(e),
                    _ => false,
                }),
                _ => false,
            },
            Stmt::Labeled(l) => self.stmt_has_safe_point(&ast.l_stmts[*l].stmt),
            Stmt::Expr(x) => e(x),
            Stmt::IncDec(x) => e(&x.expr),
            Stmt::Assign(a) => {
                let a = &ast.a_stmts[*a];
                a.lhs.iter().chain(a.rhs.iter()).any(e)
            }
            Stmt::Return(r) => r.results.iter().any(e),
            Stmt::Block(b) => self.stmts_have_safe_point(&b.list),
            Stmt::If(i) => {
                i.init.as_ref().is_some_and(|s| self.stmt_has_safe_point(s))
                    || e(&i.cond)
                    || self.stmts_have_safe_point(&i.body.list)
                    || i.els.as_ref().is_some_and(|s| self.stmt_has_safe_point(s))
            }
            Stmt::Case(c) => {
                c.list.as_ref().is_some_and(|l| l.iter().any(e))
                    || self.stmts_have_safe_point(&c.body)
            }
            Stmt::Switch(sw) => {
                sw.init
                    .as_ref()
                    .is_some_and(|s| self.stmt_has_safe_point(s))
                    || sw.tag.as_ref().is_some_and(e)
                    || self.stmts_have_safe_point(&sw.body.list)
            }
            // Type switches compare type words; assertions to interfaces call assertE2I.
            Stmt::TypeSwitch(_) => true,
            Stmt::For(f) => self.for_has_safe_point(f),
            Stmt::Range(r) => self.range_has_safe_point(r),
            _ => false,
        }
    }

    fn for_has_safe_point(&self, f: &ast::ForStmt) -> bool {
        [&f.init, &f.post]
            .into_iter()
            .flatten()
            .any(|s| self.stmt_has_safe_point(s))
            || f.cond.as_ref().is_some_and(|c| self.expr_has_safe_point(c))
            || self.stmts_have_safe_point(&f.body.list)
    }

    fn range_has_safe_point(&self, r: &ast::RangeStmt) -> bool {
        // Ranging over a map calls mapiternext, over a channel chanrecv.
        let over = self.tv(&r.expr).map(|tv| {
            let u = go_types::typ::underlying_type(tv.typ, self.cx.tc);
            matches!(
                self.cx.tc.types[u],
                go_types::typ::Type::Map(_) | go_types::typ::Type::Chan(_)
            )
        });
        over.unwrap_or(true)
            || self.expr_has_safe_point(&r.expr)
            || self.stmts_have_safe_point(&r.body.list)
    }

    // ---------------------------------------------------------- counts

    /// A `for` loop's iteration count from its condition: `i < N` with a constant N.
    fn for_count(&self, f: &ast::ForStmt) -> Count {
        let c = f.cond.as_ref()?;
        let Expr::Binary(b) = c else { return None };
        if !matches!(b.op, Token::LSS | Token::LEQ | Token::GTR | Token::GEQ) {
            return None;
        }
        if let Some(n) = self
            .const_int(&b.expr_b)
            .or_else(|| self.const_int(&b.expr_a))
        {
            return Some(n);
        }
        // `i < runtime.NumCPU()`, `i < runtime.GOMAXPROCS(0)`: bounded by the machine.
        let machine = |x: &Expr| {
            self.is_call_to(x, "runtime", "NumCPU") || self.is_call_to(x, "runtime", "GOMAXPROCS")
        };
        if machine(&b.expr_a) || machine(&b.expr_b) {
            return Some(64);
        }
        None
    }

    /// A range loop's count: a constant int or an array's length; `data` is what ranging
    /// over a slice, string or map counts as.
    fn range_count(&self, r: &ast::RangeStmt, data: Count) -> Count {
        let tv = self.tv(&r.expr)?;
        if let OperandMode::Constant(c) = &tv.mode {
            return Some(c.to_int().int_as_i64().0.unsigned_abs());
        }
        if self.is_call_to(&r.expr, "runtime", "NumCPU")
            || self.is_call_to(&r.expr, "runtime", "GOMAXPROCS")
        {
            return Some(64);
        }
        let u = go_types::typ::underlying_type(tv.typ, self.cx.tc);
        match &self.cx.tc.types[u] {
            go_types::typ::Type::Basic(_) => None,
            go_types::typ::Type::Array(a) => a.len(),
            go_types::typ::Type::Pointer(_) => None,
            _ => data,
        }
    }

    /// The largest count of the loops nested in `list` (a body with no loop: 1).
    fn nested_count(&self, list: &[Stmt]) -> Count {
        let mut best: Count = Some(1);
        for s in list {
            let c = self.stmt_nested_count(s);
            best = match (best, c) {
                (None, _) | (_, None) => None,
                (Some(a), Some(b)) => Some(a.max(b)),
            };
        }
        best
    }

    fn stmt_nested_count(&self, s: &Stmt) -> Count {
        let mul = |a: Count, b: Count| match (a, b) {
            (Some(a), Some(b)) => Some(a.saturating_mul(b)),
            _ => None,
        };
        match s {
            Stmt::For(f) => mul(self.for_count(f), self.nested_count(&f.body.list)),
            Stmt::Range(r) => mul(
                self.range_count(r, Some(1)),
                self.nested_count(&r.body.list),
            ),
            Stmt::Block(b) => self.nested_count(&b.list),
            Stmt::If(i) => {
                let a = self.nested_count(&i.body.list);
                let b = i
                    .els
                    .as_ref()
                    .map_or(Some(1), |e| self.stmt_nested_count(e));
                match (a, b) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                }
            }
            Stmt::Labeled(l) => self.stmt_nested_count(&self.cx.ast.l_stmts[*l].stmt),
            Stmt::Switch(sw) => self.nested_count(&sw.body.list),
            Stmt::Case(c) => self.nested_count(&c.body),
            _ => Some(1),
        }
    }

    /// A loop of unknown count that is not counted (`for {`, `for !done {`, `for n !=
    /// nil {`) runs long when nothing in its body ends it: no `break` or `return` in a
    /// `for {`, and a condition none of whose variables the body assigns (a spin on a
    /// flag another goroutine sets, not a walk down a list).
    fn may_run_long(&self, f: &ast::ForStmt) -> bool {
        if f.post.is_some() {
            return true;
        }
        match &f.cond {
            None => !Self::exits(&f.body.list, self.cx.ast),
            Some(Expr::Binary(b))
                if matches!(b.op, Token::LSS | Token::LEQ | Token::GTR | Token::GEQ) =>
            {
                true
            }
            Some(c) => {
                let mut read = Vec::new();
                self.idents_in(c, &mut read);
                let mut set = Vec::new();
                for s in &f.body.list {
                    self.assigned_in(s, &mut set);
                }
                !read.iter().any(|o| set.contains(o))
            }
        }
    }

    /// A `break` (of this loop) or `return` among these statements.
    fn exits(list: &[Stmt], ast: &go_parser::AstObjects) -> bool {
        list.iter().any(|s| match s {
            Stmt::Branch(b) => matches!(b.token, Token::BREAK | Token::GOTO),
            Stmt::Return(_) => true,
            Stmt::Block(b) => Self::exits(&b.list, ast),
            Stmt::If(i) => {
                Self::exits(&i.body.list, ast)
                    || i.els
                        .as_ref()
                        .is_some_and(|e| Self::exits(std::slice::from_ref(e), ast))
            }
            Stmt::Labeled(l) => Self::exits(std::slice::from_ref(&ast.l_stmts[*l].stmt), ast),
            _ => false,
        })
    }

    /// The variables a statement assigns or increments.
    fn assigned_in(&self, s: &Stmt, out: &mut Vec<ObjKey>) {
        let ast = self.cx.ast;
        match s {
            Stmt::Assign(a) => ast.a_stmts[*a]
                .lhs
                .iter()
                .for_each(|e| self.idents_in(e, out)),
            Stmt::IncDec(x) => self.idents_in(&x.expr, out),
            Stmt::Block(b) => b.list.iter().for_each(|s| self.assigned_in(s, out)),
            Stmt::If(i) => {
                i.body.list.iter().for_each(|s| self.assigned_in(s, out));
                if let Some(e) = &i.els {
                    self.assigned_in(e, out);
                }
            }
            Stmt::For(f) => f.body.list.iter().for_each(|s| self.assigned_in(s, out)),
            Stmt::Range(r) => r.body.list.iter().for_each(|s| self.assigned_in(s, out)),
            _ => {}
        }
    }

    fn is_long(c: Count) -> bool {
        c.is_none_or(|n| n >= LONG_LOOP)
    }

    // ---------------------------------------------------------- the walk

    /// Visits the statements of a function body for loops (and function literals).
    fn loops_in(&mut self, list: &[Stmt]) {
        for s in list {
            self.loops_in_stmt(s);
        }
    }

    fn loops_in_stmt(&mut self, s: &Stmt) {
        let ast = self.cx.ast;
        match s {
            Stmt::For(f) => {
                let f = f.clone();
                if self.gosched_wait(&f) {
                    self.push_to(
                        LintKind::GoschedWait,
                        f.for_pos,
                        Some(f.body.r_brace),
                        "for loop",
                    );
                } else if !self.for_has_safe_point(&f) {
                    let n = match (self.for_count(&f), self.nested_count(&f.body.list)) {
                        (Some(a), Some(b)) => Some(a.saturating_mul(b)),
                        _ => None,
                    };
                    if Self::is_long(n) && self.may_run_long(&f) {
                        self.push_to(
                            LintKind::CpuLoop,
                            f.for_pos,
                            Some(f.body.r_brace),
                            "for loop",
                        );
                        return;
                    }
                }
                self.unbounded_go(&f.body.list, self.for_count(&f), f.body.r_brace);
                self.lits_in_opt(&f.cond);
                self.loops_in(&f.body.list);
            }
            Stmt::Range(r) => {
                let r = r.clone();
                if !self.range_has_safe_point(&r) {
                    let n = match (
                        self.range_count(&r, Some(1)),
                        self.nested_count(&r.body.list),
                    ) {
                        (Some(a), Some(b)) => Some(a.saturating_mul(b)),
                        _ => None,
                    };
                    if Self::is_long(n) {
                        self.push_to(
                            LintKind::CpuLoop,
                            r.for_pos,
                            Some(r.body.r_brace),
                            "for range loop",
                        );
                        return;
                    }
                }
                self.unbounded_go(&r.body.list, self.range_count(&r, None), r.body.r_brace);
                self.lits_in(&r.expr);
                self.loops_in(&r.body.list);
            }
            Stmt::Block(b) => self.loops_in(&b.list.clone()),
            Stmt::If(i) => {
                let i = i.clone();
                if let Some(s) = &i.init {
                    self.loops_in_stmt(s);
                }
                self.lits_in(&i.cond);
                self.loops_in(&i.body.list);
                if let Some(e) = &i.els {
                    self.loops_in_stmt(e);
                }
            }
            Stmt::Labeled(l) => self.loops_in_stmt(&ast.l_stmts[*l].stmt.clone()),
            Stmt::Switch(sw) => self.loops_in(&sw.body.list.clone()),
            Stmt::TypeSwitch(sw) => self.loops_in(&sw.body.list.clone()),
            Stmt::Select(sw) => self.loops_in(&sw.body.list.clone()),
            Stmt::Case(c) => {
                let c = c.clone();
                c.list.iter().flatten().for_each(|e| self.lits_in(e));
                self.loops_in(&c.body);
            }
            Stmt::Comm(c) => self.loops_in(&c.body.clone()),
            Stmt::Expr(e) => self.lits_in(&e.clone()),
            Stmt::Go(g) => self.lits_in(&g.call.clone()),
            Stmt::Defer(g) => self.lits_in(&g.call.clone()),
            Stmt::Assign(a) => {
                let rhs = ast.a_stmts[*a].rhs.clone();
                rhs.iter().for_each(|e| self.lits_in(e));
            }
            Stmt::Return(r) => r.results.clone().iter().for_each(|e| self.lits_in(e)),
            Stmt::Decl(d) => {
                if let ast::Decl::Gen(g) = &**d {
                    for sk in &g.specs {
                        if let ast::Spec::Value(v) = &ast.specs[*sk] {
                            v.values.clone().iter().for_each(|e| self.lits_in(e));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn lits_in_opt(&mut self, e: &Option<Expr>) {
        if let Some(e) = e {
            self.lits_in(e)
        }
    }

    /// Function literals inside an expression: their bodies' loops.
    fn lits_in(&mut self, e: &Expr) {
        match e {
            Expr::FuncLit(fl) => {
                let body = fl.body.clone();
                self.loops_in(&body.list);
            }
            Expr::Call(c) => {
                self.lits_in(&c.func);
                c.args.iter().for_each(|a| self.lits_in(a));
            }
            Expr::Paren(p) => self.lits_in(&p.expr),
            Expr::Unary(u) => self.lits_in(&u.expr),
            Expr::Binary(b) => {
                self.lits_in(&b.expr_a);
                self.lits_in(&b.expr_b)
            }
            Expr::CompositeLit(c) => c.elts.iter().for_each(|x| self.lits_in(x)),
            Expr::KeyValue(k) => self.lits_in(&k.val),
            _ => {}
        }
    }

    /// `for !done { runtime.Gosched() }`: a loop (no post statement) whose body is only
    /// `runtime.Gosched()` calls and `if cond { break }` checks.
    fn gosched_wait(&self, f: &ast::ForStmt) -> bool {
        if f.post.is_some() || f.init.is_some() {
            return false;
        }
        let mut gosched = 0;
        let mut checks = 0;
        for s in &f.body.list {
            match s {
                Stmt::Expr(e) if self.is_call_to(e, "runtime", "Gosched") => gosched += 1,
                Stmt::If(i)
                    if i.els.is_none()
                        && i.init.is_none()
                        && i.body.list.len() == 1
                        && matches!(&i.body.list[0], Stmt::Return(_) | Stmt::Branch(_)) =>
                {
                    checks += 1
                }
                Stmt::Empty(_) => {}
                _ => return false,
            }
        }
        // A flag check: the condition calls nothing but atomic loads (an `attempt()`
        // that does the work is not a wait).
        let flag = |c: &Expr| !self.expr_has_safe_point(c);
        let if_conds = f.body.list.iter().all(|s| match s {
            Stmt::If(i) => flag(&i.cond),
            _ => true,
        });
        gosched > 0
            && (f.cond.is_some() || checks > 0)
            && f.cond.as_ref().is_none_or(flag)
            && if_conds
    }

    /// A `go` statement directly in a loop body of `count` iterations, starting a CPU
    /// loop.
    fn unbounded_go(&mut self, body: &[Stmt], count: Count, loop_end: usize) {
        if count.is_some_and(|n| n < MANY_GOROUTINES) {
            return;
        }
        for s in body {
            let Stmt::Go(g) = s else { continue };
            let Expr::Call(c) = &g.call else { continue };
            let (what, cpu) = match &c.func {
                Expr::FuncLit(fl) => ("go func".to_string(), self.cpu_work(&fl.body.list, 1)),
                Expr::Ident(id) => {
                    let name = self.cx.ast.idents[*id].name.clone();
                    let cpu = self
                        .obj_of(*id)
                        .and_then(|o| self.decl_of.get(&o))
                        .and_then(|fk| self.cx.ast.fdecls[*fk].body.clone())
                        .is_some_and(|b| self.cpu_work(&b.list, 1));
                    (format!("go {name}"), cpu)
                }
                _ => continue,
            };
            if cpu {
                self.push_to(LintKind::UnboundedGo, g.go, Some(loop_end), what);
            }
        }
    }

    /// Does this body run a loop with no safe point in it (directly, or in a function
    /// of the program it calls, `depth` levels down)?
    fn cpu_work(&self, list: &[Stmt], depth: u32) -> bool {
        list.iter().any(|s| self.stmt_cpu_work(s, depth))
    }

    fn stmt_cpu_work(&self, s: &Stmt, depth: u32) -> bool {
        match s {
            Stmt::For(f) => !self.for_has_safe_point(f) || self.cpu_work(&f.body.list, depth),
            Stmt::Range(r) => !self.range_has_safe_point(r) || self.cpu_work(&r.body.list, depth),
            Stmt::Block(b) => self.cpu_work(&b.list, depth),
            Stmt::If(i) => {
                self.cpu_work(&i.body.list, depth)
                    || i.els.as_ref().is_some_and(|e| self.stmt_cpu_work(e, depth))
            }
            Stmt::Expr(_) | Stmt::Assign(_) if depth > 0 => {
                let calls: Vec<Expr> = match s {
                    Stmt::Expr(e) => vec![(**e).clone()],
                    Stmt::Assign(a) => self.cx.ast.a_stmts[*a].rhs.clone(),
                    _ => vec![],
                };
                calls.iter().any(|c| {
                    let Expr::Call(c) = c else { return false };
                    let Expr::Ident(id) = &c.func else {
                        return false;
                    };
                    self.obj_of(*id)
                        .and_then(|o| self.decl_of.get(&o))
                        .and_then(|fk| self.cx.ast.fdecls[*fk].body.clone())
                        .is_some_and(|b| self.cpu_work(&b.list, depth - 1))
                })
            }
            _ => false,
        }
    }

    // ---------------------------------------------------------- time.Sleep

    /// `go ...; time.Sleep(d); fmt.Println(result)` in one statement list, with no
    /// `Wait`, receive, `Lock` or select between the `go` and the statement after the
    /// sleep, that statement reading a variable the started goroutines share; or the
    /// sleep ending the list when the goroutines share a package variable.
    fn sleeps_in(&mut self, list: &[Stmt]) {
        let mut shared: Vec<ObjKey> = Vec::new();
        let mut synced = false;
        for (i, s) in list.iter().enumerate() {
            if self.has_go(s) {
                self.go_touches(s, &mut shared);
                synced = false;
            }
            if self.has_sync(s) {
                synced = true;
            }
            let Stmt::Expr(e) = s else { continue };
            if shared.is_empty() || synced || !self.is_call_to(e, "time", "Sleep") {
                continue;
            }
            // The next statement that is not another sleep reads the results.
            let next = list[i + 1..]
                .iter()
                .find(|s| !matches!(s, Stmt::Expr(e) if self.is_call_to(e, "time", "Sleep")));
            let guess = match next {
                Some(n) => {
                    let mut read = Vec::new();
                    self.idents_in_stmt(n, &mut read);
                    !self.has_sync(n) && read.iter().any(|o| shared.contains(o))
                }
                // The function's last act (the chapter's computeAll): its caller reads
                // the package variables the goroutines write.
                None => shared.iter().any(|&o| self.is_package_var(o)),
            };
            if guess {
                let p = e.pos(self.cx.ast);
                self.push(LintKind::SleepAsSignal, p, "time.Sleep");
                shared.clear();
            }
        }
    }

    /// The variables the goroutines a statement starts share with its function: those
    /// a started function literal refers to, those passed to the started call, and the
    /// package variables a started function of the program refers to.
    fn go_touches(&self, s: &Stmt, out: &mut Vec<ObjKey>) {
        match s {
            Stmt::Go(g) => {
                if let Expr::Call(c) = &g.call {
                    match &c.func {
                        Expr::FuncLit(fl) => fl
                            .body
                            .list
                            .iter()
                            .for_each(|s| self.idents_in_stmt(s, out)),
                        Expr::Ident(id) => {
                            if let Some(b) = self
                                .obj_of(*id)
                                .and_then(|o| self.decl_of.get(&o))
                                .and_then(|fk| self.cx.ast.fdecls[*fk].body.clone())
                            {
                                let mut all = Vec::new();
                                b.list.iter().for_each(|s| self.idents_in_stmt(s, &mut all));
                                // Package variables only: the function's own locals are
                                // not the caller's.
                                out.extend(all.into_iter().filter(|&o| self.is_package_var(o)));
                            }
                        }
                        _ => {}
                    }
                    c.args.iter().for_each(|a| self.idents_in(a, out));
                }
            }
            Stmt::For(f) => f.body.list.iter().for_each(|s| self.go_touches(s, out)),
            Stmt::Range(r) => r.body.list.iter().for_each(|s| self.go_touches(s, out)),
            Stmt::Block(b) => b.list.iter().for_each(|s| self.go_touches(s, out)),
            _ => {}
        }
    }

    /// Whether `o` is declared at package level (its scope's parent is the universe).
    fn is_package_var(&self, o: ObjKey) -> bool {
        let lo = &self.cx.tc.lobjs[o];
        lo.parent().is_some_and(|p| {
            self.cx.tc.scopes[p]
                .parent()
                .is_some_and(|pp| self.cx.tc.scopes[pp].parent().is_none())
        })
    }

    /// The variables a statement names (any depth, function literals included).
    fn idents_in_stmt(&self, s: &Stmt, out: &mut Vec<ObjKey>) {
        let ast = self.cx.ast;
        match s {
            Stmt::Expr(e) => self.idents_in(e, out),
            Stmt::Send(x) => {
                self.idents_in(&x.chan, out);
                self.idents_in(&x.val, out)
            }
            Stmt::IncDec(x) => self.idents_in(&x.expr, out),
            Stmt::Assign(a) => {
                let a = &ast.a_stmts[*a];
                a.lhs
                    .iter()
                    .chain(a.rhs.iter())
                    .for_each(|e| self.idents_in(e, out))
            }
            Stmt::Return(r) => r.results.iter().for_each(|e| self.idents_in(e, out)),
            Stmt::Go(g) => self.idents_in(&g.call, out),
            Stmt::Defer(g) => self.idents_in(&g.call, out),
            Stmt::Block(b) => b.list.iter().for_each(|s| self.idents_in_stmt(s, out)),
            Stmt::Labeled(l) => self.idents_in_stmt(&ast.l_stmts[*l].stmt, out),
            Stmt::If(i) => {
                if let Some(s) = &i.init {
                    self.idents_in_stmt(s, out);
                }
                self.idents_in(&i.cond, out);
                i.body.list.iter().for_each(|s| self.idents_in_stmt(s, out));
                if let Some(e) = &i.els {
                    self.idents_in_stmt(e, out);
                }
            }
            Stmt::For(f) => {
                [&f.init, &f.post]
                    .into_iter()
                    .flatten()
                    .for_each(|s| self.idents_in_stmt(s, out));
                if let Some(c) = &f.cond {
                    self.idents_in(c, out);
                }
                f.body.list.iter().for_each(|s| self.idents_in_stmt(s, out));
            }
            Stmt::Range(r) => {
                self.idents_in(&r.expr, out);
                r.body.list.iter().for_each(|s| self.idents_in_stmt(s, out));
            }
            Stmt::Switch(sw) => {
                if let Some(t) = &sw.tag {
                    self.idents_in(t, out);
                }
                sw.body
                    .list
                    .iter()
                    .for_each(|s| self.idents_in_stmt(s, out));
            }
            Stmt::Case(c) => {
                c.list.iter().flatten().for_each(|e| self.idents_in(e, out));
                c.body.iter().for_each(|s| self.idents_in_stmt(s, out));
            }
            _ => {}
        }
    }

    fn idents_in(&self, e: &Expr, out: &mut Vec<ObjKey>) {
        match e {
            Expr::Ident(id) => {
                if let Some(o) = self.obj_of(*id) {
                    if matches!(self.cx.tc.lobjs[o].entity_type(), EntityType::Var(_)) {
                        out.push(o);
                    }
                }
            }
            Expr::FuncLit(fl) => fl
                .body
                .list
                .iter()
                .for_each(|s| self.idents_in_stmt(s, out)),
            Expr::CompositeLit(c) => c.elts.iter().for_each(|x| self.idents_in(x, out)),
            Expr::Paren(p) => self.idents_in(&p.expr, out),
            Expr::Selector(s) => self.idents_in(&s.expr, out),
            Expr::Index(i) => {
                self.idents_in(&i.expr, out);
                self.idents_in(&i.index, out)
            }
            Expr::Slice(s) => {
                self.idents_in(&s.expr, out);
                [&s.low, &s.high, &s.max]
                    .into_iter()
                    .flatten()
                    .for_each(|x| self.idents_in(x, out));
            }
            Expr::TypeAssert(t) => self.idents_in(&t.expr, out),
            Expr::Call(c) => {
                self.idents_in(&c.func, out);
                c.args.iter().for_each(|x| self.idents_in(x, out));
            }
            Expr::Star(s) => self.idents_in(&s.expr, out),
            Expr::Unary(u) => self.idents_in(&u.expr, out),
            Expr::Binary(b) => {
                self.idents_in(&b.expr_a, out);
                self.idents_in(&b.expr_b, out)
            }
            Expr::KeyValue(k) => self.idents_in(&k.val, out),
            _ => {}
        }
    }

    fn has_go(&self, s: &Stmt) -> bool {
        match s {
            Stmt::Go(_) => true,
            Stmt::For(f) => f.body.list.iter().any(|s| self.has_go(s)),
            Stmt::Range(r) => r.body.list.iter().any(|s| self.has_go(s)),
            Stmt::Block(b) => b.list.iter().any(|s| self.has_go(s)),
            _ => false,
        }
    }

    /// A statement that waits for another goroutine (not inside function literals).
    fn has_sync(&self, s: &Stmt) -> bool {
        let ast = self.cx.ast;
        match s {
            Stmt::Select(_) => true,
            Stmt::Expr(e) => self.expr_syncs(e),
            Stmt::Assign(a) => ast.a_stmts[*a].rhs.iter().any(|e| self.expr_syncs(e)),
            Stmt::Decl(d) => match &**d {
                ast::Decl::Gen(g) => g.specs.iter().any(|sk| match &ast.specs[*sk] {
                    ast::Spec::Value(v) => v.values.iter().any(|e| self.expr_syncs(e)),
                    _ => false,
                }),
                _ => false,
            },
            Stmt::Range(r) => {
                let chan = self.tv(&r.expr).is_some_and(|tv| {
                    let u = go_types::typ::underlying_type(tv.typ, self.cx.tc);
                    matches!(self.cx.tc.types[u], go_types::typ::Type::Chan(_))
                });
                chan || r.body.list.iter().any(|s| self.has_sync(s))
            }
            Stmt::For(f) => f.body.list.iter().any(|s| self.has_sync(s)),
            Stmt::Block(b) => b.list.iter().any(|s| self.has_sync(s)),
            Stmt::If(i) => {
                self.expr_syncs(&i.cond)
                    || i.body.list.iter().any(|s| self.has_sync(s))
                    || i.els.as_ref().is_some_and(|e| self.has_sync(e))
            }
            _ => false,
        }
    }

    fn expr_syncs(&self, e: &Expr) -> bool {
        match e {
            Expr::Unary(u) => u.op == Token::ARROW || self.expr_syncs(&u.expr),
            Expr::Call(c) => {
                let sync = self.callee(&c.func).is_some_and(|(p, n)| {
                    p == "sync" && matches!(n.as_str(), "Wait" | "Lock" | "RLock" | "Do")
                });
                sync || c.args.iter().any(|a| self.expr_syncs(a))
            }
            Expr::Paren(p) => self.expr_syncs(&p.expr),
            Expr::Binary(b) => self.expr_syncs(&b.expr_a) || self.expr_syncs(&b.expr_b),
            _ => false,
        }
    }
}
