//! A program using a feature the explorer's Go subset does not have gets one clear
//! diagnostic at its line and column, and compiling it never panics.

fn diags(src: &str) -> Vec<gmp_go::Diag> {
    let r = std::panic::catch_unwind(|| gmp_go::compile(src));
    match r {
        Ok(Ok(_)) => panic!("compiled:\n{src}"),
        Ok(Err(d)) => d,
        Err(_) => panic!("compile panicked:\n{src}"),
    }
}

fn one(src: &str, line: u32, col: u32, words: &[&str]) {
    let d = diags(src);
    let text: Vec<String> = d.iter().map(|d| d.to_string()).collect();
    eprintln!("{}", text.join("\n"));
    assert_eq!(d.len(), 1, "one diagnostic, got:\n{}", text.join("\n"));
    assert_eq!((d[0].line, d[0].col), (line, col), "{}", text[0]);
    for w in words {
        assert!(text[0].contains(w), "{:?} lacks {w:?}", text[0]);
    }
    assert!(!text[0].contains("please report it"), "{}", text[0]);
}

/// What generics and iterators the explorer does not compile yet is refused where it
/// is written (the rest of Go 1.18's generics and Go 1.23's range over functions
/// compile: corpus `generic_*`, `range_over_func`).
#[test]
fn generics_not_yet() {
    one(
        "package main\n\nfunc F[T any](x T) {\n\ttype box struct{ v T }\n\t_ = box{x}\n}\n\nfunc main() {\n\tF(1)\n}\n",
        4,
        7,
        &["gmp: a type declared in a generic function", "not supported"],
    );
    one(
        "package main\n\ntype List[T any] []T\n\ntype L[T any] = List[T]\n\nfunc main() {}\n",
        5,
        6,
        &["gmp: generic type aliases", "not supported"],
    );
}

/// A defer in the body of a range over a function runs when the function holding the
/// loop returns, in Go; the explorer does not run that yet, and says so.
#[test]
fn defer_in_range_over_func() {
    one(
        "package main\n\nimport \"fmt\"\n\nfunc count(yield func(int) bool) {\n\tfor i := 0; i < 3; i++ {\n\t\tif !yield(i) {\n\t\t\treturn\n\t\t}\n\t}\n}\n\nfunc main() {\n\tfor x := range count {\n\t\tdefer fmt.Println(x)\n\t}\n}\n",
        15,
        3,
        &["gmp: defer in the body of a range over a function", "not supported"],
    );
}

#[test]
fn import_net_http() {
    one(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n)\n\nfunc main() {\n\tfmt.Println(http.StatusOK)\n}\n",
        5,
        2,
        &["net/http", "the explorer offers"],
    );
}

#[test]
fn array_types_are_not_taken_for_generics() {
    let src = "package main\n\nimport \"fmt\"\n\nconst N = 2\n\ntype A [4]int\ntype B [N]int\ntype C [N * 2]string\ntype D[N]bool\n\n// func F[T any]() in a comment\nvar s = \"func G[T any]()\"\n\nfunc main() {\n\tvar a A\n\tvar b B\n\tvar c C\n\tvar d D\n\tfmt.Println(len(a), len(b), len(c), len(d), s)\n}\n";
    let r = std::panic::catch_unwind(|| gmp_go::compile(src)).expect("no panic");
    assert!(r.is_ok(), "{:?}", r.err());
}

