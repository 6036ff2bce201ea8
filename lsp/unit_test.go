package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/rosettac/rosettac/diag"
)

// TestLineIndex: positions in UTF-16 count a supplementary character (an
// emoji) as two units, in UTF-8 as its bytes; a position inside a surrogate
// pair or past a line's end maps to a character boundary.
func TestLineIndex(t *testing.T) {
	text := []byte("a🚀b\n第三\r\n\nz")
	x16, x8 := newLineIndex(text, utf16), newLineIndex(text, utf8Bytes)
	for _, c := range []struct {
		off           int
		line, u16, u8 int
	}{
		{0, 0, 0, 0}, {1, 0, 1, 1}, {5, 0, 3, 5}, {6, 0, 4, 6}, // a, 🚀 (4 bytes, 2 units), b, \n
		{7, 1, 0, 0}, {10, 1, 1, 3}, {13, 1, 2, 6}, // 第, 三, \r
		{15, 2, 0, 0}, {16, 3, 0, 0}, {17, 3, 1, 1},
	} {
		if p := x16.position(c.off); int(p.Line) != c.line || int(p.Character) != c.u16 {
			t.Errorf("utf-16 position(%d) = %d:%d, want %d:%d", c.off, p.Line, p.Character, c.line, c.u16)
		}
		if p := x8.position(c.off); int(p.Line) != c.line || int(p.Character) != c.u8 {
			t.Errorf("utf-8 position(%d) = %d:%d, want %d:%d", c.off, p.Line, p.Character, c.line, c.u8)
		}
		if off := x16.offset(protocol.Position{Line: protocol.UInteger(c.line), Character: protocol.UInteger(c.u16)}); off != c.off {
			t.Errorf("utf-16 offset(%d:%d) = %d, want %d", c.line, c.u16, off, c.off)
		}
		if off := x8.offset(protocol.Position{Line: protocol.UInteger(c.line), Character: protocol.UInteger(c.u8)}); off != c.off {
			t.Errorf("utf-8 offset(%d:%d) = %d, want %d", c.line, c.u8, off, c.off)
		}
	}
	// Inside the surrogate pair: the emoji's start; inside its bytes: the same.
	if off := x16.offset(protocol.Position{Line: 0, Character: 2}); off != 1 {
		t.Errorf("utf-16 offset inside a surrogate pair = %d, want 1", off)
	}
	if off := x8.offset(protocol.Position{Line: 0, Character: 3}); off != 1 {
		t.Errorf("utf-8 offset inside a sequence = %d, want 1", off)
	}
	// Past the end of a line, and past the last line.
	if off := x16.offset(protocol.Position{Line: 0, Character: 99}); off != 6 {
		t.Errorf("offset past the line's end = %d, want 6", off)
	}
	if off := x16.offset(protocol.Position{Line: 9, Character: 0}); off != len(text) {
		t.Errorf("offset past the last line = %d, want %d", off, len(text))
	}
}

// inProcess is a server with a document open, called directly.
func inProcess(t *testing.T, path, lang, text string) (*Server, *document, *[]protocol.PublishDiagnosticsParams) {
	t.Helper()
	s := NewServer(Options{})
	var published []protocol.PublishDiagnosticsParams
	s.notify = func(method string, params any) {
		if p, ok := params.(protocol.PublishDiagnosticsParams); ok {
			published = append(published, p)
		}
	}
	u := protocol.DocumentUri((&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String())
	if err := s.didOpen(&glsp.Context{}, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: lang, Version: 1, Text: text}}); err != nil {
		t.Fatal(err)
	}
	return s, s.docs[u], &published
}

// TestCodeActionFixes: every fix a diagnostic carries is a quick fix with
// its edits in protocol positions, the first safe one preferred.
func TestCodeActionFixes(t *testing.T) {
	s, d, _ := inProcess(t, "/tmp/x.rose", "rosetta", "a1.1 Tell >b1 第三🚀 x\n")
	src := diag.NewSource("x.rose", d.text)
	// "Tell" at bytes 5-9; a second fix deletes the emoji at bytes 20-24.
	d.diags = diag.List{{Severity: diag.Error, Code: "P005", Message: "act in upper case", Span: src.Span(5, 9),
		Fixes: []diag.Fix{diag.Replace("write the act in lower case", diag.Safe, src.Span(5, 9), "tell"),
			diag.Replace("drop the emoji", diag.Review, src.Span(20, 24), "")}}}
	got, err := s.codeAction(&glsp.Context{}, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: d.uri},
		Range: protocol.Range{Start: protocol.Position{Line: 0, Character: 6}, End: protocol.Position{Line: 0, Character: 6}}})
	if err != nil {
		t.Fatal(err)
	}
	var fixes []protocol.CodeAction
	for _, a := range got.([]protocol.CodeAction) {
		if a.Kind != nil && *a.Kind == protocol.CodeActionKindQuickFix {
			fixes = append(fixes, a)
		}
	}
	if len(fixes) != 2 {
		t.Fatalf("quick fixes = %+v, want 2", fixes)
	}
	e := fixes[0].Edit.Changes[d.uri]
	if !*fixes[0].IsPreferred || *fixes[1].IsPreferred || len(e) != 1 || e[0].NewText != "tell" ||
		e[0].Range != (protocol.Range{Start: protocol.Position{Line: 0, Character: 5}, End: protocol.Position{Line: 0, Character: 9}}) {
		t.Errorf("first fix = %+v %+v", fixes[0], e)
	}
	// The emoji after 第三 at UTF-16 16-18.
	if e := fixes[1].Edit.Changes[d.uri]; len(e) != 1 || e[0].Range.Start.Character != 16 || e[0].Range.End.Character != 18 {
		t.Errorf("second fix's edit = %+v, want 0:16-0:18", e)
	}
	if !strings.Contains(fixes[0].Title, "P005") || len(fixes[0].Diagnostics) != 1 {
		t.Errorf("first fix = %+v", fixes[0])
	}
}

// TestConfiguration: the rosettac.yaml that governs a document's directory
// applies its per-code settings, as for rosettac check.
func TestConfiguration(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "rosettac.yaml"), []byte("disable: [W004]\nseverities:\n  E008: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := "a1.1 tell >b1 re=z9.9\n a x = 1\n"
	_, _, pub := inProcess(t, filepath.Join(dir, "t.rose"), "rosetta", text)
	_, _, plain := inProcess(t, filepath.Join(t.TempDir(), "t.rose"), "rosetta", text)
	find := func(p []protocol.PublishDiagnosticsParams, code string) *protocol.Diagnostic {
		for i, d := range p[len(p)-1].Diagnostics {
			if d.Code.Value == code {
				return &p[len(p)-1].Diagnostics[i]
			}
		}
		return nil
	}
	if find(*plain, "W004") == nil || *find(*plain, "E008").Severity != protocol.DiagnosticSeverityWarning {
		t.Fatalf("without a configuration: %+v", (*plain)[0].Diagnostics)
	}
	if find(*pub, "W004") != nil {
		t.Errorf("W004 is disabled by rosettac.yaml but published")
	}
	if d := find(*pub, "E008"); d == nil || *d.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("E008 is an error by rosettac.yaml: %+v", d)
	}
}
