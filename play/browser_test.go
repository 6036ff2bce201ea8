package play

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// chromium is Debian's Chromium, or the test skips (fails under
// ROSETTAC_REQUIRE_TOOLS=1, as CI sets it).
func chromium(t *testing.T) string {
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("ROSETTAC_REQUIRE_TOOLS") == "1" {
		t.Fatal("chromium is missing and ROSETTAC_REQUIRE_TOOLS=1: apt-get install -y chromium")
	}
	t.Skip("chromium is missing (apt-get install -y chromium): the browser test does not run")
	return ""
}

var (
	nativeOnce sync.Once
	nativeBin  string
	nativeErr  error
)

// native runs the native rosettac (built once per test binary) on stdin: the
// page must show exactly what it prints.
func native(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	nativeOnce.Do(func() {
		wd, _ := os.Getwd()
		root, err := ModuleRoot(wd)
		if err != nil {
			nativeErr = err
			return
		}
		dir, err := os.MkdirTemp("", "rosettac-play-native")
		if err != nil {
			nativeErr = err
			return
		}
		nativeBin = filepath.Join(dir, "rosettac")
		cmd := exec.Command("go", "build", "-o", nativeBin, "./cmd/rosettac")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			nativeErr = fmt.Errorf("go build ./cmd/rosettac: %v\n%s", err, out)
		}
	})
	if nativeErr != nil {
		t.Fatal(nativeErr)
	}
	cmd := exec.Command(nativeBin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Dir = t.TempDir()
	out, _ := cmd.Output() // a non-zero exit (errors found) still prints the result
	return out
}

// page is one headless Chromium tab on the playground.
type page struct {
	t   *testing.T
	ctx context.Context
	out string // the artifact directory: screenshots and figures
}

func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](p *page, what, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// checks is how many checks the page has finished (body's data-checked).
func (p *page) checks() int {
	return eval[int](p, "data-checked", `Number(document.body.dataset.checked || 0)`)
}

// waitCheck waits until the page has finished a check after the first
// `after` ones.
func (p *page) waitCheck(what string, after int) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`Number(document.body.dataset.checked || 0) > %d`, after), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// open puts src into the page through the URL fragment and waits for its check.
func (p *page) open(src []byte, rest string) {
	p.t.Helper()
	n := p.checks()
	frag := "src=" + base64.RawURLEncoding.EncodeToString(src) + rest
	eval[chromedp.Void](p, "set the fragment", fmt.Sprintf(`location.hash = %q`, frag))
	p.waitCheck("check after "+rest, n)
}

