// Package interoptest finds the official schemas and conformance fixtures of
// the formats rosettac interoperates with (MCP, A2A, TOON), which live beside
// the repository in ../shared/interop/ and are never copied into it. Tests
// skip when that directory is absent, except under ROSETTAC_REQUIRE_TOOLS=1
// (CI), where its absence is a failure.
package interoptest

import (
	"os"
	"path/filepath"
	"testing"
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
