//! # `fmt`: Go's formatting of values, by their types
//!
//! `%v` and friends as `fmt/print.go` prints them: slices `[1 2 3]`, maps sorted by key
//! `map[a:1 b:2]`, structs `{1 2}` (`%+v`: `{X:1 Y:2}`), pointers to structs `&{1 2}`,
//! floats in `%g`'s shortest form with Go's exponent threshold, `%q`, widths and flags.
//! A value whose type has a `String() string` or `Error() string` method is formatted by
//! calling it; the caller ([`crate::vm`]) does that and hands the text in as a string.

use std::fmt::Write;

use crate::types::{Ty, TyId, Types};
use crate::vm::{load, slice_vals, MapKey, V};

/// A value with no type information (runtime errors, panics of plain strings).
pub fn plain(v: &V, _t: &Types) -> String {
    match v {
        V::Str(s) => s.to_string(),
        V::Int(i) => i.to_string(),
        V::Float(f) => float_g(*f),
        V::Bool(b) => b.to_string(),
        V::Iface(b) => plain(&b.1, _t),
        V::Nil => "<nil>".into(),
        _ => "?".into(),
    }
}

/// `%#v`-ish for panics of non-string values (`panic(main.T{...})`).
pub fn go_syntax(v: &V, t: &Types) -> String {
    match v {
        V::Iface(b) => {
            let inner = value(b.0, &b.1, t, false, 0);
            match t.under(b.0) {
                Ty::Int { .. } | Ty::Float | Ty::Float32 | Ty::Bool => {
                    format!("{}({inner})", t.name(b.0))
                }
                Ty::Str => format!("{}({inner:?})", t.name(b.0)),
                _ => format!("{}{inner}", t.name(b.0)),
            }
        }
        other => plain(other, t),
    }
}

