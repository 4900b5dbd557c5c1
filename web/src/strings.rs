//! Every word the page shows, in every language, through one lookup: [`Text`].
//!
//! The text lives in data files, one per language: `static/i18n/<lang>.json` (a flat
//! object of keys like `"controls.spawn_cpu"`, values with named placeholders
//! `{name}`) and `lessons/<id>/<lang>.json` (a lesson's title, intro, what to look at,
//! and its variants' labels and notes). English is compiled into the page
//! (`include_str!`), so the first paint never waits; another language's files are
//! fetched at start and replace it when they arrive. A key or a lesson field a
//! language lacks falls back to English. Adding a language is adding its files and a
//! line in [`LANGS`].
//!
//! In the browser the files are parsed by the browser's own `JSON.parse` (through
//! `js_sys`), so the page carries no JSON parser; natively (the unit tests) by
//! `serde_json`. Numbers are formatted for the language by `Intl.NumberFormat`.
//!
//! Go's names (`runnext`, `GOMAXPROCS`, `sysmon`, `findRunnable`, `P`, `M`, `G`) and
//! what Go itself prints (schedtrace lines, `fatal error: ...`) stay as they are in
//! every language.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// The languages the page speaks: code (BCP 47, also the file name) and its own name.
pub const LANGS: &[(&str, &str)] = &[
    ("en", "English"),
    ("th", "ไทย"),
    ("zh-Hant", "繁體中文"),
    ("vi", "Tiếng Việt"),
];

/// English UI text, compiled in.
pub const EN_JSON: &str = include_str!("../../static/i18n/en.json");

/// English lesson text, compiled in (`lessons/<id>/en.json` of every lesson; `build.rs`).
pub use crate::lessons::EN_LESSONS;

/// Where the learner's choice of language is kept (localStorage).
pub const STORE_KEY: &str = "gmp-explorer.lang";

/// A parsed JSON value (from `JSON.parse` in the browser, `serde_json` natively).
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn strs(&self) -> Vec<String> {
        match self {
            Json::Arr(a) => a.iter().filter_map(|x| x.str().map(String::from)).collect(),
            _ => vec![],
        }
    }
}

/// Parses JSON text with the browser's `JSON.parse`.
#[cfg(target_arch = "wasm32")]
pub fn parse_json(text: &str) -> Result<Json, String> {
    let v = js_sys::JSON::parse(text).map_err(|e| {
        js_sys::Error::from(e)
            .message()
            .as_string()
            .unwrap_or_else(|| "not JSON".into())
    })?;
    Ok(from_js(&v))
}

/// A JavaScript value as [`Json`].
#[cfg(target_arch = "wasm32")]
pub fn from_js(v: &wasm_bindgen::JsValue) -> Json {
    use wasm_bindgen::JsCast;
    if let Some(s) = v.as_string() {
        Json::Str(s)
    } else if let Some(n) = v.as_f64() {
        Json::Num(n)
    } else if let Some(b) = v.as_bool() {
        Json::Bool(b)
    } else if js_sys::Array::is_array(v) {
        Json::Arr(js_sys::Array::from(v).iter().map(|x| from_js(&x)).collect())
    } else if let Some(o) = v.dyn_ref::<js_sys::Object>() {
        Json::Obj(
            js_sys::Object::entries(o)
                .iter()
                .map(|e| {
                    let e = js_sys::Array::from(&e);
                    (e.get(0).as_string().unwrap_or_default(), from_js(&e.get(1)))
                })
                .collect(),
        )
    } else {
        Json::Null
    }
}

/// Parses JSON text (natively: the unit tests).
#[cfg(not(target_arch = "wasm32"))]
pub fn parse_json(text: &str) -> Result<Json, String> {
    fn conv(v: serde_json::Value) -> Json {
        use serde_json::Value as V;
        match v {
            V::Null => Json::Null,
            V::Bool(b) => Json::Bool(b),
            V::Number(n) => Json::Num(n.as_f64().unwrap_or(0.0)),
            V::String(s) => Json::Str(s),
            V::Array(a) => Json::Arr(a.into_iter().map(conv).collect()),
            V::Object(o) => Json::Obj(o.into_iter().map(|(k, v)| (k, conv(v))).collect()),
        }
    }
    serde_json::from_str(text)
        .map(conv)
        .map_err(|e| e.to_string())
}

/// A flat UI table from its JSON: every string value by key; anything else is an error.
pub fn ui_table(json: &Json) -> Result<HashMap<String, String>, String> {
    let Json::Obj(kv) = json else {
        return Err("not a JSON object".into());
    };
    kv.iter()
        .map(|(k, v)| match v {
            Json::Str(s) => Ok((k.clone(), s.clone())),
            _ => Err(format!("\"{k}\" is not a string")),
        })
        .collect()
}

