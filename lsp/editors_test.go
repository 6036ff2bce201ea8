package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/rosettac/rosettac/ir"
)

const vscodeDir = "../editors/vscode"

// TestVSCodeExtension checks the VS Code extension folder: package.json has
// the fields VS Code needs (name, publisher, engines.vscode, main,
// activationEvents, contributes.languages and contributes.grammars), its
// languages are the server's language ids with their extensions, and every
// file it names exists and is what it says.
func TestVSCodeExtension(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(vscodeDir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Name             string
		Publisher        string
		Engines          map[string]string
		Main             string
		ActivationEvents []string
		Contributes      struct {
			Languages []struct {
				ID            string
				Extensions    []string
				Configuration string
			}
			Grammars []struct {
				Language  string
				ScopeName string
				Path      string
			}
		}
		Dependencies map[string]string
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Name != "rosettac" || pkg.Publisher == "" || !strings.HasPrefix(pkg.Engines["vscode"], "^1.") {
		t.Errorf("name %q, publisher %q, engines.vscode %q", pkg.Name, pkg.Publisher, pkg.Engines["vscode"])
	}
	if pkg.Dependencies["vscode-languageclient"] == "" {
		t.Errorf("no vscode-languageclient dependency: the extension requires it")
	}
	mainJS, err := os.ReadFile(filepath.Join(vscodeDir, pkg.Main))
	if err != nil {
		t.Fatalf("main %q: %v", pkg.Main, err)
	}
	if !strings.Contains(string(mainJS), `args: ["lsp"]`) || !strings.Contains(string(mainJS), "vscode-languageclient/node") {
		t.Errorf("%s does not start rosettac lsp through the language client", pkg.Main)
	}
	want := map[string]string{"rosetta": ".rose", "lingua": ".lingua", "agentdsl": ".adsl"}
	if len(pkg.Contributes.Languages) != len(want) {
		t.Errorf("contributes.languages has %d languages, want %d", len(pkg.Contributes.Languages), len(want))
	}
	for _, l := range pkg.Contributes.Languages {
		ext, ok := want[l.ID]
		if !ok || !slices.Equal(l.Extensions, []string{ext}) {
			t.Errorf("language %q with extensions %v, want one of %v", l.ID, l.Extensions, want)
			continue
		}
		// The server reads the same id and extension as the same language.
		byID, _ := languageOf(l.ID, "")
		byExt, _ := languageOf("", protocol.DocumentUri("file:///x"+ext))
		if byID == "" || byID != byExt {
			t.Errorf("the server reads id %q as %q and %s as %q", l.ID, byID, ext, byExt)
		}
		if !slices.Contains(pkg.ActivationEvents, "onLanguage:"+l.ID) {
			t.Errorf("activationEvents lacks onLanguage:%s", l.ID)
		}
		if _, err := os.Stat(filepath.Join(vscodeDir, l.Configuration)); err != nil {
			t.Errorf("language %s: %v", l.ID, err)
		}
	}
	if len(pkg.Contributes.Grammars) != len(want) {
		t.Errorf("contributes.grammars has %d grammars, want %d", len(pkg.Contributes.Grammars), len(want))
	}
	samples := map[string]map[string]string{ // a line, and a scope some pattern must give it
		"rosetta":  {"a1.7 tell >b1 re=a1.6 #ops": "keyword.control.act.rosetta", " a x = 1 ~hi": "constant.numeric.confidence.rosetta"},
		"lingua":   {"👽737|@1|#sess-42|$e:AQEB": "keyword.control.marker.lingua"},
		"agentdsl": {"[SCHEMA:CUSTOMER]": "entity.name.type.schema.agentdsl", "ID:int|NAME:str": "storage.type.agentdsl"},
	}
	for _, g := range pkg.Contributes.Grammars {
		if _, ok := want[g.Language]; !ok {
			t.Errorf("grammar for unknown language %q", g.Language)
			continue
		}
		data, err := os.ReadFile(filepath.Join(vscodeDir, g.Path))
		if err != nil {
			t.Errorf("grammar %s: %v", g.Language, err)
			continue
		}
		var tm map[string]any
		if err := json.Unmarshal(data, &tm); err != nil {
			t.Errorf("%s: %v", g.Path, err)
			continue
		}
		if tm["scopeName"] != g.ScopeName || g.ScopeName != "source."+g.Language {
			t.Errorf("%s: scopeName %v, package.json says %q", g.Path, tm["scopeName"], g.ScopeName)
		}
		// Every pattern compiles (these use only what RE2 and Oniguruma
		// share), and the sample lines get their scopes.
		var res []*regexp.Regexp
		var scopes [][]string
		walkPatterns(tm, func(match string, names []string) {
			re, err := regexp.Compile(match)
			if err != nil {
				t.Errorf("%s: %q: %v", g.Path, match, err)
				return
			}
			res, scopes = append(res, re), append(scopes, names)
		})
		for line, scope := range samples[g.Language] {
			ok := false
			for i, re := range res {
				ok = ok || re.MatchString(line) && slices.Contains(scopes[i], scope)
			}
			if !ok {
				t.Errorf("%s: no pattern gives %q the scope %s", g.Path, line, scope)
			}
		}
	}
	// The languages the extension declares are every language the server reads.
	for _, l := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL} {
		if _, ok := want[string(l)]; !ok {
			t.Errorf("language %s has no VS Code entry", l)
		}
	}
}

// walkPatterns calls f with every "match" of a TextMate grammar and the
// scope names of that pattern and its captures.
func walkPatterns(v any, f func(match string, names []string)) {
	switch v := v.(type) {
	case map[string]any:
		if m, ok := v["match"].(string); ok {
			var names []string
			collectNames(v, &names)
			f(m, names)
		}
		for _, x := range v {
			walkPatterns(x, f)
		}
	case []any:
		for _, x := range v {
			walkPatterns(x, f)
		}
	}
}

func collectNames(v any, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		if n, ok := v["name"].(string); ok {
			*out = append(*out, n)
		}
		for k, x := range v {
			if k != "patterns" {
				collectNames(x, out)
			}
		}
	}
}