/// `%#v`: a Go-syntax representation of the value (`fmt/print.go`, `printValue` with
/// `sharpV`): `main.Rect{W:3, H:4}`, `[]string{"a", "b"}`, `map[string]int{"x":1}`,
/// `[]int(nil)`, `(*main.Rect)(nil)`, `&main.Rect{...}` at the top, unsigned integers
/// in hex (`0x7`), a defined string or number type without its name (`"bad"`, `7`).
pub fn go_value(ty: TyId, v: &V, t: &Types, depth: usize) -> String {
    if let V::Iface(b) = v {
        return go_value(b.0, &b.1, t, depth);
    }
    if let (crate::types::FORMATTED, V::Str(s)) = (ty, v) {
        return s.to_string(); // a GoString() text
    }
    if ty == 0 {
        return if depth == 0 {
            "<nil>".into()
        } else {
            "interface {}(nil)".into()
        };
    }
    if depth > 8 {
        return "...".into();
    }
    let name = t.name(ty);
    match (t.under(ty), v) {
        (Ty::Int { signed: false, .. }, V::Int(i)) => {
            let n = match t.under(ty) {
                Ty::Int { bits: 64, .. } => *i as u64,
                Ty::Int { bits, .. } => (*i as u64) & ((1u64 << bits) - 1),
                _ => *i as u64,
            };
            format!("{n:#x}")
        }
        (Ty::Int { .. }, V::Int(i)) => i.to_string(),
        (Ty::UnsafePtr, V::Int(i)) => format!("{name}({:#x})", *i as u64),
        (Ty::Float, V::Float(f)) => float_g(*f),
        (Ty::Float32, V::Float(f)) => float_g32(*f),
        (Ty::Bool, V::Bool(b)) => b.to_string(),
        (Ty::Str, V::Str(s)) => quote(s),
        (Ty::Slice(_), V::Nil) | (Ty::Map(..), V::Nil) => format!("{name}(nil)"),
        (Ty::Slice(e), _) | (Ty::Array(_, e), _) => {
            let e = *e;
            let parts: Vec<String> = slice_vals(v)
                .iter()
                .map(|x| go_value(e, x, t, depth + 1))
                .collect();
            format!("{name}{{{}}}", parts.join(", "))
        }
        (Ty::Map(k, e), V::Map(m)) => {
            let (k, e) = (*k, *e);
            let m = m.lock().unwrap_or_else(|e| e.into_inner());
            let pairs = sorted_entries(&m);
            let parts: Vec<String> = pairs
                .iter()
                .map(|(a, b)| {
                    format!(
                        "{}:{}",
                        go_value(k, a, t, depth + 1),
                        go_value(e, b, t, depth + 1)
                    )
                })
                .collect();
            format!("{name}{{{}}}", parts.join(", "))
        }
        (Ty::Struct(fs), V::Agg(xs)) => {
            let parts: Vec<String> = fs
                .iter()
                .zip(xs.iter())
                .map(|(f, x)| format!("{}:{}", f.0, go_value(f.1, x, t, depth + 1)))
                .collect();
            format!("{name}{{{}}}", parts.join(", "))
        }
        (Ty::Ptr(e), V::Ptr(p))
            if depth == 0
                && matches!(
                    t.under(*e),
                    Ty::Struct(_) | Ty::Array(..) | Ty::Slice(_) | Ty::Map(..)
                ) =>
        {
            format!("&{}", go_value(*e, &load(p), t, depth + 1))
        }
        (Ty::Ptr(_) | Ty::Chan(_) | Ty::Func, V::Nil) => format!("({name})(nil)"),
        (Ty::Iface(_), V::Nil) => format!("{name}(nil)"),
        (Ty::Ptr(_) | Ty::Chan(_) | Ty::Func, _) => {
            format!("({name})({})", value(ty, v, t, false, depth + 1))
        }
        _ => value(ty, v, t, false, depth + 1),
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)` as `%v` prints it: the shortest digits,
/// in %e form when the exponent is below -4 or at least 6 (`strconv/ftoa.go`: the
/// shortest form decides with `eprec = 6`; Go 1.27.3 prints `123456.5`, `1e+06`,
/// `1.099511627776e+06`, `1.2345678e+07`, `1e+20`).
pub fn float_g(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let (digits, exp) = shortest(f, &format!("{f:e}"));
    g_form(f < 0.0, &digits, exp)
}

/// The shortest digits that read back as `f` (from Rust's shortest `{:e}`, `e`) and
/// the decimal exponent of the first, as strconv's shortest formatting gives them:
/// where the exact value lies halfway between two shortest candidates, Go takes the
/// one ending in an even digit (`ryuFtoaShortest` rounds half to even; Rust rounds the
/// half up: -1.0728531609257813e+09 where Go prints ...812e+09).
fn shortest(f: f64, e: &str) -> (String, i32) {
    let (mant, exp) = e.split_once('e').unwrap();
    let exp: i32 = exp.parse().unwrap();
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let n = digits.len();
    // f's exact decimal expansion, far enough to see whether it is a tie.
    let ex = format!("{:.*e}", n + 40, f.abs());
    let (emant, eexp) = ex.split_once('e').unwrap();
    let edigits: Vec<u8> = emant.bytes().filter(|c| c.is_ascii_digit()).collect();
    let tie = eexp.parse::<i32>().ok() == Some(exp)
        && edigits.get(n) == Some(&b'5')
        && edigits[n + 1..].iter().all(|&c| c == b'0');
    if !tie {
        return (digits, exp);
    }
    let lower = &edigits[..n];
    if (lower[n - 1] - b'0') % 2 == 0 {
        let d = String::from_utf8_lossy(lower)
            .trim_end_matches('0')
            .to_string();
        return (if d.is_empty() { "0".into() } else { d }, exp);
    }
    // The upper candidate: the lower one plus one in its last digit.
    let mut up = lower.to_vec();
    let mut i = n;
    loop {
        if i == 0 {
            up.insert(0, b'1');
            up.pop();
            return (
                String::from_utf8_lossy(&up)
                    .trim_end_matches('0')
                    .to_string(),
                exp + 1,
            );
        }
        i -= 1;
        if up[i] == b'9' {
            up[i] = b'0';
        } else {
            up[i] += 1;
            break;
        }
    }
    (
        String::from_utf8_lossy(&up)
            .trim_end_matches('0')
            .to_string(),
        exp,
    )
}

/// `%v`'s form of digits `d` (the first at 10^`exp`): `%e` with a two-digit exponent
/// below 1e-4 and from 1e6 (strconv's shortest `%g`), else plain.
fn g_form(neg: bool, d: &str, exp: i32) -> String {
    let sign = if neg { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let rest = if d.len() > 1 {
            format!(".{}", &d[1..])
        } else {
            String::new()
        };
        let es = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{}{rest}e{es}{:02}", &d[..1], exp.abs());
    }
    if exp < 0 {
        return format!("{sign}0.{}{d}", "0".repeat((-exp - 1) as usize));
    }
    let int_len = exp as usize + 1;
    if d.len() <= int_len {
        format!("{sign}{d}{}", "0".repeat(int_len - d.len()))
    } else {
        format!("{sign}{}.{}", &d[..int_len], &d[int_len..])
    }
}

/// [`float_g`] of a `float32`: the shortest digits that read back as the same
/// float32 (`FormatFloat(f, 'g', -1, 32)`: `float32(0.1)` is `0.1`, not the f64's
/// `0.10000000149011612`).
pub fn float_g32(f: f64) -> String {
    let x = f as f32;
    if !x.is_finite() || x == 0.0 {
        return float_g(x as f64);
    }
    let (digits, exp) = shortest(x as f64, &format!("{x:e}"));
    g_form(x < 0.0, &digits, exp)
}

/// The most digits Rust's formatter is asked for (it allows at most 65535; an f64's
/// exact decimal expansion ends within 1100 digits, so more digits are zeros).
const EXACT_DIGITS: usize = 1100;

/// `f` with `prec` digits after the point, as `%.*f` (any precision).
fn fixed(f: f64, prec: usize) -> String {
    if !f.is_finite() {
        return float_g(f); // +Inf, -Inf, NaN
    }
    let mut s = format!("{:.*}", prec.min(EXACT_DIGITS), f);
    if prec > EXACT_DIGITS && f.is_finite() {
        s.extend(std::iter::repeat_n('0', prec - EXACT_DIGITS));
    }
    s
}

fn float_e(f: f64, prec: usize, upper: bool) -> String {
    if !f.is_finite() {
        return float_g(f); // strconv's "+Inf" whatever the verb's case
    }
    let s = format!("{:.*e}", prec.min(EXACT_DIGITS), f);
    let (mant, exp) = s.split_once('e').unwrap();
    let zeros = if prec > EXACT_DIGITS && f.is_finite() {
        "0".repeat(prec - EXACT_DIGITS)
    } else {
        String::new()
    };
    let mant = format!("{mant}{zeros}");
    let exp: i32 = exp.parse().unwrap();
    let sign = if exp < 0 { '-' } else { '+' };
    let r = format!("{mant}e{sign}{:02}", exp.abs());
    if upper {
        r.to_uppercase()
    } else {
        r
    }
}

/// A value of type `ty` as `%v` (`plus`: `%+v`) prints it.
pub fn value(ty: TyId, v: &V, t: &Types, plus: bool, depth: usize) -> String {
    if depth > 8 {
        return "...".into();
    }
    if let V::Iface(b) = v {
        return value(b.0, &b.1, t, plus, depth);
    }
    match (t.under(ty), v) {
        (_, V::Str(s)) if matches!(t.under(ty), Ty::Str) => s.to_string(),
        (
            Ty::Int {
                signed: false,
                bits: 64,
            },
            V::Int(i),
        ) => (*i as u64).to_string(),
        (Ty::Int { .. }, V::Int(i)) => i.to_string(),
        (Ty::UnsafePtr, V::Int(i)) => format!("{:#x}", *i as u64),
        (Ty::Float, V::Float(f)) => float_g(*f),
        (Ty::Float32, V::Float(f)) => float_g32(*f),
        (Ty::Bool, V::Bool(b)) => b.to_string(),
        (Ty::Slice(e), _) | (Ty::Array(_, e), _) => {
            let e = *e;
            let xs = slice_vals(v);
            let parts: Vec<String> = xs.iter().map(|x| value(e, x, t, plus, depth + 1)).collect();
            format!("[{}]", parts.join(" "))
        }
        (Ty::Map(k, e), V::Map(m)) => {
            let (k, e) = (*k, *e);
            let m = m.lock().unwrap_or_else(|e| e.into_inner());
            let pairs = sorted_entries(&m);
            let parts: Vec<String> = pairs
                .iter()
                .map(|(a, b)| {
                    format!(
                        "{}:{}",
                        value(k, a, t, plus, depth + 1),
                        value(e, b, t, plus, depth + 1)
                    )
                })
                .collect();
            format!("map[{}]", parts.join(" "))
        }
        (Ty::Map(..), _) => "map[]".into(),
        (Ty::Struct(fs), V::Agg(xs)) => {
            let parts: Vec<String> = fs
                .iter()
                .zip(xs.iter())
                .map(|(f, x)| {
                    let s = value(f.1, x, t, plus, depth + 1);
                    if plus {
                        format!("{}:{s}", f.0)
                    } else {
                        s
                    }
                })
                .collect();
            format!("{{{}}}", parts.join(" "))
        }
        (Ty::Ptr(e), V::Ptr(p))
            if depth == 0
                && matches!(
                    t.under(*e),
                    Ty::Struct(_) | Ty::Array(..) | Ty::Slice(_) | Ty::Map(..)
                ) =>
        {
            format!("&{}", value(*e, &load(p), t, plus, depth + 1))
        }
        (Ty::Ptr(_), V::Ptr(p)) => {
            format!("0xc{:09x}", crate::vm::ptr_addr(p) as u64 & 0xfffffffff)
        }
        (Ty::Chan(_), V::Chan(c)) => format!("0xc{:09x}", 0x10000 + *c as u64 * 0x60),
        (Ty::Func, V::Func(_)) => "0x47b2c0".into(),
        (_, V::Nil) => match t.under(ty) {
            Ty::Slice(_) => "[]".into(),
            _ => "<nil>".into(),
        },
        (_, V::Str(s)) => s.to_string(),
        (_, other) => plain(other, t),
    }
}

/// A map's entries in the order fmt prints them (`internal/fmtsort`: by key). A map
/// whose keys are texts already (`FORMATTED`: the VM ran their `String`) was put in
/// its keys' order when they were replaced, and keeps it.
pub(crate) fn sorted_entries(m: &crate::vm::MapObj) -> Vec<(&V, &V)> {
    let mut pairs: Vec<(&V, &V)> = m.keys.iter().zip(m.vals.iter()).collect();
    let texts = pairs
        .first()
        .is_some_and(|p| matches!(p.0, V::Iface(b) if b.0 == crate::types::FORMATTED));
    if !texts {
        pairs.sort_by(|a, b| cmp_keys(a.0, b.0));
    }
    pairs
}

pub(crate) fn cmp_keys(a: &V, b: &V) -> std::cmp::Ordering {
    match (a, b) {
        (V::Int(x), V::Int(y)) => x.cmp(y),
        (V::Str(x), V::Str(y)) => x.cmp(y),
        (V::Float(x), V::Float(y)) => x.partial_cmp(y).unwrap_or(std::cmp::Ordering::Equal),
        (V::Bool(x), V::Bool(y)) => x.cmp(y),
        _ => format!("{:?}", crate::vm::map_key(a)).cmp(&format!("{:?}", crate::vm::map_key(b))),
    }
}

/// An argument as the formatter sees it: a type, a value, and the text of its
/// `String()`/`Error()` method if it has one.
pub struct Arg {
    pub ty: TyId,
    pub v: V,
    pub method_text: Option<String>,
    /// Its `GoString()` text, what `%#v` prints (fetched only for a format with `#`).
    pub go_string: Option<String>,
    /// The value with the elements, keys and fields that have a `String()`/`Error()`
    /// replaced by its text, as `%v` prints them (none: nothing below has one).
    pub shown: Option<V>,
    /// The same for `%#v`: those with a `GoString()` replaced by its text.
    pub go_shown: Option<V>,
}

