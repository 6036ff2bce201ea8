// Package docs holds rosettac's documentation pages and reads the diagnostic
// catalogue out of them, so that a tool that explains a code (the language
// server's hovers) shows the very entry the pages give, with no copy to
// drift: a code's entry is its "### CODE" section, or its
// "| CODE | severity | meaning |" table row.
package docs

import (
	"embed"
	"regexp"
	"strings"
	"sync"
)

//go:embed *.md
var pages embed.FS

// CataloguePages are the pages that list diagnostic codes.
var CataloguePages = []string{"diagnostics.md", "lingua.md", "agentdsl.md", "gogen.md", "translation.md"}

// Entry is a diagnostic code's catalogue entry.
type Entry struct {
	Page string // the page that lists it: docs/diagnostics.md, docs/lingua.md, ...
	Text string // the entry as the page writes it (severity, meaning, example)
}

var (
	codeHeading = regexp.MustCompile(`^### ([A-Z]{1,2}[0-9]{3}[a-z]?|S[0-9]{1,2})$`)
	codeRow     = regexp.MustCompile(`^\| ([A-Z]{1,2}[0-9]{3}[a-z]?|S[0-9]{1,2}) \| ([a-z]+) \| (.*?) \|`)

	once      sync.Once
	catalogue map[string]Entry
)

// home is the page that owns a code's family (AD on agentdsl.md, L on
// lingua.md, G on gogen.md, T on translation.md, the rest on diagnostics.md).
func home(code string) string {
	switch {
	case strings.HasPrefix(code, "AD"):
		return "docs/agentdsl.md"
	case strings.HasPrefix(code, "L"):
		return "docs/lingua.md"
	case strings.HasPrefix(code, "G"):
		return "docs/gogen.md"
	case strings.HasPrefix(code, "T"):
		return "docs/translation.md"
	}
	return "docs/diagnostics.md"
}

// Catalogue returns every code's entry, read once from the embedded pages:
// a code listed on several pages has its entry from its family's page (home),
// or else from the first page that lists it.
func Catalogue() map[string]Entry {
	once.Do(func() {
		catalogue = map[string]Entry{}
		for _, page := range CataloguePages {
			data, err := pages.ReadFile(page)
			if err != nil {
				continue
			}
			lines := strings.Split(string(data), "\n")
			for i, line := range lines {
				code, text := "", ""
				if m := codeHeading.FindStringSubmatch(line); m != nil {
					var body []string
					for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "#"); j++ {
						body = append(body, lines[j])
					}
					code, text = m[1], strings.TrimSpace(strings.Join(body, "\n"))
				} else if m := codeRow.FindStringSubmatch(line); m != nil {
					code, text = m[1], m[2]+". "+strings.ReplaceAll(m[3], `\|`, "|")
				}
				if code == "" {
					continue
				}
				if e, dup := catalogue[code]; !dup || e.Page != home(code) && "docs/"+page == home(code) {
					catalogue[code] = Entry{Page: "docs/" + page, Text: text}
				}
			}
		}
	})
	return catalogue
}
