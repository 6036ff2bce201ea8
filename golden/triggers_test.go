package golden

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/docs"
	"github.com/rosettac/rosettac/emit/agentcard"
	"github.com/rosettac/rosettac/emit/gogen"
	"github.com/rosettac/rosettac/emit/jsonschema"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// untriggerable are the documented codes no input to the compiler's
// pipeline (check, translate, gen go) can produce, each with why and the
// test that asserts it where it does arise. Nothing else may be left out: a
// code here that some input does produce fails the test, so the list only
// shrinks.
var untriggerable = map[string]string{
	// The front-end table: every language the compiler reads has a front
	// end and a human renderer; these guard a row added without one.
	"F004": "a language with no front end (the CLI's --from takes only the table's names)",
	"R001": "a language with no human renderer (every front end's language has one)",
	// The live mesh: codes of the gateway about traffic in flight, not about
	// a document (mesh's tests and cmd/rosettac TestMesh assert them).
	"M001": "the mesh gateway", "M002": "the mesh gateway", "M003": "the mesh gateway",
	"M004": "the mesh gateway", "M005": "the mesh gateway", "M006": "the mesh gateway",
	"M007": "the mesh gateway", "M008": "the mesh gateway",
	// Translation: T000 is a pair the CLI refuses (translate --to a2a of a
	// non-Rosetta input, --to json of data JSON); T028 a translation that
	// does not read back, a bug in rosettac that no input is meant to reach.
	"T000": "translate --to a2a of a non-Rosetta input (cmd/rosettac script translate_a2a)",
	"T028": "a bug in rosettac, never expected (golden TestTranslationCatalogue)",
}

// TestEveryCodeTriggered proves that each code the catalogue pages document
// (docs.Catalogue) is produced by some input: every entry of
// testdata/codes.txtar must produce the code it is named after, and every
// documented code must be produced by one of them, by an input of the
// repository's golden corpora and examples, or be listed in untriggerable
// with the reason. (TestCatalogue only checks that a code is mentioned.)
func TestEveryCodeTriggered(t *testing.T) {
	needParser(t)
	produced := map[string]string{} // code -> an input that produces it
	root := moduleRoot(t)
	ar := readArchive(t, "testdata/codes.txtar")
	opts := map[string][]byte{}
	for _, f := range ar.Files {
		if base, ok := strings.CutSuffix(f.Name, ".opts"); ok {
			opts[base] = f.Data
		}
	}
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".opts") {
			continue
		}
		code, _, _ := strings.Cut(f.Name, ".")
		opt := codeOptions(t, root, f.Name, opts[code])
		got := pipelineCodes(f.Name, f.Data, opt)
		if !got[code] {
			t.Errorf("codes.txtar: %s does not produce %s; it produces %v", f.Name, code, slices.Sorted(maps.Keys(got)))
		}
		for c := range got {
			if _, ok := produced[c]; !ok {
				produced[c] = "codes.txtar " + f.Name
			}
		}
	}
	for name, data := range corpusInputs(t, root) {
		for c := range pipelineCodes(name, data, stageOptions{}) {
			if _, ok := produced[c]; !ok {
				produced[c] = name
			}
		}
	}
	cat := docs.Catalogue()
	for _, c := range slices.Sorted(maps.Keys(cat)) {
		why, exempt := untriggerable[c]
		switch at, ok := produced[c]; {
		case ok && exempt:
			t.Errorf("%s is listed as not produced by any input (%s), but %s produces it: take it off the list", c, why, at)
		case !ok && !exempt:
			t.Errorf("no input produces %s (%s): add one to testdata/codes.txtar", c, cat[c].Page)
		}
	}
	for c := range untriggerable {
		if _, ok := cat[c]; !ok {
			t.Errorf("%s is listed in untriggerable but documented on no catalogue page", c)
		}
	}
}

