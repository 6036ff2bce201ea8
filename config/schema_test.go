package config

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// compileSchema compiles the shipped schema with a maintained validator
// (formats asserted, so now: must be a date-time).
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("rosettac.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("rosettac.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// instance turns YAML into the JSON value the schema validates.
func instance(t *testing.T, src []byte) (any, error) {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		return nil, err
	}
	if v == nil {
		v = map[string]any{}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}

// configFiles returns every configuration file the tests use: those under
// testdata and every rosettac.yaml or .rosettac.yaml inside the CLI's
// testscript archives.
func configFiles(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	for _, glob := range []string{"testdata/*.yaml", "../cmd/rosettac/testdata/script/*.txtar"} {
		names, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if strings.HasSuffix(n, ".yaml") {
				b, err := os.ReadFile(n)
				if err != nil {
					t.Fatal(err)
				}
				out[n] = b
				continue
			}
			a, err := txtar.ParseFile(n)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range a.Files {
				if base := filepath.Base(f.Name); base == "rosettac.yaml" || base == ".rosettac.yaml" || strings.HasSuffix(base, ".rosettac.yaml") {
					out[n+":"+f.Name] = f.Data
				}
			}
		}
	}
	return out
}

// TestSchemaValidatesConfigs: every configuration file in the tests is
// judged alike by the loader and the JSON Schema. A file whose name holds
// "bad" is one both must refuse; every other one both must accept.
func TestSchemaValidatesConfigs(t *testing.T) {
	s := compileSchema(t)
	files := configFiles(t)
	scripts := 0
	for n := range files {
		if strings.Contains(n, ".txtar:") {
			scripts++
		}
	}
	if len(files) < 2 || scripts < 3 {
		t.Fatalf("found %d configuration files, %d of them in testscripts: the search is broken", len(files), scripts)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		bad := strings.Contains(n, "bad")
		_, loadErr := Parse(n, files[n])
		inst, err := instance(t, files[n])
		if err == nil {
			err = s.Validate(inst)
		}
		switch {
		case !bad && (loadErr != nil || err != nil):
			t.Errorf("%s: loader: %v; schema: %v", n, loadErr, err)
		case bad && (loadErr == nil || err == nil):
			t.Errorf("%s is meant to be refused: loader: %v; schema: %v", n, loadErr, err)
		}
	}
}

// TestSchemaRefusesWhatLoaderRefuses runs the loader's error cases through
// the schema: a file the loader refuses, the schema refuses too, so an
// editor flags what rosettac would.
func TestSchemaRefusesWhatLoaderRefuses(t *testing.T) {
	s := compileSchema(t)
	for _, src := range []string{
		"disabel: [I011]\n",
		"mesh:\n  policy:\n    agents:\n      a1:\n        sned: []\n",
		"overrides:\n  - files: [x]\n    livelok: 2\n",
		"overrides:\n  - disable: [I011]\n",
		"overrides:\n  - files: []\n",
		"livelock: many\n",
		"livelock: 0\n",
		"disable: I011\n",
		"disable: [I011, w010]\n",
		"severities: {W010: loud}\n",
		"severities: {w010: info}\n",
		"severity: off\n",
		"format: xml\n",
		"now: yesterday\n",
		"mesh: {hold: soon}\n",
		"mesh: {port: 0}\n",
		"mesh: {policy: {default: maybe}}\n",
		"mesh: {policy: {agents: {A1: {}}}}\n",
		"mesh: {policy: {agents: {a1: {send: [{acts: [order]}]}}}}\n",
		"mesh: {policy: {agents: {a1: {send: [{to: [\"@boss\"]}]}}}}\n",
		"mesh: {policy: {agents: {a1: {clearance: [top]}}}}\n",
		"mesh: {policy: {roles: {reviewer: [A3]}}}\n",
		"translate: {strict: yes please}\n",
		"lingua: {key: abc}\n",
		"- 1\n",
	} {
		if _, err := Parse("c.yaml", []byte(src)); err == nil {
			t.Errorf("loader accepts %q", src)
		}
		inst, err := instance(t, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(inst) == nil {
			t.Errorf("schema accepts %q", src)
		}
	}
}

// TestSchemaHasEveryKey: the schema's properties are exactly the keys the
// Go types read, at every level, so neither can gain a key alone.
func TestSchemaHasEveryKey(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(Schema, &doc); err != nil {
		t.Fatal(err)
	}
	defs := doc["$defs"].(map[string]any)
	var compare func(where string, schema map[string]any, typ reflect.Type)
	compare = func(where string, schema map[string]any, typ reflect.Type) {
		for schema["$ref"] != nil {
			schema = defs[strings.TrimPrefix(schema["$ref"].(string), "#/$defs/")].(map[string]any)
		}
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		switch typ.Kind() {
		case reflect.Struct:
			if typ == durationType {
				return
			}
			if schema["additionalProperties"] != false {
				t.Errorf("%s: the schema allows unknown keys", where)
			}
			props, _ := schema["properties"].(map[string]any)
			fields := structFields(typ)
			for k := range props {
				if _, ok := fields[k]; !ok {
					t.Errorf("%s: the schema has %q, the Go type does not", where, k)
				}
			}
			for k, f := range fields {
				p, ok := props[k].(map[string]any)
				if !ok {
					t.Errorf("%s: the Go type has %q, the schema does not", where, k)
					continue
				}
				compare(where+"."+k, p, f.Type)
			}
		case reflect.Map:
			if ap, ok := schema["additionalProperties"].(map[string]any); ok {
				compare(where+".*", ap, typ.Elem())
			} else {
				t.Errorf("%s: a map whose values the schema does not describe", where)
			}
		case reflect.Slice:
			if it, ok := schema["items"].(map[string]any); ok {
				compare(where+"[]", it, typ.Elem())
			} else {
				t.Errorf("%s: a list whose items the schema does not describe", where)
			}
		}
	}
	compare("config", doc, reflect.TypeOf(Config{}))
}
