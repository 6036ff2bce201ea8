package play

import (
	"context"
	"encoding/base64"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// TestBrowser loads the page in headless Chromium, opens an example through
// the fragment on every tab and checks what the compiler in the page shows.
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	s := testSite(t)
	h, err := s.Handler()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h) // 127.0.0.1, a free port
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()

	src, err := os.ReadFile(filepath.Join(s.Examples, "incident.rose"))
	if err != nil {
		t.Fatal(err)
	}
	frag := "#src=" + base64.RawURLEncoding.EncodeToString(src)
	out := t.ArtifactDir()
	for _, tc := range []struct{ tab, want string }{
		{"render", "Question"},
		{"translate", `"format":"rosetta"`},
		{"ir", `"schema":"rosettac.ir/v1"`},
		{"repair", "0 errors"},
	} {
		if err := chromedp.Do(ctx,
			chromedp.Navigate(srv.URL+"/"+frag+"&tab="+tc.tab),
			chromedp.Reload(),
			chromedp.WaitVisible(`body[data-checked]`),
		); err != nil {
			t.Fatalf("tab %s: %v", tc.tab, err)
		}
		text, err := chromedp.Run(ctx, chromedp.Text(`#out`))
		if err != nil {
			t.Fatalf("tab %s: %v", tc.tab, err)
		}
		status, err := chromedp.Run(ctx, chromedp.Text(`#status`))
		if err != nil {
			t.Fatalf("tab %s: %v", tc.tab, err)
		}
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100) /* 100: PNG */)
		if err != nil {
			t.Fatalf("tab %s: %v", tc.tab, err)
		}
		if !strings.Contains(text, tc.want) {
			t.Errorf("tab %s shows %.300q, want %q", tc.tab, text, tc.want)
		}
		if !strings.HasPrefix(status, "checked in") {
			t.Errorf("tab %s: status %q", tc.tab, status)
		}
		if err := os.WriteFile(filepath.Join(out, tc.tab+".png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("tab %s: %s", tc.tab, status)
	}
}
