//! The browser's side of the page's languages (`strings.rs` is the rest): the learner's
//! stored choice, the browser's languages, fetching a language's files, and the
//! document's `lang`, title and description.

use std::collections::HashMap;

use crate::strings::{self, LessonText, Text};

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The learner's last choice. A cross-origin frame may have no storage (or throw when
/// it is touched): then nothing is remembered.
pub fn stored_lang() -> Option<String> {
    storage()?.get_item(strings::STORE_KEY).ok()?
}

/// Remembers the learner's choice, where the browser allows it.
pub fn store_lang(lang: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(strings::STORE_KEY, lang);
    }
}

/// `navigator.languages`, most preferred first.
pub fn browser_langs() -> Vec<String> {
    let Some(w) = web_sys::window() else {
        return vec![];
    };
    let nav = w.navigator();
    let list: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|l| l.as_string())
        .collect();
    if list.is_empty() {
        nav.language().into_iter().collect()
    } else {
        list
    }
}

/// `<html lang>`, `<title>` and the meta description; `<html data-text>` says which
/// language's words the page shows now (the boot script sets `lang` before they have
/// arrived, so `lang` alone does not tell).
pub fn set_document(lang: &str, title: &str, description: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(html) = doc.document_element() {
        if html.get_attribute("lang").as_deref() != Some(lang) {
            let _ = html.set_attribute("lang", lang);
        }
        if html.get_attribute("data-text").as_deref() != Some(lang) {
            let _ = html.set_attribute("data-text", lang);
        }
    }
    if doc.title() != title {
        doc.set_title(title);
    }
    if let Ok(Some(meta)) = doc.query_selector("meta[name=\"description\"]") {
        let _ = meta.set_attribute("content", description);
    }
}

/// Fetches a file next to the page and returns its text.
#[cfg(target_arch = "wasm32")]
async fn fetch_text(path: String) -> Result<String, String> {
    let path = path.as_str();
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let w = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(w.fetch_with_str(path))
        .await
        .map_err(|e| format!("{path}: {e:?}"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response")?;
    if !resp.ok() {
        return Err(format!("{path}: HTTP {}", resp.status()));
    }
    let text = JsFuture::from(resp.text().map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(|e| format!("{path}: {e:?}"))?;
    text.as_string().ok_or_else(|| format!("{path}: not text"))
}

#[cfg(not(target_arch = "wasm32"))]
async fn fetch_text(path: String) -> Result<String, String> {
    Err(format!("{path}: files load in a browser"))
}

/// A language's files: `i18n/<lang>.json`, and when a lesson is shown every lesson's
/// `lessons/<id>/<lang>.json` (the lesson menu lists all titles), fetched at once.
/// A lesson file that is missing leaves that lesson in English.
pub async fn load(lang: &str, lesson: Option<&'static str>) -> Result<Text, String> {
    let ui = fetch_text(format!("i18n/{lang}.json"));
    let lesson_files = async {
        let mut out = HashMap::new();
        if lesson.is_some() {
            let ids: Vec<&str> = crate::lessons::LESSONS.iter().map(|l| l.id).collect();
            let texts = futures_join(
                ids.iter()
                    .map(|id| fetch_text(format!("lessons/{id}/{lang}.json")))
                    .collect(),
            )
            .await;
            for (id, t) in ids.into_iter().zip(texts) {
                match t
                    .and_then(|t| strings::parse_json(&t).and_then(|j| LessonText::from_json(&j)))
                {
                    Ok(l) => {
                        out.insert(id.to_string(), l);
                    }
                    Err(e) => {
                        web_sys::console::warn_1(&format!("lesson {id} in {lang}: {e}").into())
                    }
                }
            }
        }
        out
    };
    let (ui, lessons) = join2(ui, lesson_files).await;
    let table = strings::parse_json(&ui?).and_then(|j| strings::ui_table(&j))?;
    Ok(Text::with(lang, table, lessons))
}

/// Runs futures side by side, on the page's one thread (no executor needed beyond
/// `spawn_local`'s): each is polled in turn until all are done.
async fn futures_join<F: std::future::Future>(fs: Vec<F>) -> Vec<F::Output> {
    use std::pin::Pin;
    use std::task::Poll;
    let mut fs: Vec<Pin<Box<F>>> = fs.into_iter().map(Box::pin).collect();
    let mut out: Vec<Option<F::Output>> = fs.iter().map(|_| None).collect();
    std::future::poll_fn(move |cx| {
        let mut pending = false;
        for (f, o) in fs.iter_mut().zip(out.iter_mut()) {
            if o.is_none() {
                match f.as_mut().poll(cx) {
                    Poll::Ready(v) => *o = Some(v),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(out.iter_mut().map(|o| o.take().expect("done")).collect())
        }
    })
    .await
}

async fn join2<A: std::future::Future, B: std::future::Future>(
    a: A,
    b: B,
) -> (A::Output, B::Output) {
    use std::task::Poll;
    let (mut a, mut b) = (Box::pin(a), Box::pin(b));
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(move |cx| {
        if ra.is_none() {
            if let Poll::Ready(v) = a.as_mut().poll(cx) {
                ra = Some(v);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(v) = b.as_mut().poll(cx) {
                rb = Some(v);
            }
        }
        if ra.is_some() && rb.is_some() {
            Poll::Ready((ra.take().expect("a"), rb.take().expect("b")))
        } else {
            Poll::Pending
        }
    })
    .await
}
