// Command wasmsize prints what a Go wasm's code is made of: the bytes of
// function bodies by Go package, largest first, read from the module's code
// section and the function names of its name section (so the wasm must be
// built without -ldflags=-s -w: GOOS=js GOARCH=wasm go build -o x.wasm
// ./cmd/rosettac; go run ./play/internal/wasmsize x.wasm). docs/performance.md
// records its figures for the playground's wasm.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize FILE.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = report(b)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// reader reads a wasm module's LEB128 numbers and byte strings.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uleb() int {
	var n, shift int
	for {
		if len(r.b) == 0 {
			r.err = errors.New("truncated module")
			return 0
		}
		c := r.b[0]
		r.b = r.b[1:]
		n |= int(c&0x7f) << shift
		shift += 7
		if c < 0x80 || shift > 63 {
			return n
		}
	}
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.err = errors.New("truncated module")
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

func report(b []byte) error {
	if !bytes.HasPrefix(b, []byte("\x00asm")) || len(b) < 8 {
		return errors.New("not a wasm module")
	}
	r := &reader{b: b[8:]}
	var imported int
	var bodies []int
	names := map[int]string{}
	sections := map[string]int{}
	for len(r.b) > 0 && r.err == nil {
		id := r.bytes(1)
		n := r.uleb()
		sec := &reader{b: r.bytes(n)}
		if r.err != nil {
			break
		}
		switch id[0] {
		case 2: // imports: the functions among them come first in the index space
			for c := sec.uleb(); c > 0 && sec.err == nil; c-- {
				sec.bytes(sec.uleb())
				sec.bytes(sec.uleb())
				kind := sec.bytes(1)
				if len(kind) == 0 {
					break
				}
				switch kind[0] {
				case 0:
					sec.uleb()
					imported++
				case 1: // table: element type, limits
					sec.bytes(1)
					if fl := sec.bytes(1); len(fl) == 1 {
						sec.uleb()
						if fl[0]&1 != 0 {
							sec.uleb()
						}
					}
				case 2: // memory: limits
					if fl := sec.bytes(1); len(fl) == 1 {
						sec.uleb()
						if fl[0]&1 != 0 {
							sec.uleb()
						}
					}
				case 3: // global: type, mutability
					sec.bytes(2)
				}
			}
		case 10:
			sections["code"] = n
			for c := sec.uleb(); c > 0 && sec.err == nil; c-- {
				l := sec.uleb()
				sec.bytes(l)
				bodies = append(bodies, l)
			}
		case 11:
			sections["data"] = n
		case 0:
			if string(sec.bytes(sec.uleb())) != "name" {
				continue
			}
			for len(sec.b) > 0 && sec.err == nil {
				sub := sec.bytes(1)
				part := &reader{b: sec.bytes(sec.uleb())}
				if len(sub) == 1 && sub[0] == 1 { // function names
					for c := part.uleb(); c > 0 && part.err == nil; c-- {
						i := part.uleb()
						names[i] = string(part.bytes(part.uleb()))
					}
				}
			}
		}
		if sec.err != nil {
			return sec.err
		}
	}
	if r.err != nil {
		return r.err
	}
	if len(names) == 0 {
		return errors.New("no name section: build without -ldflags=-s -w")
	}
	byPkg := map[string]int{}
	total := 0
	for i, l := range bodies {
		byPkg[pkgOf(names[imported+i])] += l
		total += l
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool {
		if byPkg[pkgs[i]] != byPkg[pkgs[j]] {
			return byPkg[pkgs[i]] > byPkg[pkgs[j]]
		}
		return pkgs[i] < pkgs[j]
	})
	fmt.Printf("file %d bytes, code section %d, data section %d, function bodies %d\n", len(b), sections["code"], sections["data"], total)
	for _, p := range pkgs {
		fmt.Printf("%10d %s\n", byPkg[p], p)
	}
	return nil
}

// pkgOf is the package of a function name as Go's wasm linker writes it:
// the import path with / as _, then .Name ("github.com_x_y.F",
// "encoding_json.(*decodeState).object", "type:.eq.T").
func pkgOf(name string) string {
	if name == "" {
		return "?"
	}
	name, _, _ = strings.Cut(name, "[") // generic instantiations
	dot := 0
	for _, host := range []string{"github.com", "golang.org", "go.yaml.in", "gopkg.in"} {
		if strings.HasPrefix(name, host) {
			dot = len(host)
		}
	}
	if i := strings.IndexByte(name[dot:], '.'); i >= 0 {
		return name[:dot+i]
	}
	return name
}