/// A lesson's words in one language (`lessons/<id>/<lang>.json`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonText {
    pub title: String,
    pub intro: Vec<String>,
    pub look_at: Vec<String>,
    /// Variant id → (label, note).
    pub variants: HashMap<String, (String, String)>,
}

impl LessonText {
    pub fn from_json(j: &Json) -> Result<LessonText, String> {
        let title = j
            .get("title")
            .and_then(Json::str)
            .ok_or("no \"title\"")?
            .to_string();
        let mut variants = HashMap::new();
        if let Some(Json::Obj(vs)) = j.get("variants") {
            for (id, v) in vs {
                let s = |k: &str| v.get(k).and_then(Json::str).unwrap_or("").to_string();
                variants.insert(id.clone(), (s("label"), s("note")));
            }
        }
        Ok(LessonText {
            title,
            intro: j.get("intro").map(Json::strs).unwrap_or_default(),
            look_at: j.get("look_at").map(Json::strs).unwrap_or_default(),
            variants,
        })
    }
}

struct English {
    ui: HashMap<String, String>,
    lessons: HashMap<String, LessonText>,
}

thread_local! {
    static ENGLISH: Rc<English> = Rc::new(English {
        ui: parse_json(EN_JSON).and_then(|j| ui_table(&j)).expect("static/i18n/en.json"),
        lessons: EN_LESSONS
            .iter()
            .map(|(id, text)| {
                let j = parse_json(text).expect("lessons/<id>/en.json");
                (id.to_string(), LessonText::from_json(&j).expect("lessons/<id>/en.json"))
            })
            .collect(),
    });
}

/// One value for a placeholder: text as it is, or a number formatted for the language.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    S(String),
    /// A whole number (grouped as the language groups digits).
    Int(i64),
    /// A decimal with this many digits after the separator.
    Dec(f64, u8),
    /// A message of its own, said in the same language (a parameter's problem inside
    /// "...; using the default").
    Msg(Box<Msg>),
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::S(s.into())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::S(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::S(s.clone())
    }
}

/// A message to show, kept as its key and values (not as words), so it is said in the
/// language of the moment: a notice made before the learner's language arrived is
/// shown in it once it has.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    pub fn new(key: &'static str) -> Msg {
        Msg { key, args: vec![] }
    }

    pub fn with(mut self, name: &'static str, v: impl Into<Arg>) -> Msg {
        self.args.push((name, v.into()));
        self
    }

    pub fn int(self, name: &'static str, n: impl TryInto<i64>) -> Msg {
        let n = n.try_into().unwrap_or(i64::MAX);
        self.with(name, Arg::Int(n))
    }

    /// In English (for logs and native tests).
    pub fn en(&self) -> String {
        Text::english().msg(self)
    }
}

/// The page's text in one language, with English under it. Cheap to clone; two are
/// equal when they are the same load of the same language.
#[derive(Clone)]
pub struct Text(Rc<Table>);

struct Table {
    lang: String,
    own: HashMap<String, String>,
    lessons: HashMap<String, LessonText>,
    en: Rc<English>,
    #[cfg(target_arch = "wasm32")]
    formats: RefCell<HashMap<u8, js_sys::Intl::NumberFormat>>,
    #[cfg(not(target_arch = "wasm32"))]
    formats: RefCell<()>,
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Text({}, {} keys)", self.0.lang, self.0.own.len())
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::english()
    }
}