/// A name real Go's package has (`tools/std-exports`' list) but the explorer's library
/// does not yet is refused as such, not called undefined; a misspelt one is undefined,
/// as go build says.
#[test]
fn library_name_not_in_the_explorer() {
    one(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"math\"\n)\n\nfunc main() {\n\tfmt.Println(math.Gamma(0.5))\n}\n",
        9,
        19,
        &["gmp: math.Gamma is not supported by the explorer's Go"],
    );
    // A package of a major version is named by the element before (math/rand/v2: rand);
    // Zipf is Go's, not the explorer's.
    one(
        "package main\n\nimport \"math/rand/v2\"\n\nfunc main() {\n\t_ = rand.NewZipf(nil, 2, 1, 10)\n}\n",
        6,
        11,
        &["gmp: rand.NewZipf is not supported by the explorer's Go"],
    );
    // syscall's names are not listed: an exported one is Go's.
    one(
        "package main\n\nimport \"syscall\"\n\nfunc main() {\n\t_ = syscall.Getpid()\n}\n",
        6,
        14,
        &["gmp: syscall.Getpid is not supported by the explorer's Go"],
    );
    let d = diags("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Printline(1)\n}\n");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].to_string(), "./main.go:6:6: undefined: fmt.Printline");
}

/// The library's internal packages (internal/oserror, which syscall and io/fs share)
/// are refused to a program as go build refuses them, and are not offered.
#[test]
fn internal_packages_are_the_librarys_own() {
    let d = diags(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"internal/oserror\"\n)\n\nfunc main() {\n\tfmt.Println(oserror.ErrClosed)\n}\n",
    );
    let texts: Vec<String> = d.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        texts,
        vec!["./main.go:5:2: use of internal package internal/oserror not allowed".to_string()]
    );
    let d =
        diags("package main\n\nimport o \"internal/oserror\"\n\nfunc main() { _ = o.ErrClosed }\n");
    assert_eq!(
        d[0].to_string(),
        "./main.go:3:10: use of internal package internal/oserror not allowed"
    );
    // The library's own import of it (io/fs's, through os) is not the program's.
    gmp_go::compile("package main\n\nimport \"os\"\n\nfunc main() { _ = os.ErrClosed }\n")
        .expect("os compiles");
    let d = diags("package main\n\nimport \"net/http\"\n\nfunc main() { _ = http.Get }\n");
    let msg = d[0].to_string();
    assert!(msg.contains("io/fs") && msg.contains("syscall"), "{msg}");
    assert!(!msg.contains("internal"), "{msg}");
}

/// Go's strings hold any bytes, the explorer's UTF-8 text: a literal spelling other
/// bytes is refused at its position (the parser would make each one U+FFFD, a
/// different string), and a string made of such bytes at run time ends the run
/// saying so, at its line.
#[test]
fn strings_of_bytes_that_are_not_utf8() {
    one(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(len(\"a\\xffb\"), '\\xff')\n}\n",
        6,
        18,
        &["gmp: a string of bytes that are not valid UTF-8", "not supported"],
    );
    let prog = gmp_go::compile(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tb := []byte{'a', 0xff}\n\tfmt.Println(\"before\")\n\ts := string(b)\n\tfmt.Println(s)\n}\n",
    )
    .expect("compiles");
    let cfg = gmp_core::Config {
        gomaxprocs: 1,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, 1).unwrap();
    sim.run_until(1_000_000_000, u64::MAX);
    assert_eq!(sim.rt.stdout_lines(), vec!["before".to_string()]);
    let st = sim.rt.exit_status().expect("the run ends");
    assert!(
        st.stderr
            .starts_with("gmp: a string of bytes that are not valid UTF-8 (./main.go:8)"),
        "{}",
        st.stderr
    );
}

/// Go 1.13's hexadecimal floats: one diagnostic at the literal, not the parser's
/// cascade (`missing ',' in argument list`, `undefined: p1`).
#[test]
fn hex_float_literals() {
    one(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1, 0x1.8p1)\n}\n",
        6,
        17,
        &["hexadecimal floating-point"],
    );
    one(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(0x1p-2)\n}\n",
        6,
        14,
        &["hexadecimal floating-point"],
    );
}

/// The VM has no complex values: an expression of a complex type is refused where it
/// is, not printed as `<nil>`.
#[test]
fn complex_numbers() {
    one(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tc := complex(1, 2)\n\tfmt.Println(c)\n}\n",
        6,
        7,
        &["a complex number (complex64, complex128) is not supported"],
    );
}
