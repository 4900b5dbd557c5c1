// Command go-examples writes the documented Examples of Go standard library packages
// as the programs go/doc makes of them (doc.Example.Play: the example's body as main,
// with the declarations and imports it uses), one folder each, read from the installed
// toolchain's $GOROOT/src at the time it runs. Nothing of Go's is kept in the
// repository: crates/go/tests/examples.rs runs this into a temporary folder.
//
//	go run . OUT fmt strings ...
//
// OUT/<pkg with / as _>/<Example name>/ gets main.go and want.txt (the `// Output:`
// comment), and `unordered` when it is an `// Unordered output:`. An example that uses
// a declaration of another test file of its package gets it too (go test compiles the
// files together). One that go/doc cannot make a whole program of (in the package's
// internal test package) is listed in OUT/skipped.txt.
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
		// An example may use a declaration of another test file of its package
		// (context's use shortDuration, from x_test.go), which go test compiles with
		// it but go/doc looks for in the example's own file: for such an example the
		// file is read again with the other files' declarations appended.
		whole := func(ex *doc.Example) *ast.File {
			var file *ast.File
			for _, f := range files {
				if fset.File(f.Pos()) == fset.File(ex.Code.Pos()) {
					file = f
				}
			}
			if file == nil {
				return nil
			}
			text, err := os.ReadFile(fset.File(file.Pos()).Name())
			if err != nil {
				return nil
			}
			buf := bytes.NewBuffer(text)
			for _, f := range files {
				if f == file {
					continue
				}
				other, _ := os.ReadFile(fset.File(f.Pos()).Name())
				for _, d := range f.Decls {
					if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
						continue
					}
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
						n := fd.Name.Name
						if strings.HasPrefix(n, "Test") || strings.HasPrefix(n, "Benchmark") ||
							strings.HasPrefix(n, "Fuzz") || strings.HasPrefix(n, "Example") {
							continue
						}
					}
					from, to := fset.Position(d.Pos()).Offset, fset.Position(d.End()).Offset
					buf.WriteString("\n")
					buf.Write(other[from:to])
					buf.WriteString("\n")
				}
			}
			nf, err := parser.ParseFile(fset, "merged_test.go", buf.Bytes(), parser.ParseComments)
			if err != nil {
				return nil
			}
			for _, e := range doc.Examples(nf) {
				if e.Name == ex.Name {
					return e.Play
				}
			}
			return nil
		}
		for _, ex := range doc.Examples(files...) {
			if ex.Output == "" && !ex.EmptyOutput {
				continue // compiled by go test, never run
			}
			name := "Example" + ex.Name
			if ex.Play == nil {
				ex.Play = whole(ex)
			}
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