fn arg_v(a: &Arg, t: &Types, plus: bool) -> String {
    if let Some(s) = &a.method_text {
        return s.clone();
    }
    if a.ty == 0 {
        return "<nil>".into();
    }
    value(a.ty, a.shown.as_ref().unwrap_or(&a.v), t, plus, 0)
}

/// `fmt.Sprint`: spaces between operands when neither is a string.
pub fn sprint(args: &[Arg], t: &Types) -> String {
    let mut s = String::new();
    for (i, a) in args.iter().enumerate() {
        let is_str = |a: &Arg| matches!(t.under(a.ty), Ty::Str) && a.method_text.is_none();
        if i > 0 && !is_str(a) && !is_str(&args[i - 1]) {
            s.push(' ');
        }
        s.push_str(&arg_v(a, t, false));
    }
    s
}

/// `fmt.Sprintln`: always spaces, and a newline.
pub fn sprintln(args: &[Arg], t: &Types) -> String {
    let parts: Vec<String> = args.iter().map(|a| arg_v(a, t, false)).collect();
    format!("{}\n", parts.join(" "))
}

fn pad(s: String, width: Option<usize>, minus: bool, zero: bool) -> String {
    let Some(w) = width else { return s };
    let n = s.chars().count();
    if n >= w {
        return s;
    }
    let fill = w - n;
    if minus {
        format!("{s}{}", " ".repeat(fill))
    } else if zero {
        let (sign, rest) = if s.starts_with(['-', '+', ' ']) {
            s.split_at(1)
        } else {
            ("", s.as_str())
        };
        format!("{sign}{}{rest}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

fn quote(s: &str) -> String {
    quote_with(s, '"', false)
}

/// strconv's quoting (`appendQuotedWith`) of `s` between `q`s: a printable rune
/// (`strconv.IsPrint`; only ASCII ones when `ascii`, as `%+q`) stays, the rest are
/// escaped as Go escapes them (`\n`, `\x1b`, `\u200b`, `\U0001f600`).
pub fn quote_with(s: &str, q: char, ascii: bool) -> String {
    let mut o = String::new();
    o.push(q);
    for c in s.chars() {
        escape_rune(&mut o, c, q, ascii);
    }
    o.push(q);
    o
}

fn escape_rune(o: &mut String, c: char, q: char, ascii: bool) {
    if c == q || c == '\\' {
        o.push('\\');
        o.push(c);
        return;
    }
    let printable = if ascii {
        (' '..='~').contains(&c)
    } else {
        crate::unicode::is(crate::unicode::PRINT, c as i64)
    };
    if printable {
        o.push(c);
        return;
    }
    let _ = match c {
        '\x07' => write!(o, "\\a"),
        '\x08' => write!(o, "\\b"),
        '\x0c' => write!(o, "\\f"),
        '\n' => write!(o, "\\n"),
        '\r' => write!(o, "\\r"),
        '\t' => write!(o, "\\t"),
        '\x0b' => write!(o, "\\v"),
        c if (c as u32) < 0x20 || c == '\x7f' => write!(o, "\\x{:02x}", c as u32),
        c if (c as u32) < 0x10000 => write!(o, "\\u{:04x}", c as u32),
        c => write!(o, "\\U{:08x}", c as u32),
    };
}

/// `strconv.QuoteRune` (`%q` of a rune; `ascii`: `%+q`): a value that is no rune is
/// U+FFFD.
pub fn quote_rune(r: i64, ascii: bool) -> String {
    let c = u32::try_from(r)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or('\u{FFFD}');
    let mut o = String::from("'");
    escape_rune(&mut o, c, '\'', ascii);
    o.push('\'');
    o
}

/// `strconv.CanBackquote`: `%#q` prints a string in backquotes when it can.
fn can_backquote(s: &str) -> bool {
    s.chars().all(|c| {
        c != '`' && c != '\u{FEFF}' && c != '\u{FFFD}' && (c == '\t' || !(c < ' ' || c == '\x7f'))
    })
}

/// `strconv.Quote` of bytes that are not all UTF-8: each byte of a bad sequence as `\xff`.
fn quote_bytes(b: &[u8]) -> String {
    let mut out = String::from("\"");
    let mut rest = b;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                let q = quote(s);
                out.push_str(&q[1..q.len() - 1]);
                break;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                let q = quote(std::str::from_utf8(good).unwrap_or(""));
                out.push_str(&q[1..q.len() - 1]);
                let _ = write!(out, "\\x{:02x}", bad[0]);
                rest = &bad[1..];
            }
        }
    }
    out.push('"');
    out
}

