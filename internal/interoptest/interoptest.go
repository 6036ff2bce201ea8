// Package interoptest finds the official schemas and conformance fixtures of
// the formats rosettac interoperates with (MCP, A2A, TOON), which live beside
// the repository in ../shared/interop/ and are never copied into it. Tests
// skip when that directory is absent, except under ROSETTAC_REQUIRE_TOOLS=1
// (CI), where its absence is a failure.
package interoptest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Dir returns ../shared/interop/sub relative to the module root, or skips (or,
// in CI, fails) the test when it is missing.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			p := filepath.Join(d, "..", "shared", "interop", sub)
			if _, err := os.Stat(p); err == nil {
				return p
			}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if os.Getenv("ROSETTAC_REQUIRE_TOOLS") == "1" {
		t.Fatalf("../shared/interop/%s is missing (ROSETTAC_REQUIRE_TOOLS=1)", sub)
	}
	t.Skipf("../shared/interop/%s is absent; the interop fixtures are not checked", sub)
	return ""
}

// Schema compiles the definition def (a JSON pointer such as "/$defs/Tool",
// or "" for the whole schema) of the JSON Schema file at path, with the
// draft the file declares (MCP's is 2020-12, A2A's draft-07).
func Schema(t testing.TB, path, def string) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	url := "file:///" + filepath.ToSlash(strings.TrimPrefix(path, "/"))
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url + "#" + def)
	if err != nil {
		t.Fatalf("%s#%s: %v", path, def, err)
	}
	return s
}

// Validate checks the JSON text data against s, with the error listing every
// violation.
func Validate(s *jsonschema.Schema, data []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// CompileSchema compiles the JSON text data as a JSON Schema itself (draft
// 2020-12 unless it says otherwise): a schema a tool declares must be one.
func CompileSchema(data []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem:///schema.json", v); err != nil {
		return err
	}
	_, err = c.Compile("mem:///schema.json")
	return err
}