// stageOptions are the options of the stages pipelineCodes runs.
type stageOptions struct {
	compiler.Options
	render  text.Options
	maxLine int64 // > 0: also check from a reader with this line limit
}

// codeOptions reads the options section of a codes.txtar entry: lines
// key=value, for psk, session, key (the key file's contents), keyfile (a
// key file's path from the module root), livelock, maxinflatetotal,
// maxbytes, maxline (check from a reader too), view and msg (render).
func codeOptions(t *testing.T, root, name string, text []byte) stageOptions {
	t.Helper()
	var opt stageOptions
	for _, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		var err error
		switch k {
		case "":
		case "psk":
			opt.PSK = []byte(v)
		case "session":
			opt.SessionID = v
		case "key":
			opt.PrivateKey = []byte(v)
		case "keyfile":
			opt.PrivateKey, err = os.ReadFile(filepath.Join(root, v))
		case "livelock":
			opt.Livelock, err = strconv.Atoi(v)
		case "maxinflatetotal":
			opt.MaxInflateTotal, err = strconv.Atoi(v)
		case "maxbytes":
			opt.MaxBytes, err = strconv.ParseInt(v, 10, 64)
		case "maxline":
			opt.maxLine, err = strconv.ParseInt(v, 10, 64)
		case "view":
			opt.render.View = v
		case "msg":
			opt.render.Msg = v
		default:
			t.Fatalf("codes.txtar: %s.opts: unknown option %q", name, k)
		}
		if err != nil {
			t.Fatalf("codes.txtar: %s.opts: %v", name, err)
		}
	}
	return opt
}

// pipelineCodes runs an input through every stage it reaches without the
// CLI and returns the codes produced: Rosetta's or Lingua's data JSON read
// back to its language's text; check with opt (and from a reader, with
// maxline); translation to each language (decrypting); render; gen go, gen
// jsonschema and gen agentcard.
func pipelineCodes(name string, data []byte, opt stageOptions) map[string]bool {
	got := map[string]bool{}
	add := func(ds diag.List) {
		for _, d := range ds {
			got[d.Code] = true
		}
	}
	lang, ok := compiler.DetectByName(name)
	if !ok {
		return got
	}
	opt.From = lang
	if opt.maxLine > 0 {
		if check := compiler.ReaderCheck(lang); check != nil {
			if res, err := check("input", bytes.NewReader(data), opt.maxLine); err == nil {
				add(res.Diags)
			}
		}
	}
	res := compiler.Check("input", data, opt.Options)
	add(res.Diags)
	if res.Doc == nil {
		return got
	}
	for _, to := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON} {
		_, ds := translate.Translate(res.Doc, to, translate.Options{Decrypt: true})
		add(ds)
	}
	_, ds := text.Render(res.Doc, opt.render)
	add(ds)
	_, ds = gogen.Generate(res.Doc, gogen.Options{Package: "p"})
	add(ds)
	_, ds = jsonschema.Generate(res.Doc, jsonschema.Options{Source: "input"})
	add(ds)
	_, ds = agentcard.Generate([]ir.Document{res.Doc}, agentcard.Options{URL: "https://agent.example"})
	add(ds)
	return got
}

// corpusInputs are the inputs of the repository: every file with a
// language's extension, and every such section of a txtar archive (golden
// files, CLI scripts, benchmark cases), by path (and section name).
func corpusInputs(t *testing.T, root string) map[string][]byte {
	t.Helper()
	inputs := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		if filepath.Ext(path) == ".txtar" {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range ar.Files {
				if !strings.HasPrefix(f.Name, "out/") {
					inputs[rel+":"+f.Name] = f.Data
				}
			}
			return nil
		}
		if _, ok := compiler.DetectByName(path); ok || filepath.Ext(path) == ".json" {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			inputs[rel] = b
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 100 {
		t.Fatalf("found only %d inputs under %s; is the walk broken?", len(inputs), root)
	}
	return inputs
}
