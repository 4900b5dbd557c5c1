#!/usr/bin/env python3
"""Puts one language's quiz text into static/quiz/questions.json.

Usage: python3 tools/i18n/merge_quiz.py <lang> <file.json>, where file.json maps question ids to
{"question", "options", "explanation"} in that language. The language object goes after the ones
already there (en, th, ...) and before "show"; the file is written back in its usual layout.
"""
import json
import sys

ORDER = ["en", "th", "zh-Hant", "vi"]


def main():
    lang, src = sys.argv[1], sys.argv[2]
    path = "static/quiz/questions.json"
    quiz = json.load(open(path, encoding="utf-8"))
    text = json.load(open(src, encoding="utf-8"))
    known = {q["id"] for q in quiz["questions"]}
    unknown = sorted(set(text) - known)
    if unknown:
        sys.exit(f"no such question ids: {unknown}")
    for i, q in enumerate(quiz["questions"]):
        if q["id"] not in text:
            continue
        t = text[q["id"]]
        if len(t["options"]) != len(q["en"]["options"]):
            sys.exit(f"{q['id']}: {len(t['options'])} options, English has {len(q['en']['options'])}")
        q[lang] = {"question": t["question"], "options": t["options"], "explanation": t["explanation"]}
        langs = [k for k in ORDER if k in q]
        rest = [k for k in q if k not in ORDER]
        head = [k for k in rest if k in ("id", "source", "topic", "correct")]
        tail = [k for k in rest if k not in head]
        quiz["questions"][i] = {k: q[k] for k in head + langs + tail}
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(quiz, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
