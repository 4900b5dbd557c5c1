#!/usr/bin/env python3
"""Checks the translated text files (issue #15): lessons/<id>/<lang>.json, static/i18n/<lang>.json
and the languages inside static/quiz/questions.json.

For every language beside English: valid JSON, the same keys / lesson structure / quiz shape as
English, the same {placeholders}, no empty string where English has text, every `code span`, Go
name and number of the English kept, and no string left identical to the English unless it is
made only of Go names, numbers and punctuation. Also checks that lessons/<id>/en.json is word
for word what web/src/lessons.rs says, while lessons.rs still holds the text.

It also warns about English that changed after it was translated (tools/i18n/translated-from.json
keeps the English each translation was made from; `--record` rewrites it once the
translations are updated).

Run: python3 tools/i18n/check_text.py [lessons|lessons-rs|ui|quiz|snapshot ...]  (exit status 1
on any problem), or python3 tools/i18n/check_text.py --record.
"""
import json
import os
import re
import sys

LANGS = ["th", "zh-Hant", "vi"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
problems = []
warnings = []


def bad(where, msg):
    problems.append(f"{where}: {msg}")


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        bad(os.path.relpath(path, ROOT), f"cannot read as JSON: {e}")
        return None


PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
CODE = re.compile(r"`[^`]+`")
# Digit runs: "10.3" and "10,3", "100 000" and "100.000" count as the same number, so each
# language may use its own separators.
NUMBER = re.compile(r"\d+")
# Words that stay as Go (or the explorer) names them in every language. A translated string may
# equal the English one only if it is made of these, numbers and punctuation.
GO_NAMES = set(
    """G M P Go GOMAXPROCS GODEBUG runnext sysmon findRunnable schedtick schedticks schedtrace
    handoffp wakep resetspinning newstack shrinkstack stackguard0 runqueue needspinning
    spinningthreads idleprocs idlethreads threads gomaxprocs netpoller Gosched GC WaitGroup
    asyncpreemptoff StackGrow ProcSteal runtime main exit goroutine goroutines min size
    computeAll gopark goready runqsteal runqget globrunqget sched runq OK ms µs ns s MiB KiB
    procs ring linux amd64 wasm CPU IO JSON URL SVG PNG GMP Explorer t N tick ProcsChange
    procresize STWBegin STWEnd GoCreate GoStart GoStop GoBlock GoUnblock GoDestroy GoSyscallBegin
    GoSyscallEnd GoSyscallEndBlocked""".split()
)
# Whole strings a language keeps in English on purpose, as its course chapter does and as its
# glossary (docs/i18n/glossary.<lang>.md) says.
KEPT_IN_ENGLISH = {
    "th": {"seed", "syscall", "work stealing", "preemption", "blocking syscall", "cpu-bound",
           "global run queue ({n})"},
    "vi": {"seed", "syscall", "work stealing", "preemption", "park"},
    "zh-Hant": set(),
}
GO_NAME_RE = re.compile(
    r"\b(?:GOMAXPROCS|GODEBUG|runnext|sysmon|findRunnable|schedtick|handoffp|wakep|"
    r"resetspinning|newstack|shrinkstack|stackguard0|runqueue|needspinning|spinningthreads|"
    r"schedticks|asyncpreemptoff|StackGrow|ProcSteal|WaitGroup|_G[a-z]+|_P[a-z]+|"
    r"runtime\.[A-Za-z]+|time\.Sleep|computeAll)\b"
)


# Simplified-only characters that must not appear in zh-Hant (the chapter's script is
# Traditional): each has a different Traditional form (這 個 們 時 線 隊 調 統 ...).
SIMPLIFIED_ONLY = set(
    "这个们时线队调统处间码执进设论产变务发问实现点应关动对开长为过还让话说样种组级边运读写"
    "网络释态数据号辑缓续满节迟阶单复杂换链锁栈协抢驱试验题闲轮询确认获环与从将专业东两么没"
    "会来启记录显闭结给经决择选项页刚双缩"
)


def only_names(s):
    s = PLACEHOLDER.sub("", s)
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", s)
    return all(w in GO_NAMES or GO_NAME_RE.fullmatch(w) for w in words)


def compare_string(where, en, tr, lang):
    if not isinstance(tr, str):
        bad(where, f"expected a string, found {type(tr).__name__}")
        return
    if en.strip() and not tr.strip():
        bad(where, "empty")
        return
    # The same set of placeholders (a language may name one twice where its word order needs it).
    if set(PLACEHOLDER.findall(en)) != set(PLACEHOLDER.findall(tr)):
        bad(where, f"placeholders differ: {sorted(set(PLACEHOLDER.findall(en)))} vs {sorted(set(PLACEHOLDER.findall(tr)))}")
    # Strings that are glued to others (" · completed", "includes: ") keep their edge spaces.
    # (A full-width colon or stop already carries its own space.)
    full_width_end = tr[-1:] in "：，。；）"
    if (en[:1] == " ") != (tr[:1] == " ") or ((en[-1:] == " ") != (tr[-1:] == " ") and not full_width_end):
        bad(where, "leading or trailing space differs from English")
    for span in CODE.findall(en):
        if span not in tr:
            bad(where, f"code span {span} missing")
    for name in set(GO_NAME_RE.findall(en)):
        if name not in tr:
            bad(where, f"Go name {name} missing")
    tr_numbers = set(NUMBER.findall(tr))
    for num in set(NUMBER.findall(CODE.sub("", en))):
        if num not in tr_numbers:
            bad(where, f"number {num} missing")
    if lang == "zh-Hant":
        found = sorted(set(tr) & SIMPLIFIED_ONLY)
        if found:
            bad(where, f"Simplified characters in Traditional text: {''.join(found)}")
    if en.strip() and tr == en and not only_names(en) and en.lower() not in KEPT_IN_ENGLISH[lang]:
        bad(where, "left in English")


def check_lessons():
    base = os.path.join(ROOT, "lessons")
    if not os.path.isdir(base):
        bad("lessons", "missing")
        return
    for lid in sorted(os.listdir(base)):
        en_path = os.path.join(base, lid, "en.json")
        if not os.path.exists(en_path):
            continue
        en = load(en_path)
        if en is None:
            continue
        for lang in LANGS:
            rel = f"lessons/{lid}/{lang}.json"
            path = os.path.join(ROOT, rel)
            if not os.path.exists(path):
                bad(rel, "missing")
                continue
            tr = load(path)
            if tr is None:
                continue
            if set(tr) != set(en):
                bad(rel, f"keys {sorted(tr)} differ from English {sorted(en)}")
                continue
            compare_string(f"{rel} title", en["title"], tr["title"], lang)
            for part in ("intro", "look_at"):
                if len(tr[part]) != len(en[part]):
                    bad(rel, f"{part} has {len(tr[part])} paragraphs, English {len(en[part])}")
                    continue
                for i, (e, t) in enumerate(zip(en[part], tr[part])):
                    compare_string(f"{rel} {part}[{i}]", e, t, lang)
            if set(tr["variants"]) != set(en["variants"]):
                bad(rel, f"variants {sorted(tr['variants'])} differ from {sorted(en['variants'])}")
                continue
            for vid, ev in en["variants"].items():
                tv = tr["variants"][vid]
                if set(tv) != {"label", "note"}:
                    bad(f"{rel} {vid}", f"keys {sorted(tv)}")
                    continue
                for k in ("label", "note"):
                    compare_string(f"{rel} {vid}.{k}", ev[k], tv[k], lang)


def check_lessons_rs():
    """en.json must say what web/src/lessons.rs says, as long as lessons.rs still holds text."""
    path = os.path.join(ROOT, "web", "src", "lessons.rs")
    if not os.path.exists(path):
        return
    src = open(path, encoding="utf-8").read()
    if "pub static LESSONS" not in src or 'title: "' not in src:
        return
    strings = set(json.loads('"' + m + '"') for m in re.findall(r'"((?:[^"\\]|\\.)*)"', src))
    base = os.path.join(ROOT, "lessons")
    for lid in sorted(os.listdir(base)):
        en_path = os.path.join(base, lid, "en.json")
        if not os.path.exists(en_path):
            continue
        en = load(en_path)
        if en is None:
            continue
        if f'id: "{lid}"' not in src:
            bad(f"lessons/{lid}", "no lesson with this id in web/src/lessons.rs")
        texts = [en["title"], *en["intro"], *en["look_at"]]
        for v in en["variants"].values():
            texts += [v["label"], v["note"]]
        for t in texts:
            if t and t not in strings:
                bad(f"lessons/{lid}/en.json", f"not in lessons.rs word for word: {t[:60]!r}")


def check_ui():
    base = os.path.join(ROOT, "static", "i18n")
    en_path = os.path.join(base, "en.json")
    if not os.path.exists(en_path):
        return
    en = load(en_path)
    if not isinstance(en, dict):
        return
    for lang in LANGS:
        rel = f"static/i18n/{lang}.json"
        path = os.path.join(ROOT, rel)
        if not os.path.exists(path):
            bad(rel, "missing")
            continue
        tr = load(path)
        if not isinstance(tr, dict):
            continue
        for k in sorted(set(en) - set(tr)):
            bad(rel, f"key {k} missing")
        for k in sorted(set(tr) - set(en)):
            bad(rel, f"key {k} not in English")
        for k in sorted(set(en) & set(tr)):
            if isinstance(en[k], str):
                compare_string(f"{rel} {k}", en[k], tr[k], lang)


def check_quiz():
    rel = "static/quiz/questions.json"
    q = load(os.path.join(ROOT, rel))
    if q is None:
        return
    for qu in q["questions"]:
        en = qu["en"]
        if not 0 <= qu["correct"] < len(en["options"]):
            bad(f"{rel} {qu['id']}", "correct index out of range")
        for lang in LANGS:
            where = f"{rel} {qu['id']} {lang}"
            tr = qu.get(lang)
            if tr is None:
                bad(where, "missing")
                continue
            if set(tr) != set(en):
                bad(where, f"keys {sorted(tr)} differ from English {sorted(en)}")
                continue
            compare_string(f"{where} question", en["question"], tr["question"], lang)
            compare_string(f"{where} explanation", en["explanation"], tr["explanation"], lang)
            if len(tr["options"]) != len(en["options"]):
                bad(where, f"{len(tr['options'])} options, English {len(en['options'])}")
                continue
            for i, (e, t) in enumerate(zip(en["options"], tr["options"])):
                compare_string(f"{where} option {i}", e, t, lang)


SNAPSHOT = os.path.join(ROOT, "tools", "i18n", "translated-from.json")


def english_now():
    """Every English string a translation was made from, by a stable name."""
    out = {}
    en_ui = os.path.join(ROOT, "static", "i18n", "en.json")
    if os.path.exists(en_ui):
        for k, v in load(en_ui).items():
            out[f"ui {k}"] = v
    base = os.path.join(ROOT, "lessons")
    for lid in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        p = os.path.join(base, lid, "en.json")
        if os.path.exists(p):
            out[f"lesson {lid}"] = json.dumps(load(p), ensure_ascii=False, sort_keys=True)
    quiz = load(os.path.join(ROOT, "static", "quiz", "questions.json"))
    for qu in quiz["questions"] if quiz else []:
        out[f"quiz {qu['id']}"] = json.dumps(qu["en"], ensure_ascii=False, sort_keys=True)
    return out


def check_snapshot():
    """English that changed after it was translated: the translations may be stale (a
    warning, not a failure: they still say nearly the same). After re-translating, record
    the new English with --record."""
    if not os.path.exists(SNAPSHOT):
        bad("tools/i18n/translated-from.json", "missing (run check_text.py --record)")
        return
    then = load(SNAPSHOT) or {}
    for name, text in english_now().items():
        if name in then and then[name] != text:
            warnings.append(f"{name}: English changed since it was translated; update th, zh-Hant, vi, then --record")


def main():
    if sys.argv[1:] == ["--record"]:
        with open(SNAPSHOT, "w", encoding="utf-8") as f:
            f.write(json.dumps(english_now(), ensure_ascii=False, indent=1, sort_keys=True) + "\n")
        print(f"recorded the English of {len(english_now())} texts")
        return 0
    only = sys.argv[1:]
    for name, fn in [("lessons", check_lessons), ("lessons-rs", check_lessons_rs), ("ui", check_ui), ("quiz", check_quiz), ("snapshot", check_snapshot)]:
        if not only or name in only:
            fn()
    for w in warnings:
        print("warning:", w)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