/// Puts `args` into a template's `{name}` placeholders (an unknown one stays as written).
pub fn fill(template: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if after[..close]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && close > 0 =>
            {
                let name = &after[..close];
                match value(name) {
                    Some(v) => out.push_str(&v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders of a template, in order.
pub fn placeholders(template: &str) -> Vec<String> {
    let names = RefCell::new(Vec::new());
    fill(template, &|n| {
        names.borrow_mut().push(n.to_string());
        None
    });
    names.into_inner()
}

impl Text {
    /// English only (the first paint, and the fallback).
    pub fn english() -> Text {
        Text::with("en", HashMap::new(), HashMap::new())
    }

    /// A language's tables (`ui` from its `static/i18n/<lang>.json`, `lessons` by id).
    pub fn with(
        lang: &str,
        ui: HashMap<String, String>,
        lessons: HashMap<String, LessonText>,
    ) -> Text {
        Text(Rc::new(Table {
            lang: lang.into(),
            own: ui,
            lessons,
            en: ENGLISH.with(|e| e.clone()),
            formats: Default::default(),
        }))
    }

    /// The language these words are in (what `<html lang>` says).
    pub fn lang(&self) -> &str {
        &self.0.lang
    }

    /// The words for `key` (English when this language lacks them; the key itself
    /// when English lacks it too, which the unit tests rule out).
    pub fn t(&self, key: &str) -> String {
        self.0
            .own
            .get(key)
            .filter(|s| !s.is_empty())
            .or_else(|| self.0.en.ui.get(key))
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// [`Text::t`] with placeholders filled: `t_args("controls.stepno", &[("n", "40")])`.
    pub fn t_args(&self, key: &str, args: &[(&str, String)]) -> String {
        fill(&self.t(key), &|n| {
            args.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone())
        })
    }

    /// A [`Msg`] in this language, its numbers formatted for it.
    pub fn msg(&self, m: &Msg) -> String {
        fill(&self.t(m.key), &|n| {
            m.args
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| self.arg(v))
        })
    }

    /// Several messages, one after the other.
    pub fn msgs(&self, ms: &[Msg]) -> String {
        ms.iter().map(|m| self.msg(m)).collect::<Vec<_>>().join(" ")
    }

    fn arg(&self, a: &Arg) -> String {
        match a {
            Arg::S(s) => s.clone(),
            Arg::Int(n) => self.int(*n),
            Arg::Dec(x, d) => self.dec(*x, *d),
            Arg::Msg(m) => self.msg(m),
        }
    }

    /// A whole number as this language writes it (`12,345` in English, `12.345` in
    /// Vietnamese).
    pub fn int(&self, n: impl TryInto<i64>) -> String {
        let n: i64 = n.try_into().unwrap_or(i64::MAX);
        self.number(n as f64, 0)
    }

    /// A decimal with `digits` digits after the separator (`1.500` / `1,500`).
    pub fn dec(&self, x: f64, digits: u8) -> String {
        self.number(x, digits)
    }

    /// Milliseconds from nanoseconds, with `digits` decimals.
    pub fn ms(&self, ns: i64, digits: u8) -> String {
        self.dec(ns as f64 / 1e6, digits)
    }

    #[cfg(target_arch = "wasm32")]
    fn number(&self, x: f64, digits: u8) -> String {
        use wasm_bindgen::JsValue;
        let mut formats = self.0.formats.borrow_mut();
        let f = formats.entry(digits).or_insert_with(|| {
            let opts = js_sys::Object::new();
            let d = JsValue::from(digits as u32);
            let _ = js_sys::Reflect::set(&opts, &"minimumFractionDigits".into(), &d);
            let _ = js_sys::Reflect::set(&opts, &"maximumFractionDigits".into(), &d);
            let locales = js_sys::Array::of1(&self.0.lang.as_str().into());
            js_sys::Intl::NumberFormat::new(&locales, &opts)
        });
        f.format()
            .call1(&JsValue::NULL, &x.into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_else(|| format!("{x:.*}", digits as usize))
    }

    /// Natively (tests): English's grouping and point.
    #[cfg(not(target_arch = "wasm32"))]
    fn number(&self, x: f64, digits: u8) -> String {
        let _ = &self.0.formats;
        let s = format!("{:.*}", digits as usize, x.abs());
        let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
        let mut grouped = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(c);
        }
        let sign = if x < 0.0 && s.chars().any(|c| c != '0' && c != '.') {
            "-"
        } else {
            ""
        };
        if frac.is_empty() {
            format!("{sign}{grouped}")
        } else {
            format!("{sign}{grouped}.{frac}")
        }
    }

    /// A lesson's words in this language, field by field falling back to English.
    pub fn lesson(&self, id: &str) -> LessonText {
        let en = self.0.en.lessons.get(id).cloned().unwrap_or_default();
        let Some(own) = self.0.lessons.get(id) else {
            return en;
        };
        let pick = |a: &String, b: &String| if a.is_empty() { b.clone() } else { a.clone() };
        let list = |a: &Vec<String>, b: &Vec<String>| {
            if a.len() == b.len() && a.iter().all(|x| !x.is_empty()) {
                a.clone()
            } else {
                b.clone()
            }
        };
        LessonText {
            title: pick(&own.title, &en.title),
            intro: list(&own.intro, &en.intro),
            look_at: list(&own.look_at, &en.look_at),
            variants: en
                .variants
                .iter()
                .map(|(id, (label, note))| {
                    let (l, n) = own.variants.get(id).cloned().unwrap_or_default();
                    (
                        id.clone(),
                        (
                            pick(&l, label),
                            if note.is_empty() {
                                String::new()
                            } else {
                                pick(&n, note)
                            },
                        ),
                    )
                })
                .collect(),
        }
    }

    /// The English key table (for the completeness tests).
    pub fn english_keys() -> Vec<String> {
        ENGLISH.with(|e| e.ui.keys().cloned().collect())
    }
}

/// A supported language for a code, as the page spells it (`zh-hant` → `zh-Hant`).
pub fn supported(code: &str) -> Option<&'static str> {
    LANGS
        .iter()
        .map(|(c, _)| *c)
        .find(|c| c.eq_ignore_ascii_case(code))
}

/// The language a browser's preference (`navigator.languages` entry) stands for:
/// `zh-TW`, `zh-HK`, `zh-MO` and any `zh-Hant-*` are Traditional Chinese; `th-TH` is
/// Thai, `vi-VN` Vietnamese, `en-*` English. Simplified Chinese has no match.
pub fn from_browser(tag: &str) -> Option<&'static str> {
    let t = tag.to_ascii_lowercase().replace('_', "-");
    let mut parts = t.split('-');
    match parts.next()? {
        "zh" => {
            let rest: Vec<&str> = parts.collect();
            (rest.contains(&"hant") || rest.iter().any(|r| matches!(*r, "tw" | "hk" | "mo")))
                .then_some("zh-Hant")
        }
        "th" => Some("th"),
        "vi" => Some("vi"),
        "en" => Some("en"),
        _ => None,
    }
}

/// How the page picks its language: `lang=` in the URL (embeds), else the learner's
/// last choice (localStorage), else the browser's languages in order, else English.
/// An unknown `lang=` gives English and a notice (the notice itself is English).
pub fn choose(
    url: Option<&str>,
    stored: Option<&str>,
    browser: &[String],
) -> (&'static str, Option<Msg>) {
    if let Some(u) = url {
        return match supported(u) {
            Some(l) => (l, None),
            None => ("en", Some(Msg::new("lang.unknown").with("value", u))),
        };
    }
    if let Some(l) = stored.and_then(supported) {
        return (l, None);
    }
    (
        browser.iter().find_map(|b| from_browser(b)).unwrap_or("en"),
        None,
    )
}

#[cfg(test)]
mod completeness;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_unknown_ones_stay() {
        let t = Text::english();
        assert_eq!(
            t.t_args("controls.stepno", &[("n", "40".into())]),
            "step 40"
        );
        assert_eq!(
            fill("{a} {b} {", &|n| (n == "a").then(|| "x".into())),
            "x {b} {"
        );
        assert_eq!(
            placeholders("P{p} stole {n} from {victim}"),
            ["p", "n", "victim"]
        );
        let m = Msg::new("status.exited").int("code", 2);
        assert_eq!(m.en(), "Program exited (status 2).");
    }

    #[test]
    fn a_language_falls_back_to_english_key_by_key() {
        let mut ui = HashMap::new();
        ui.insert("controls.reset".to_string(), "รีเซ็ต".to_string());
        ui.insert("controls.step".to_string(), String::new());
        let t = Text::with("th", ui, HashMap::new());
        assert_eq!(t.t("controls.reset"), "รีเซ็ต");
        assert_eq!(t.t("controls.step"), "Step", "an empty value falls back");
        assert_eq!(
            t.t("controls.export"),
            "Export trace",
            "a missing key falls back"
        );
        assert_eq!(
            t.lesson("gosched").title,
            Text::english().lesson("gosched").title
        );
    }

    #[test]
    fn numbers_group_digits() {
        let t = Text::english();
        assert_eq!(t.int(5_000_000), "5,000,000");
        assert_eq!(t.int(12), "12");
        assert_eq!(t.dec(1234.5678, 3), "1,234.568");
        assert_eq!(t.ms(-1_500_000, 1), "-1.5");
    }

    #[test]
    fn the_language_is_url_then_stored_then_browser_then_english() {
        let nav = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            choose(Some("vi"), Some("th"), &nav(&["zh-TW"])),
            ("vi", None)
        );
        assert_eq!(choose(Some("zh-hant"), None, &[]).0, "zh-Hant");
        assert_eq!(choose(None, Some("th"), &nav(&["vi"])).0, "th");
        assert_eq!(
            choose(None, Some("klingon"), &nav(&["fr-FR", "zh-HK", "th"])).0,
            "zh-Hant"
        );
        assert_eq!(choose(None, None, &nav(&["zh-CN", "vi-VN"])).0, "vi");
        assert_eq!(choose(None, None, &nav(&["zh-Hant-TW"])).0, "zh-Hant");
        assert_eq!(choose(None, None, &nav(&["de"])).0, "en");
        let (l, note) = choose(Some("xx"), Some("th"), &nav(&["th"]));
        assert_eq!(
            l, "en",
            "an unknown lang= is English, not the stored choice"
        );
        assert_eq!(
            note.unwrap().en(),
            "lang=xx is not available (en, th, zh-Hant, vi); using English."
        );
    }
}