// tab clicks an output tab and waits for its check.
func (p *page) tab(name string) {
	p.t.Helper()
	n := p.checks()
	p.do("tab "+name, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#tabs button[data-tab=%q]`, name))))
	p.waitCheck("tab "+name, n)
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return eval[string](p, "text of "+sel, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

func (p *page) editorText() string {
	p.t.Helper()
	return eval[string](p, "editor text", `rosettacPage.editor.text()`)
}

func (p *page) diagCodes() []string {
	p.t.Helper()
	return eval[[]string](p, "diagnostic codes", `[...document.querySelectorAll("#diags li.diag")].map((li) => li.dataset.code)`)
}

func (p *page) screenshot(name string) {
	p.t.Helper()
	shot, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100) /* 100: PNG */)
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(p.out, name+".png"), shot, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// TestBrowser loads the page in headless Chromium and drives it as a person
// would: every example through the fragment (diagnostics, the rendering, a
// translation, the token counts against the native rosettac tokens), every
// tab with a screenshot, one fix applied with a click, a pasted key kept out
// of the URL, and a 10,000-message transcript (over 1 MB) for the longest
// main-thread task and the time to re-check. The figures are logged and
// written to the artifact directory; none is asserted (this machine's load
// varies too much for a time limit to mean anything).
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	s := testSite(t)
	h, err := s.Handler()
	if err != nil {
		t.Fatal(err)
	}
	// The large transcript is fetched by the page from the test's server
	// (not pasted through the DevTools protocol, whose message the page's
	// main thread would decode as part of the long tasks measured).
	big := transcript(10000)
	mux := http.NewServeMux()
	mux.Handle("/", h)
	mux.HandleFunc("/test/transcript", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(big)) })
	srv := httptest.NewServer(mux) // 127.0.0.1, a free port
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 15*time.Minute)
	defer cancel()
	p := &page{t: t, ctx: ctx, out: t.ArtifactDir()}
	figures := map[string]string{}

	// Every request the page and its workers make, for "no network once
	// loaded": all of them must go to rosettac play's own server.
	var reqMu sync.Mutex
	var requests []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			reqMu.Lock()
			requests = append(requests, e.Request.URL)
			reqMu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}

	p.do("load", chromedp.Navigate(srv.URL+"/"))
	p.waitCheck("the first check", 0)
	figures["first diagnostics after load (ms)"] = eval[string](p, "first diagnostics", `document.body.dataset.firstDiagnosticsMs`)

	t.Run("examples", func(t *testing.T) {
		names, err := s.examples()
		if err != nil || len(names) == 0 {
			t.Fatalf("examples: %v %v", names, err)
		}
		for _, name := range names {
			src, err := os.ReadFile(filepath.Join(s.Examples, name))
			if err != nil {
				t.Fatal(err)
			}
			p.t = t
			p.open(src, "&tab=render")
			var want struct{ Diagnostics []struct{ Code string } }
			if err := json.Unmarshal(native(t, src, "check", "--format", "json", "-"), &want); err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, d := range want.Diagnostics {
				codes = append(codes, d.Code)
			}
			if got := p.diagCodes(); !slices.Equal(got, codes) {
				t.Errorf("%s: the page lists diagnostics %v, rosettac check %v", name, got, codes)
			}
			if wantOut := strings.TrimSpace(string(native(t, src, "render", "--lang", "en", "-"))); wantOut != "" && !strings.Contains(p.text("#out"), firstLine(wantOut)) {
				t.Errorf("%s: the render tab shows %.200q, want rosettac render's %.200q", name, p.text("#out"), wantOut)
			}
			p.tab("translate")
			if got, want := strings.TrimSpace(p.text("#out")), strings.TrimSpace(string(native(t, src, "translate", "--to", "json", "-"))); want != "" && !strings.HasPrefix(got, want) {
				t.Errorf("%s: the translate tab shows %.200q, want rosettac translate's %.200q", name, got, want)
			}
			p.tab("tokens")
			var got, nat any
			// #out is the command's stdout, then its stderr (a summary line
			// for some inputs): the JSON is the first value.
			if err := json.NewDecoder(strings.NewReader(p.text("#out"))).Decode(&got); err != nil {
				t.Fatalf("%s: the tokens tab: %v in %.200q", name, err, p.text("#out"))
			}
			if err := json.Unmarshal(native(t, src, "tokens", "--format", "json", "--by", "component", "-"), &nat); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, nat) {
				t.Errorf("%s: the page counts %v, rosettac tokens %v", name, got, nat)
			}
			if bars := eval[int](p, "bars", `document.querySelectorAll("#chart .side[data-side=input] .total").length`); bars != 2 {
				t.Errorf("%s: %d total bars for the input, want one per encoding", name, bars)
			}
			// The side-by-side view: the JSON translation's total is
			// rosettac tokens' total of rosettac translate's output.
			if asJSON := native(t, src, "translate", "--to", "json", "-"); len(asJSON) > 0 {
				var want struct {
					Files []struct{ Encodings []struct{ Total int } }
				}
				if err := json.Unmarshal(native(t, asJSON, "tokens", "--format", "json", "--from", "json", "-"), &want); err != nil {
					t.Fatal(err)
				}
				got := eval[string](p, "the json side", `document.querySelector("#chart .side[data-side=json] .total[data-encoding=o200k_base]")?.textContent || ""`)
				if wantText := fmt.Sprintf("o200k_base %d", want.Files[0].Encodings[0].Total); strings.TrimSpace(got) != wantText {
					t.Errorf("%s: the JSON translation's bar says %q, want %q (rosettac translate --to json | rosettac tokens)", name, got, wantText)
				}
			}
		}
	})

	t.Run("tabs", func(t *testing.T) {
		p.t = t
		src, _ := os.ReadFile(filepath.Join(s.Examples, "incident.rose"))
		adsl, _ := os.ReadFile(filepath.Join(s.Examples, "weather.adsl"))
		for _, tc := range []struct {
			tab  string
			src  []byte
			want string
		}{
			{"render", src, "Question"},
			{"fmt", src, "a3.12 ask >a1"},
			{"translate", src, `"format":"rosetta"`},
			{"ir", src, `"schema":"rosettac.ir/v2"`},
			{"go", adsl, string(native(t, adsl, "gen", "go", "--package", "playground", "-"))},
			{"repair", src, "0 errors"},
			{"tokens", src, `"o200k_base"`},
		} {
			p.open(tc.src, "&tab="+tc.tab)
			if tc.tab == "go" && !strings.HasPrefix(tc.want, "// Code generated by rosettac") {
				t.Fatalf("rosettac gen go printed %.200q, not Go", tc.want)
			}
			if text := p.text("#out"); !strings.Contains(text, tc.want) {
				t.Errorf("tab %s shows %.300q, want %q", tc.tab, text, tc.want)
			}
			if status := p.text("#status"); !strings.HasPrefix(status, "checked in") {
				t.Errorf("tab %s: status %q", tc.tab, status)
			}
			p.screenshot(tc.tab)
		}
	})

	t.Run("view", func(t *testing.T) {
		p.t = t
		src, _ := os.ReadFile(filepath.Join(s.Examples, "incident.rose"))
		p.open(src, "&tab=render")
		n := p.checks()
		eval[chromedp.Void](p, "choose a view", `(() => { const v = document.getElementById("view"); v.value = "decision"; v.dispatchEvent(new Event("change")); })()`)
		p.waitCheck("check with --view decision", n)
		want := strings.TrimSpace(string(native(t, src, "render", "--view", "decision", "-")))
		if got := strings.TrimSpace(p.text("#out")); got != want {
			t.Errorf("the decision view shows %.300q, rosettac render --view decision %.300q", got, want)
		}
		eval[chromedp.Void](p, "back to full", `document.getElementById("view").value = "full"`)
	})

	t.Run("fragment", func(t *testing.T) {
		p.t = t
		src, _ := os.ReadFile(filepath.Join(s.Examples, "incident.rose"))
		// Every key is read: the selects hold them and the output is
		// what the CLI prints with those flags.
		p.open(src, "&from=rosetta&lang=zh&view=decision&tab=render")
		state := `["from", "lang", "view", "to"].map((k) => document.getElementById(k).value).join(" ") + " " + document.querySelector("#tabs button.on").dataset.tab`
		if got := eval[string](p, "the page's state", state); got != "rosetta zh decision json render" {
			t.Errorf("after #...&from=rosetta&lang=zh&view=decision&tab=render the page is %q", got)
		}
		want := strings.TrimSpace(string(native(t, src, "render", "--lang", "zh", "--view", "decision", "--from", "rosetta", "-")))
		if got := strings.TrimSpace(p.text("#out")); got != want {
			t.Errorf("the zh decision view shows %.300q, rosettac render --lang zh --view decision %.300q", got, want)
		}
		// ... and written back, the input's bytes as unpadded base64url.
		frag := eval[string](p, "the fragment", `location.hash.slice(1)`)
		if want := "src=" + base64.RawURLEncoding.EncodeToString(src) + "&from=rosetta&lang=zh&view=decision&tab=render"; frag != want {
			t.Errorf("the fragment is %.300q, want %.300q", frag, want)
		}
		p.open(src, "&from=lingua&tab=translate&to=lingua")
		if got := eval[string](p, "the page's state", state); got != "lingua en full lingua translate" {
			t.Errorf("after #...&from=lingua&tab=translate&to=lingua the page is %q (a key left out is its default)", got)
		}
		p.open(src, "&tab=translate&to=toon")
		if got, want := strings.TrimSpace(p.text("#out")), strings.TrimSpace(string(native(t, src, "translate", "--to", "toon", "-"))); got != want {
			t.Errorf("#...&tab=translate&to=toon shows %.300q, rosettac translate --to toon %.300q", got, want)
		}
		if frag := eval[string](p, "the fragment", `location.hash.slice(1)`); !strings.HasSuffix(frag, "&tab=translate&to=toon") {
			t.Errorf("the fragment is %.300q, want it to end &tab=translate&to=toon", frag)
		}
		// A choice in the page is written to the fragment.
		n := p.checks()
		eval[chromedp.Void](p, "choose zh", `(() => { const v = document.getElementById("lang"); v.value = "zh"; v.dispatchEvent(new Event("change")); })()`)
		p.waitCheck("check in zh", n)
		if frag := eval[string](p, "the fragment", `location.hash.slice(1)`); !strings.Contains(frag, "&lang=zh&") {
			t.Errorf("after choosing zh the fragment is %.300q", frag)
		}
		for _, tab := range []string{"render", "fmt", "translate", "ir", "go", "repair", "tokens"} {
			p.open(src, "&tab="+tab)
			if got := eval[string](p, "the tab", `document.querySelector("#tabs button.on").dataset.tab`); got != tab {
				t.Errorf("#...&tab=%s opens the %s tab", tab, got)
			}
		}
	})

	t.Run("fix", func(t *testing.T) {
		p.t = t
		src := []byte("**a1.1 tell >wx**\n q what changed?\n unk []\n")
		p.open(src, "&tab=fmt")
		if codes := p.diagCodes(); !slices.Contains(codes, "P016") {
			t.Fatalf("diagnostics %v, want P016 (decoration around a header)", codes)
		}
		// The diagnostics are marked in the editor's text, not only listed.
		if marks := eval[int](p, "underlines", `document.querySelectorAll("#editor .cm-lintRange").length`); marks == 0 {
			t.Errorf("no diagnostic is underlined in the editor")
		}
		n := p.checks()
		p.do("click the fix", chromedp.Click(chromedp.CSS(`#diags button.fix[data-code="P016"]`)))
		p.waitCheck("check after the fix", n)
		want := string(native(t, src, "fix", "-"))
		if got := p.editorText(); got != want {
			t.Errorf("after the click the editor holds %q, rosettac fix prints %q", got, want)
		}
		if codes := p.diagCodes(); slices.Contains(codes, "P016") {
			t.Errorf("P016 is still listed after its fix: %v", codes)
		}
		p.screenshot("fixed")
	})

	t.Run("key", func(t *testing.T) {
		p.t = t
		src, _ := os.ReadFile(filepath.Join(s.Examples, "handshake.lingua"))
		key, err := os.ReadFile(filepath.Join(s.Examples, "handshake.alice.key"))
		if err != nil {
			t.Fatal(err)
		}
		p.open(src, "&tab=render")
		n := p.checks()
		eval[chromedp.Void](p, "paste the key", fmt.Sprintf(`(() => { const k = document.getElementById("key"); k.value = %s; k.dispatchEvent(new Event("change")); })()`, jsString(string(key))))
		p.waitCheck("check with the key", n)
		href := eval[string](p, "location", `location.href`)
		secret := strings.TrimSpace(string(key))
		if strings.Contains(href, base64.RawURLEncoding.EncodeToString(key)) || strings.Contains(href, secret) || strings.Contains(href, "key") {
			t.Errorf("the pasted key is in the URL: %s", href)
		}
	})

	t.Run("menu", func(t *testing.T) {
		p.t = t
		src, _ := os.ReadFile(filepath.Join(s.Examples, "weather.adsl"))
		p.open([]byte("a1.1 note >a2\n q small\n"), "&tab=render")
		n := p.checks()
		eval[chromedp.Void](p, "choose an example", `(() => { const m = document.getElementById("examples"); m.value = "weather.adsl"; m.dispatchEvent(new Event("change")); })()`)
		p.waitCheck("check of the example", n)
		if got := p.editorText(); got != string(src) {
			t.Errorf("after choosing weather.adsl the editor holds %.200q, want the file's %.200q", got, src)
		}
		options := eval[[]string](p, "the menu", `[...document.querySelectorAll("#examples option")].slice(1).map((o) => o.value)`)
		if names, _ := s.examples(); !slices.Equal(options, names) {
			t.Errorf("the menu lists %v, examples/ holds %v", options, names)
		}
	})

	// The static build (rosettac play --build DIR) served by a plain file
	// server: the same page, checking and rendering.
	t.Run("static", func(t *testing.T) {
		p.t = t
		dir := t.TempDir()
		if err := s.WriteStatic(dir); err != nil {
			t.Fatal(err)
		}
		static := httptest.NewServer(http.FileServer(http.Dir(dir)))
		defer static.Close()
		src, _ := os.ReadFile(filepath.Join(s.Examples, "incident.rose"))
		p.do("load the static build", chromedp.Navigate(static.URL+"/#src="+base64.RawURLEncoding.EncodeToString(src)+"&tab=render"))
		p.waitCheck("the static build's first check", 0)
		want := strings.TrimSpace(string(native(t, src, "render", "-")))
		if got := strings.TrimSpace(p.text("#out")); got != want {
			t.Errorf("the static build renders %.300q, rosettac render %.300q", got, want)
		}
		p.do("back", chromedp.Navigate(srv.URL+"/"))
		p.waitCheck("the first check again", 0)
	})

	t.Run("offline", func(t *testing.T) {
		p.t = t
		reqMu.Lock()
		defer reqMu.Unlock()
		// The page's requests come from the DevTools protocol; the workers'
		// (a target of their own each) from their resource timing.
		workers, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`rosettacPage.workerRequests()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("the workers' requests: %v", err)
		}
		var wasm bool
		for _, u := range append(slices.Clone(requests), workers...) {
			if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") && !strings.HasPrefix(u, "http://127.0.0.1:") {
				t.Errorf("the page requested %s: everything must come from rosettac play", u)
			}
			wasm = wasm || strings.HasSuffix(u, "/rosettac.wasm")
		}
		if !wasm {
			t.Errorf("the workers' requests were not seen (no rosettac.wasm among %d): the check shows nothing", len(workers))
		}
		t.Logf("%d requests of the page, %d of its workers, all to the loopback servers", len(requests), len(workers))
	})

	t.Run("large", func(t *testing.T) {
		p.t = t
		if len(big) < 1<<20 {
			t.Fatalf("the transcript is %d bytes, want over 1 MB", len(big))
		}
		p.open([]byte("a1.1 note >a2\n q small\n"), "&tab=render")
		n := p.checks()
		eval[chromedp.Void](p, "paste 1 MB", `fetch("/test/transcript").then((r) => r.text()).then((big) => setTimeout(() => {
			// From here: the fetch and its decoding are the test's, not the page's.
			rosettacMeasureFrom = performance.now(); rosettacFrames.length = 0;
			const t0 = performance.now();
			rosettacPage.setText(big).then(() => { document.body.dataset.pasteMs = (performance.now() - t0).toFixed(0); });
		}, 0))`)
		p.waitCheck("check of 1 MB", n)
		if got := eval[int](p, "editor length", `rosettacPage.editor.view.state.doc.length`); got != len([]rune(big)) {
			t.Fatalf("the editor holds %d characters after the paste, want %d", got, len([]rune(big)))
		}
		if p.editorText() != big {
			t.Fatal("the editor's text is not the transcript pasted in slices")
		}
		frames := eval[string](p, "long frames", `JSON.stringify(rosettacFrames.filter((f) => f.start >= rosettacMeasureFrom).sort((a, b) => b.duration - a.duration).slice(0, 3))`)
		longest := eval[float64](p, "long tasks", `Math.max(0, ...rosettacLongTasks.filter((e) => e.start >= rosettacMeasureFrom).map((e) => e.ms))`)
		checkMs := eval[string](p, "check time", `document.body.dataset.checkMs`)
		diags := eval[string](p, "diagnostics", `document.getElementById("status").dataset.diags`)
		figures["10,000 messages (bytes)"] = fmt.Sprint(len(big))
		figures["10,000 messages: longest main-thread task while it checks (ms)"] = fmt.Sprintf("%.0f", longest)
		figures["10,000 messages: first check in the worker (ms)"] = checkMs
		figures["10,000 messages: the paste into the editor, in 32 KiB slices (ms, first to last)"] = eval[string](p, "paste time", `document.body.dataset.pasteMs`)
		figures["10,000 messages: the longest animation frames while it checks"] = frames
		if diags != "0" {
			t.Errorf("the generated transcript has %s diagnostics, want 0", diags)
		}
		// Re-check after one edit at the end, as typing would.
		n = p.checks()
		eval[chromedp.Void](p, "type", `(() => { rosettacMeasureFrom = performance.now(); rosettacFrames.length = 0; const v = rosettacPage.editor.view; v.dispatch({changes: {from: v.state.doc.length, insert: "\n"}}); })()`)
		p.waitCheck("re-check of 1 MB", n)
		checkMs = eval[string](p, "re-check time", `document.body.dataset.checkMs`)
		roundTrip := eval[string](p, "round trip", `document.body.dataset.roundTripMs`)
		longest = eval[float64](p, "long tasks", `Math.max(0, ...rosettacLongTasks.filter((e) => e.start >= rosettacMeasureFrom).map((e) => e.ms))`)
		figures["10,000 messages: re-check after an edit, in the worker (ms)"] = checkMs
		figures["10,000 messages: re-check after an edit, page round trip (ms)"] = roundTrip
		figures["10,000 messages: longest main-thread task while it re-checks (ms)"] = fmt.Sprintf("%.0f", longest)
		figures["10,000 messages: showing the results of the re-check (ms, first block to last)"] = eval[string](p, "show time", `document.body.dataset.showMs`)
		figures["10,000 messages: the longest animation frames while it re-checks"] = eval[string](p, "long frames", `JSON.stringify(rosettacFrames.filter((f) => f.start >= rosettacMeasureFrom).sort((a, b) => b.duration - a.duration).slice(0, 3))`)
		if load, err := os.ReadFile("/proc/loadavg"); err == nil {
			figures["load average (1, 5, 15 min) at the end"] = strings.Join(strings.Fields(string(load))[:3], " ")
		}
		p.screenshot("large")
	})

	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(figures)) {
		fmt.Fprintf(&b, "%s: %s\n", k, figures[k])
	}
	t.Logf("figures (under this machine's load):\n%s", b.String())
	if err := os.WriteFile(filepath.Join(p.out, "figures.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// transcript is n Rosetta messages, asks and their answers, with no
// diagnostics: the shape of a long agent conversation.
func transcript(n int) string {
	var b strings.Builder
	for i := 1; i <= n/2; i++ {
		ts := time.Date(2026, 8, 26, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute)
		fmt.Fprintf(&b, "a1.%d ask >a2 at=%s\n q why is request %d slow on shard %d of the cluster?\n want {cause, fix}\n\n", i, ts.Format(time.RFC3339), i, i%97)
		fmt.Fprintf(&b, "a2.%d tell re=a1.%d at=%s\n a cause = cache miss on shard %d ~hi\n   fix = warm the cache before the deploy ~mid\n why the miss rate rose from 2%% to 40%% at the deploy\n unk []\n\n", i, i, ts.Add(30*time.Second).Format(time.RFC3339), i%97)
	}
	return b.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
