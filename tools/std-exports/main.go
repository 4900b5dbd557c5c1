// Command std-exports prints the exported package-level names of Go standard
// library packages, one "path.Name" a line, read from the installed toolchain's
// $GOROOT/src (go/parser over each package's non-test files for linux/amd64).
// crates/go/src/std/go_exports.txt is its output for the packages the explorer
// offers: the front end tells a name real Go has but the explorer's library does
// not yet ("gmp: ... is not supported") from a misspelt one ("undefined: ...").
// syscall is left out (its linux/amd64 names would add 9 KB brotli to the page):
// the front end takes any exported syscall name for one of Go's.
//
//	cd tools/std-exports && go run . fmt strings ... > ../../crates/go/src/std/go_exports.txt
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
)

func main() {
	var out []string
	for _, path := range os.Args[1:] {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH = "linux", "amd64"
		pkg, err := ctx.Import(path, "", 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		names := map[string]bool{}
		fset := token.NewFileSet()
		for _, f := range pkg.GoFiles {
			file, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, f), nil, parser.SkipObjectResolution)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			for _, d := range file.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.IsExported() {
						names[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								names[s.Name.Name] = true
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									names[n.Name] = true
								}
							}
						}
					}
				}
			}
		}
		for n := range names {
			out = append(out, path+"."+n)
		}
	}
	sort.Strings(out)
	fmt.Printf("# Exported names of Go %s's standard library packages (tools/std-exports).\n", runtime.Version())
	for _, l := range out {
		fmt.Println(l)
	}
}
