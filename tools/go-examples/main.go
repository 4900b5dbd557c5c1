// Command go-examples writes the documented Examples of Go standard library packages
// as the programs go/doc makes of them (doc.Example.Play: the example's body as main,
// with the declarations and imports it uses), one folder each, read from the installed
// toolchain's $GOROOT/src at the time it runs. Nothing of Go's is kept in the
// repository: crates/go/tests/examples.rs runs this into a temporary folder.
//
//	go run . OUT fmt strings ...
//
// OUT/<pkg with / as _>/<Example name>/ gets main.go and want.txt (the `// Output:`
// comment), and `unordered` when it is an `// Unordered output:`. An example that
// go/doc cannot make a whole program of (one in the package's internal test package)
// is listed in OUT/skipped.txt.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: go-examples OUT pkg...")
		os.Exit(2)
	}
	out := os.Args[1]
	var skipped []string
	for _, pkg := range os.Args[2:] {
		dir := filepath.Join(runtime.GOROOT(), "src", pkg)
		names, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil || len(names) == 0 {
			fmt.Fprintf(os.Stderr, "%s: no test files in %s\n", pkg, dir)
			os.Exit(1)
		}
		sort.Strings(names)
		fset := token.NewFileSet()
		var files []*ast.File
		for _, n := range names {
			f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			// Only the external test package's files make whole programs.
			if strings.HasSuffix(f.Name.Name, "_test") {
				files = append(files, f)
			}
		}
		for _, ex := range doc.Examples(files...) {
			if ex.Output == "" && !ex.EmptyOutput {
				continue // compiled by go test, never run
			}
			name := "Example" + ex.Name
			if ex.Play == nil {
				skipped = append(skipped, pkg+" "+name)
				continue
			}
			var src bytes.Buffer
			if err := format.Node(&src, fset, ex.Play); err != nil {
				fmt.Fprintln(os.Stderr, pkg, name, err)
				os.Exit(1)
			}
			d := filepath.Join(out, strings.ReplaceAll(pkg, "/", "_"), name)
			must(os.MkdirAll(d, 0o755))
			must(os.WriteFile(filepath.Join(d, "main.go"), src.Bytes(), 0o644))
			must(os.WriteFile(filepath.Join(d, "want.txt"), []byte(ex.Output), 0o644))
			if ex.Unordered {
				must(os.WriteFile(filepath.Join(d, "unordered"), nil, 0o644))
			}
		}
	}
	must(os.MkdirAll(out, 0o755))
	must(os.WriteFile(filepath.Join(out, "skipped.txt"), []byte(strings.Join(skipped, "\n")+"\n"), 0o644))
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
