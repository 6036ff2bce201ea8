//go:build !(js && wasm)

// The YAML reader: rosettac.yaml read and checked with go.yaml.in/yaml/v3.
// The browser build has no files to read and leaves it out (browser.go).

package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
)

// Parse parses a configuration file's bytes; name is used in errors. Every
// problem found is reported (errors.Join of *Error, in file order), not
// only the first.
func Parse(name string, data []byte) (*Config, error) {
	c := &Config{}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return c, nil // an empty file is an empty configuration
		}
		return nil, yamlError(name, err)
	}
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		return nil, &Error{File: name, Line: more.Line, Col: more.Column, Msg: "a configuration file holds one YAML document (remove the second ---)"}
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	w := &walker{file: name}
	w.check(root, reflect.TypeOf(Config{}), "")
	if len(w.errs) > 0 {
		return nil, errors.Join(w.errs...)
	}
	if err := root.Decode(c); err != nil {
		// The walk checked every kind the decoder reads, so this is a bug
		// in the walk; say where yaml.v3 saw it.
		return nil, yamlError(name, err)
	}
	return c, nil
}

// yamlError turns a yaml.v3 error ("yaml: line 3: did not find expected
// key") into an *Error at its line.
func yamlError(name string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ":"); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				line, msg = n, strings.TrimSpace(rest[i+1:])
			}
		}
	}
	e := &Error{File: name, Line: line, Msg: "not valid YAML: " + msg}
	if line > 0 {
		e.Col = 1
	}
	return e
}

// walker checks a YAML node tree against a Go type: every mapping key must
// name a field (an unknown key is the error that matters most: a typo that
// would silently do nothing), every value must be of the field's kind, and
// a field tagged check:"…" must pass that value check.
type walker struct {
	file string
	errs []error
}

func (w *walker) fail(n *yaml.Node, format string, args ...any) {
	w.errs = append(w.errs, &Error{File: w.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)})
}

var durationType = reflect.TypeOf(Duration{})

// check walks node n as a value of type t; check is the value check of the
// field holding it ("" for none), where is the key path for messages.
func (w *walker) check(n *yaml.Node, t reflect.Type, chk string) {
	if n.Kind == yaml.AliasNode {
		w.fail(n, "aliases (*name) are not allowed in a configuration file")
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == durationType {
		if !w.scalar(n, "a duration (like 30s)") {
			return
		}
		d, err := time.ParseDuration(n.Value)
		if err != nil || d < 0 {
			w.fail(n, "%q is not a duration (like 30s or 1m30s)", n.Value)
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			w.fail(n, "want a mapping (key: value lines), not %s", describe(n))
			return
		}
		fields := structFields(t)
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			f, ok := fields[k.Value]
			if !ok {
				w.fail(k, "unknown key %q%s (known keys: %s)", k.Value, suggest(k.Value, fields), strings.Join(sortedKeys(fields), ", "))
				continue
			}
			if seen[k.Value] {
				w.fail(k, "key %q appears twice", k.Value)
			}
			seen[k.Value] = true
			w.check(v, f.Type, f.Tag.Get("check"))
		}
		for _, k := range sortedKeys(fields) {
			if fields[k].Tag.Get("required") == "true" && !seen[k] {
				w.fail(n, "key %q is required here", k)
			}
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			w.fail(n, "want a mapping (key: value lines), not %s", describe(n))
			return
		}
		keyChk, valChk, _ := strings.Cut(chk, "=")
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if w.scalar(k, "a name") {
				w.value(k, keyChk)
				if seen[k.Value] {
					w.fail(k, "key %q appears twice", k.Value)
				}
				seen[k.Value] = true
			}
			w.check(v, t.Elem(), valChk)
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			w.fail(n, "want a list ([a, b] or - lines), not %s", describe(n))
			return
		}
		if len(n.Content) == 0 && chk == "glob" {
			w.fail(n, "an empty list of globs matches no file")
		}
		for _, e := range n.Content {
			w.check(e, t.Elem(), chk)
		}
	case reflect.String:
		if w.scalar(n, "a string") {
			w.value(n, chk)
		}
	case reflect.Int:
		if !w.scalar(n, "a whole number") {
			return
		}
		v, err := strconv.Atoi(n.Value)
		if err != nil || n.Tag != "!!int" {
			w.fail(n, "%q is not a whole number", n.Value)
		} else if v < 0 || chk == "positive" && v == 0 {
			w.fail(n, "%d is out of range (want a number above 0)", v)
		}
	case reflect.Bool:
		if w.scalar(n, "true or false") && n.Tag != "!!bool" {
			w.fail(n, "%q is not true or false", n.Value)
		}
	default:
		panic("config: no walk for " + t.String())
	}
}

// scalar reports whether n is a scalar, failing with what was wanted.
func (w *walker) scalar(n *yaml.Node, want string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		w.fail(n, "want %s, not %s", want, describe(n))
		return false
	}
	return true
}

// value runs the value check named by chk on a scalar.
func (w *walker) value(n *yaml.Node, chk string) {
	var err error
	switch chk {
	case "":
	case "code":
		err = ValidCode(n.Value)
	case "severity":
		err = validSeverity(n.Value, false)
	case "severityoff":
		err = validSeverity(n.Value, true)
	case "format":
		err = validFormat(n.Value, formats)
	case "diagformat":
		err = validFormat(n.Value, formats[:4])
	case "now":
		err = validNow(n.Value)
	case "glob":
		err = validGlob(n.Value)
	case "label":
		err = validLabel(n.Value)
	case "act":
		if !slices.Contains(rosetta.Acts, n.Value) {
			err = fmt.Errorf("unknown act %q (want one of %s)", n.Value, strings.Join(rosetta.Acts, ", "))
		}
	case "default":
		if n.Value != "allow" && n.Value != "deny" {
			err = fmt.Errorf("unknown default %q (want allow or deny)", n.Value)
		}
	case "agent":
		if !agentRe.MatchString(n.Value) {
			err = fmt.Errorf("%q is not an agent id (lowercase letter, then lowercase letters, digits or _)", n.Value)
		}
	case "target":
		err = validTarget(n.Value)
	case "topic":
		err = validTopic(n.Value)
	default:
		panic("config: unknown check " + chk)
	}
	if err != nil {
		w.fail(n, "%v", err)
	}
}

// describe names a node's kind for "want X, not Y".
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}

// structFields maps the YAML keys of a struct type, inline fields
// included, to their fields.
func structFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if opts == "inline" {
			for k, v := range structFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f
	}
	return out
}

// suggest returns ` (did you mean "x"?)` for the known key nearest to a
// misspelt one, when one is close (within two edits by diag.Distance, the
// distance every did-you-mean of the languages counts with).
func suggest(k string, fields map[string]reflect.StructField) string {
	best, bestD := "", 3
	for _, f := range sortedKeys(fields) {
		if d := diag.Distance(k, f); d < bestD {
			best, bestD = f, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