/// `fmt.Sprintf`.
/// Go's text for a verb that does not fit the operand: `%!d(string=hi)`,
/// `%!d(<nil>)` for a nil interface.
fn bad_verb(verb: char, a: &Arg, v: &V, t: &Types) -> String {
    if a.ty == 0 {
        return format!("%!{verb}(<nil>)");
    }
    format!("%!{verb}({}={})", t.name(a.ty), value(a.ty, v, t, false, 0))
}

/// Widths and precisions over this are bad (`fmt`'s `tooLarge`).
const TOO_LARGE: u64 = 1_000_000;

pub fn sprintf(format: &str, args: &[Arg], t: &Types) -> String {
    sprintf_w(format, args, t, false)
}

/// [`sprintf`]; `errorf` accepts `%w` (`fmt.Errorf`), which prints as `%v` does (the
/// explorer's Errorf keeps the text, not the wrapped error).
pub fn sprintf_w(format: &str, args: &[Arg], t: &Types, errorf: bool) -> String {
    let mut out = String::new();
    let mut it = format.chars().peekable();
    let mut argi = 0;
    let mut reordered = false;
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let (mut minus, mut plus, mut zero, mut space, mut sharp) =
            (false, false, false, false, false);
        while let Some(&f) = it.peek() {
            match f {
                '-' => minus = true,
                '+' => plus = true,
                '0' => zero = true,
                ' ' => space = true,
                '#' => sharp = true,
                _ => break,
            }
            it.next();
        }
        // An explicit argument index, `%[2]d` (Go's argNumber): the operand, and the
        // `*` after it, is that one; a bad index prints %!(BADINDEX) for the verb.
        let mut arg_index = |it: &mut std::iter::Peekable<std::str::Chars<'_>>,
                             argi: &mut usize| {
            if it.peek() != Some(&'[') {
                return true;
            }
            it.next();
            reordered = true;
            let mut n: Option<usize> = None;
            let mut closed = false;
            for c in it.by_ref() {
                if c == ']' {
                    closed = true;
                    break;
                }
                match c.to_digit(10) {
                    Some(d) if n.unwrap_or(0) < 1 << 20 => {
                        n = Some(n.unwrap_or(0) * 10 + d as usize)
                    }
                    _ => n = Some(usize::MAX),
                }
            }
            match n {
                Some(n) if closed && n >= 1 && n <= args.len() => {
                    *argi = n - 1;
                    true
                }
                _ => false,
            }
        };
        let mut good_index = arg_index(&mut it, &mut argi);
        let mut width = None;
        if it.peek() == Some(&'*') {
            it.next();
            // Go's intFromArg: a negative width is the '-' flag; over 10^6 is bad.
            match args.get(argi).map(|a| &a.v) {
                Some(V::Int(w)) if w.unsigned_abs() <= TOO_LARGE => {
                    minus |= *w < 0;
                    width = Some(w.unsigned_abs() as usize);
                }
                _ => out.push_str("%!(BADWIDTH)"),
            }
            argi += 1;
        }
        // Go's parsenum: a number over 10^6 ("crazy long") ends the format.
        let mut too_large = false;
        while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
            let w = width.unwrap_or(0);
            if w as u64 > TOO_LARGE {
                too_large = true;
                break;
            }
            width = Some(w * 10 + d as usize);
            it.next();
        }
        let mut prec = None;
        if !too_large && it.peek() == Some(&'.') {
            it.next();
            prec = Some(0);
            good_index &= arg_index(&mut it, &mut argi);
            if it.peek() == Some(&'*') {
                it.next();
                // A negative precision is none; over 10^6 is bad (intFromArg).
                match args.get(argi).map(|a| &a.v) {
                    Some(V::Int(p)) if *p < 0 => prec = None,
                    Some(V::Int(p)) if (*p as u64) <= TOO_LARGE => prec = Some(*p as usize),
                    _ => {
                        out.push_str("%!(BADPREC)");
                        prec = None;
                    }
                }
                argi += 1;
            }
            while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
                let p = prec.unwrap_or(0);
                if p as u64 > TOO_LARGE {
                    too_large = true;
                    break;
                }
                prec = Some(p * 10 + d as usize);
                it.next();
            }
        }
        if too_large {
            out.push_str("%!(NOVERB)");
            break;
        }
        good_index &= arg_index(&mut it, &mut argi);
        let Some(verb) = it.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        if !good_index {
            let _ = write!(out, "%!{verb}(BADINDEX)");
            continue;
        }
        let verb = if verb == 'w' && errorf { 'v' } else { verb };
        let Some(a) = args.get(argi) else {
            let _ = write!(out, "%!{verb}(MISSING)");
            continue;
        };
        argi += 1;
        let v = match &a.v {
            V::Iface(b) => b.1.clone(),
            v => v.clone(),
        };
        let under = t.under(a.ty).clone();
        // A float's %v with a precision is %g with it (`%6.2v` of 2.5 is `   2.5`).
        let verb = if verb == 'v'
            && prec.is_some()
            && !sharp
            && a.method_text.is_none()
            && matches!(under, Ty::Float | Ty::Float32)
        {
            'g'
        } else {
            verb
        };
        let is_bytes = matches!(&under, Ty::Slice(e) | Ty::Array(_, e)
            if matches!(t.under(*e), Ty::Int { bits: 8, signed: false }));
        // []byte under %s, %q, %x, %X is its bytes as a string.
        if is_bytes && matches!(verb, 's' | 'q' | 'x' | 'X') && a.method_text.is_none() {
            let bytes: Vec<u8> = slice_vals(&v)
                .iter()
                .map(|x| match x {
                    V::Int(i) => *i as u8,
                    _ => 0,
                })
                .collect();
            // Bytes that are not UTF-8: hex and quoting from the bytes themselves
            // (`%x` of a hash, `%q` as strconv.Quote escapes them).
            if std::str::from_utf8(&bytes).is_err() && verb != 's' {
                let s = match verb {
                    'q' => quote_bytes(&bytes),
                    _ => {
                        let h: Vec<String> = bytes
                            .iter()
                            .map(|b| {
                                if verb == 'X' {
                                    format!("{b:02X}")
                                } else {
                                    format!("{b:02x}")
                                }
                            })
                            .collect();
                        let s = h.join(if space { " " } else { "" });
                        if sharp {
                            format!("0{}{s}", if verb == 'X' { 'X' } else { 'x' })
                        } else {
                            s
                        }
                    }
                };
                out.push_str(&pad(s, width, minus, false));
                continue;
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let sub = Arg {
                ty: crate::types::FORMATTED,
                v: V::Str(std::sync::Arc::from(text)),
                method_text: None,
                go_string: None,
                shown: None,
                go_shown: None,
            };
            let f = sub_format(minus, plus, sharp, space, zero, width, prec, verb);
            out.push_str(&sprintf_w(&f, &[sub], t, false));
            continue;
        }
        // Any other verb than %v of a slice, array, map or struct applies to each element
        // (printValue's depth > 0: `%s` of []string is `[a b]`, `%x` of []int `[a ff]`),
        // with the width and flags for each; String/Error run for s, q, x, X.
        if matches!(under, Ty::Slice(_) | Ty::Map(..))
            && matches!(v, V::Nil)
            && !matches!(verb, 'v' | 'T' | 'p')
            && a.method_text.is_none()
        {
            // A nil slice or map has no elements to print (printValue).
            let s = if matches!(under, Ty::Map(..)) {
                "map[]"
            } else {
                "[]"
            };
            out.push_str(&pad(s.to_string(), width, minus, false));
            continue;
        }
        if matches!(
            under,
            Ty::Slice(_) | Ty::Array(..) | Ty::Map(..) | Ty::Struct(_)
        ) && !matches!(verb, 'v' | 'T' | 'p')
            && a.method_text.is_none()
            && !matches!(v, V::Nil)
        {
            let shown = if matches!(verb, 's' | 'q' | 'x' | 'X') {
                a.shown.as_ref().unwrap_or(&v)
            } else {
                &v
            };
            let f = sub_format(minus, plus, sharp, space, zero, width, prec, verb);
            out.push_str(&elementwise(&f, a.ty, shown, t, 0));
            continue;
        }
        // Integers under d, b, o, O, x, X (and %x without a String method): fmtInteger.
        if let (V::Int(i), Ty::Int { signed, .. }) = (&v, &under) {
            let int_verb = match verb {
                'd' | 'b' | 'o' | 'O' => true,
                'x' | 'X' => a.method_text.is_none(),
                _ => false,
            };
            if int_verb {
                let neg = *signed && *i < 0;
                let m = if neg {
                    i.unsigned_abs()
                } else {
                    *i as u64 & mask(&under)
                };
                let f = IntFlags {
                    plus,
                    space,
                    sharp,
                    zero: zero && !minus,
                    width,
                    prec,
                };
                out.push_str(&pad(fmt_integer(m, neg, verb, &f), width, minus, false));
                continue;
            }
        }
        // Floats under e, E, f, F, g, G: strconv's digits, then fmtFloat's sign,
        // Inf/NaN and zero padding (`#` keeps the older path below).
        if let (V::Float(x), false, 'e' | 'E' | 'f' | 'F' | 'g' | 'G') = (&v, sharp, verb) {
            let vb = if verb == 'F' { 'f' } else { verb };
            let p = match (prec, vb) {
                (Some(p), _) => p as i64,
                (None, 'g' | 'G') => -1,
                (None, _) => 6,
            };
            let num = format_float(*x, vb, p, matches!(under, Ty::Float32));
            let mut num = if num.starts_with(['-', '+']) {
                num
            } else {
                format!("+{num}")
            };
            if space && !plus && num.starts_with('+') {
                num.replace_range(..1, " ");
            }
            if num[1..].starts_with(['I', 'N']) {
                if num[1..].starts_with('N') && !space && !plus {
                    num.remove(0);
                }
                out.push_str(&pad(num, width, minus, false));
                continue;
            }
            if !plus && num.starts_with('+') {
                num.remove(0);
            }
            out.push_str(&pad(num, width, minus, zero && !minus));
            continue;
        }
        let s = match verb {
            'v' if sharp => match &a.go_string {
                Some(g) => g.clone(),
                None => go_value(a.ty, a.go_shown.as_ref().unwrap_or(&v), t, 0),
            },
            'v' => {
                if a.method_text.is_some() {
                    arg_v(a, t, plus)
                } else if a.ty == 0 {
                    "<nil>".into()
                } else {
                    let s = value(a.ty, a.shown.as_ref().unwrap_or(&v), t, plus, 0);
                    if plus
                        && matches!(under, Ty::Int { .. } | Ty::Float | Ty::Float32)
                        && !s.starts_with('-')
                    {
                        format!("+{s}")
                    } else {
                        s
                    }
                }
            }
            's' => match (&a.method_text, &v) {
                (Some(m), _) => m.clone(),
                (_, V::Str(s)) => s.to_string(),
                _ => bad_verb('s', a, &v, t),
            },
            'q' => {
                let text = match (&a.method_text, &v) {
                    (Some(m), _) => Some(m.as_str()),
                    (_, V::Str(s)) => Some(&**s),
                    _ => None,
                };
                match (text, &v, &under) {
                    (Some(s), _, _) if sharp && can_backquote(s) => format!("`{s}`"),
                    (Some(s), _, _) => quote_with(s, '"', plus),
                    (None, V::Int(c), Ty::Int { .. }) => quote_rune(*c, plus),
                    _ => bad_verb('q', a, &v, t),
                }
            }
            'd' => match &v {
                V::Int(i) => {
                    let s = if matches!(
                        under,
                        Ty::Int {
                            signed: false,
                            bits: 64
                        }
                    ) {
                        (*i as u64).to_string()
                    } else {
                        i.to_string()
                    };
                    if plus && *i >= 0 {
                        format!("+{s}")
                    } else if space && *i >= 0 {
                        format!(" {s}")
                    } else {
                        s
                    }
                }
                V::Slice(_) | V::Agg(_) => value(a.ty, &v, t, false, 0),
                _ => bad_verb('d', a, &v, t),
            },
            // fmtInteger: a negative signed value is a minus and its magnitude; an
            // unsigned one is its bits of its width.
            'b' | 'o' | 'O' => match &v {
                V::Int(i) => {
                    let neg = *i < 0 && !matches!(under, Ty::Int { signed: false, .. });
                    let m = if neg {
                        i.unsigned_abs()
                    } else {
                        *i as u64 & mask(&under)
                    };
                    let digits = if verb == 'b' {
                        format!("{m:b}")
                    } else {
                        format!("{m:o}")
                    };
                    let prefix = match verb {
                        'O' => "0o",
                        'o' if sharp && m != 0 => "0",
                        'b' if sharp => "0b",
                        _ => "",
                    };
                    let sign = if neg {
                        "-"
                    } else if plus {
                        "+"
                    } else if space {
                        " "
                    } else {
                        ""
                    };
                    format!("{sign}{prefix}{digits}")
                }
                _ => bad_verb(verb, a, &v, t),
            },
            'x' | 'X' => {
                let s = match &v {
                    V::Int(i) if *i < 0 && !matches!(under, Ty::Int { signed: false, .. }) => {
                        format!("-{:x}", i.unsigned_abs())
                    }
                    V::Int(i) => format!("{:x}", *i as u64 & mask(&under)),
                    // `% x`: the bytes apart (`67 6f`)
                    V::Str(s) if space => s
                        .bytes()
                        .map(|b| format!("{b:02x}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    V::Str(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                    _ => bad_verb('x', a, &v, t),
                };
                let s = match (sharp, s.strip_prefix('-')) {
                    (true, Some(m)) => format!("-0x{m}"),
                    (true, None) => format!("0x{s}"),
                    _ => s,
                };
                if verb == 'X' {
                    s.to_uppercase()
                } else {
                    s
                }
            }
            'c' => match &v {
                V::Int(c) => char::from_u32(*c as u32).unwrap_or('\u{FFFD}').to_string(),
                _ => bad_verb('c', a, &v, t),
            },
            'U' => match &v {
                // fmtUnicode: %#U adds the rune itself when strconv.IsPrint.
                V::Int(c) if sharp && crate::unicode::is(crate::unicode::PRINT, *c) => {
                    let r = char::from_u32(*c as u32).unwrap_or('\u{FFFD}');
                    format!("U+{:04X} '{r}'", c)
                }
                V::Int(c) => format!("U+{:04X}", c),
                _ => bad_verb('U', a, &v, t),
            },
            't' => match &v {
                V::Bool(b) => b.to_string(),
                _ => bad_verb('t', a, &v, t),
            },
            'f' | 'F' => match &v {
                V::Float(f) => {
                    let s = fixed(*f, prec.unwrap_or(6));
                    if plus && *f >= 0.0 {
                        format!("+{s}")
                    } else {
                        s
                    }
                }
                _ => bad_verb('f', a, &v, t),
            },
            'e' | 'E' => match &v {
                V::Float(f) => float_e(*f, prec.unwrap_or(6), verb == 'E'),
                _ => bad_verb('e', a, &v, t),
            },
            'g' | 'G' => match &v {
                V::Float(f) if !f.is_finite() => float_g(*f),
                V::Float(f) => match prec {
                    Some(p) => {
                        let s = format!("{:.*e}", p.saturating_sub(1).min(EXACT_DIGITS), f);
                        let (m, e) = s.split_once('e').unwrap();
                        let e: i32 = e.parse().unwrap();
                        if e < -4 || e >= p.max(1) as i32 {
                            float_e(*f, p.saturating_sub(1), verb == 'G')
                        } else {
                            let decimals = (p as i32 - 1 - e).max(0) as usize;
                            let s = fixed(*f, decimals);
                            let _ = m;
                            if s.contains('.') {
                                s.trim_end_matches('0').trim_end_matches('.').to_string()
                            } else {
                                s
                            }
                        }
                    }
                    None if matches!(under, Ty::Float32) => float_g32(*f),
                    None => float_g(*f),
                },
                _ => bad_verb('g', a, &v, t),
            },
            'T' if a.ty == 0 => "<nil>".into(),
            'T' => t.name(a.ty),
            'p' => match (&v, &under) {
                (V::Ptr(p), _) => format!("0xc{:09x}", crate::vm::ptr_addr(p) as u64 & 0xfffffffff),
                // fmtPointer: a nil pointer, map, chan, func or slice is 0x0.
                (V::Nil, Ty::Ptr(_) | Ty::Map(..) | Ty::Chan(_) | Ty::Func | Ty::Slice(_)) => {
                    "0x0".into()
                }
                _ => bad_verb('p', a, &v, t),
            },
            other => format!(
                "%!{other}({}={})",
                t.name(a.ty),
                value(a.ty, &v, t, false, 0)
            ),
        };
        let s = if let (Some(p), 's' | 'v') = (prec, verb) {
            s.chars().take(p).collect()
        } else {
            s
        };
        let zero_ok =
            zero && !minus && matches!(verb, 'd' | 'f' | 'x' | 'X' | 'b' | 'o' | 'e' | 'g');
        out.push_str(&pad(s, width, minus, zero_ok));
    }
    if !reordered && argi < args.len() {
        out.push_str("%!(EXTRA ");
        let extra: Vec<String> = args[argi..]
            .iter()
            .map(|a| format!("{}={}", t.name(a.ty), arg_v(a, t, false)))
            .collect();
        out.push_str(&extra.join(", "));
        out.push(')');
    }
    out
}

/// The verb with its flags, width and precision, as a format of its own.
#[allow(clippy::too_many_arguments)]
fn sub_format(
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
    verb: char,
) -> String {
    let mut f = String::from("%");
    for (on, c) in [
        (minus, '-'),
        (plus, '+'),
        (sharp, '#'),
        (space, ' '),
        (zero, '0'),
    ] {
        if on {
            f.push(c);
        }
    }
    if let Some(w) = width {
        let _ = write!(f, "{w}");
    }
    if let Some(p) = prec {
        let _ = write!(f, ".{p}");
    }
    f.push(verb);
    f
}

/// `v` of composite type `ty` with `f` applied to each element, key, value and field.
fn elementwise(f: &str, ty: TyId, v: &V, t: &Types, depth: usize) -> String {
    let one = |ty: TyId, x: &V| -> String {
        let (ty, x) = match x {
            V::Iface(b) => (b.0, b.1.clone()),
            x => (ty, x.clone()),
        };
        // A []byte element under %s, %q, %x, %X is its bytes as a string (printValue).
        let bytes_verb = matches!(f.chars().last(), Some('s' | 'q' | 'x' | 'X'));
        let is_bytes = matches!(t.under(ty), Ty::Slice(e) | Ty::Array(_, e)
            if matches!(t.under(*e), Ty::Int { bits: 8, signed: false }));
        if depth < 8
            && !(bytes_verb && is_bytes)
            && matches!(
                t.under(ty),
                Ty::Slice(_) | Ty::Array(..) | Ty::Map(..) | Ty::Struct(_)
            )
        {
            return elementwise(f, ty, &x, t, depth + 1);
        }
        let arg = Arg {
            ty,
            v: x,
            method_text: None,
            go_string: None,
            shown: None,
            go_shown: None,
        };
        sprintf_w(f, &[arg], t, false)
    };
    match (t.under(ty), v) {
        (Ty::Slice(e) | Ty::Array(_, e), _) => {
            let e = *e;
            let parts: Vec<String> = slice_vals(v).iter().map(|x| one(e, x)).collect();
            format!("[{}]", parts.join(" "))
        }
        (Ty::Map(k, e), V::Map(m)) => {
            let (k, e) = (*k, *e);
            let m = m.lock().unwrap_or_else(|e| e.into_inner());
            let pairs = sorted_entries(&m);
            let parts: Vec<String> = pairs
                .iter()
                .map(|(a, b)| format!("{}:{}", one(k, a), one(e, b)))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
        (Ty::Struct(fs), V::Agg(xs)) => {
            let parts: Vec<String> = fs
                .iter()
                .zip(xs.iter())
                .map(|(fd, x)| one(fd.1, x))
                .collect();
            // (Field names are %+v's alone: plusV.)
            format!("{{{}}}", parts.join(" "))
        }
        _ => value(ty, v, t, false, depth),
    }
}

fn mask(t: &Ty) -> u64 {
    match t {
        Ty::Int { bits: 8, .. } => 0xff,
        Ty::Int { bits: 16, .. } => 0xffff,
        Ty::Int { bits: 32, .. } => 0xffff_ffff,
        _ => u64::MAX,
    }
}

/// Go's `Duration.String` (`time/time.go`).
pub fn duration(d: i64) -> String {
    if d == 0 {
        return "0s".into();
    }
    let neg = d < 0;
    let u = d.unsigned_abs();
    let s = if u < 1_000_000_000 {
        let (unit, div) = if u < 1_000 {
            ("ns", 1u64)
        } else if u < 1_000_000 {
            ("µs", 1_000)
        } else {
            ("ms", 1_000_000)
        };
        format!("{}{unit}", frac(u, div))
    } else {
        let mut s = String::new();
        let h = u / 3_600_000_000_000;
        let m = (u / 60_000_000_000) % 60;
        let rest = u % 60_000_000_000;
        if h > 0 {
            let _ = write!(s, "{h}h");
        }
        if h > 0 || m > 0 {
            let _ = write!(s, "{m}m");
        }
        let _ = write!(s, "{}s", frac(rest, 1_000_000_000));
        s
    };
    if neg {
        format!("-{s}")
    } else {
        s
    }
}

fn frac(v: u64, div: u64) -> String {
    let whole = v / div;
    let mut f = v % div;
    if f == 0 {
        return whole.to_string();
    }
    let mut digits = String::new();
    let mut d = div;
    while d > 1 {
        d /= 10;
        digits.push(char::from(b'0' + (f / d) as u8));
        f %= d;
    }
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// Used by map formatting to order keys of mixed kinds.
pub fn _key_text(k: &MapKey) -> String {
    format!("{k:?}")
}

/// `strconv.FormatFloat(f, verb, prec, 32 or 64)` for the decimal formats `e`, `E`,
/// `f`, `g`, `G` (strconv/ftoa.go: `%` and the verb for any other); `prec` < 0 is
/// the fewest digits that read back as `f` (as a float32's when `f32`).
pub fn format_float(f: f64, verb: char, prec: i64, f32: bool) -> String {
    if !matches!(verb, 'e' | 'E' | 'f' | 'g' | 'G') {
        return format!("%{verb}");
    }
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let neg = f.is_sign_negative();
    let sign = if neg { "-" } else { "" };
    let x = f.abs();
    // The significant digits (no trailing zeros; "0" for zero) and the decimal
    // exponent of the first.
    let (digits, exp, shortest) = if prec < 0 {
        if x == 0.0 {
            ("0".to_string(), 0, true)
        } else if f32 {
            let y = x as f32;
            let (d, e) = shortest(y as f64, &format!("{y:e}"));
            (d, e, true)
        } else {
            let (d, e) = shortest(x, &format!("{x:e}"));
            (d, e, true)
        }
    } else {
        let sig = match verb {
            'e' | 'E' => prec as usize + 1,
            'f' => 0, // digits after the point, below
            _ => (prec as usize).max(1),
        };
        if verb == 'f' {
            return format!("{sign}{}", fixed(x, prec as usize));
        }
        let s = format!("{:.*e}", (sig - 1).min(EXACT_DIGITS), x);
        let (m, e) = s.split_once('e').unwrap();
        let mut d: String = m.chars().filter(|c| c.is_ascii_digit()).collect();
        let e: i32 = e.parse().unwrap();
        if verb == 'e' || verb == 'E' {
            // %e keeps its zeros: exactly prec digits after the point (past what
            // Rust's formatter gives, the exact expansion's zeros).
            if d.len() < sig {
                d.extend(std::iter::repeat_n('0', sig - d.len()));
            }
            let rest = if prec > 0 {
                format!(".{}", &d[1..])
            } else {
                String::new()
            };
            let es = if e < 0 { '-' } else { '+' };
            return format!("{sign}{}{rest}{verb}{es}{:02}", &d[..1], e.abs());
        }
        while d.len() > 1 && d.ends_with('0') {
            d.pop();
        }
        (d, if x == 0.0 { 0 } else { e }, false)
    };
    let nd = digits.len() as i64;
    let dp = exp as i64 + 1; // digits before the point
    let e_form = |p: i64, upper: bool| {
        // p digits after the point, from the digits (padded with zeros).
        let mut d = digits.clone();
        while (d.len() as i64) < p + 1 {
            d.push('0');
        }
        let rest = if p > 0 {
            format!(".{}", &d[1..(p as usize + 1)])
        } else {
            String::new()
        };
        let es = if exp < 0 { '-' } else { '+' };
        let e = if upper { 'E' } else { 'e' };
        format!("{sign}{}{rest}{e}{es}{:02}", &d[..1], exp.abs())
    };
    let f_form = |p: i64| {
        // p digits after the point.
        let mut int = String::new();
        if dp <= 0 {
            int.push('0');
        } else {
            for i in 0..dp {
                int.push(
                    digits
                        .as_bytes()
                        .get(i as usize)
                        .map_or('0', |&c| c as char),
                );
            }
        }
        let mut frac = String::new();
        for i in 0..p {
            let k = dp + i;
            frac.push(if k < 0 {
                '0'
            } else {
                digits
                    .as_bytes()
                    .get(k as usize)
                    .map_or('0', |&c| c as char)
            });
        }
        if p > 0 {
            format!("{sign}{int}.{frac}")
        } else {
            format!("{sign}{int}")
        }
    };
    match verb {
        'e' | 'E' => e_form(nd - 1, verb == 'E'),
        'f' => f_form((nd - dp).max(0)),
        _ => {
            // %g: ftoa.go's choice between %e and %f.
            let mut eprec = if shortest { 6 } else { prec.max(1) };
            if !shortest && eprec > nd && nd >= dp {
                eprec = nd;
            }
            let x = dp - 1;
            if x < -4 || x >= eprec {
                let p = if shortest { nd } else { prec.max(1).min(nd) };
                e_form(p - 1, verb == 'G')
            } else {
                let p = if shortest || prec.max(1) > dp {
                    nd
                } else {
                    prec.max(1)
                };
                f_form((p - dp).max(0))
            }
        }
    }
}

/// The flags, width and precision an integer verb prints with.
struct IntFlags {
    plus: bool,
    space: bool,
    sharp: bool,
    /// The `0` flag, when not left-justified (`-` wins).
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// fmt's `fmtInteger`: magnitude `m` (negative when `neg`) in the verb's base; a
/// precision is the least number of digits (`%.0d` of 0 prints nothing), else the `0`
/// flag pads with zeros to the width, after the sign and prefix.
fn fmt_integer(m: u64, neg: bool, verb: char, f: &IntFlags) -> String {
    let signed_room = neg || f.plus || f.space;
    let least = match (f.prec, f.width) {
        (Some(0), _) if m == 0 => return String::new(),
        (Some(p), _) => p,
        (None, Some(w)) if f.zero => w.saturating_sub(signed_room as usize),
        _ => 1,
    };
    let mut digits = match verb {
        'b' => format!("{m:b}"),
        'o' | 'O' => format!("{m:o}"),
        'x' => format!("{m:x}"),
        'X' => format!("{m:X}"),
        _ => m.to_string(),
    };
    if digits.len() < least {
        digits = format!("{}{digits}", "0".repeat(least - digits.len()));
    }
    let prefix = match verb {
        'b' if f.sharp => "0b",
        'o' if f.sharp && !digits.starts_with('0') => "0",
        'O' if f.sharp && !digits.starts_with('0') => "0o0",
        'O' => "0o",
        'x' if f.sharp => "0x",
        'X' if f.sharp => "0X",
        _ => "",
    };
    let sign = if neg {
        "-"
    } else if f.plus {
        "+"
    } else if f.space {
        " "
    } else {
        ""
    };
    format!("{sign}{prefix}{digits}")
}
