package config

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// matchAny reports whether the slash-separated relative path rel matches
// one of the globs.
func matchAny(globs []string, rel string) bool {
	for _, g := range globs {
		if matchGlob(g, rel) {
			return true
		}
	}
	return false
}

// matchGlob matches a glob against a slash-separated path element by
// element: ** matches any number of elements (none included), the rest is
// path.Match within one element. A glob without a / matches the file's base
// name at any depth, as .gitignore does (*.lingua is every Lingua file).
func matchGlob(glob, rel string) bool {
	glob = strings.TrimPrefix(glob, "./")
	if !strings.Contains(glob, "/") {
		glob = "**/" + glob
	}
	return matchElems(strings.Split(glob, "/"), strings.Split(rel, "/"))
}

func matchElems(g, p []string) bool {
	for len(g) > 0 {
		if g[0] == "**" {
			for i := 0; i <= len(p); i++ {
				if matchElems(g[1:], p[i:]) {
					return true
				}
			}
			return false
		}
		if len(p) == 0 {
			return false
		}
		if ok, _ := path.Match(g[0], p[0]); !ok {
			return false
		}
		g, p = g[1:], p[1:]
	}
	return len(p) == 0
}

// validGlob checks a glob's syntax.
func validGlob(g string) error {
	if g == "" {
		return fmt.Errorf("an empty glob matches nothing")
	}
	if strings.HasPrefix(g, "/") || strings.Contains(g, "\\") {
		return fmt.Errorf("glob %q must be relative to the configuration file and use / as separator", g)
	}
	for _, e := range strings.Split(g, "/") {
		if e == "**" {
			continue
		}
		if _, err := path.Match(e, ""); err != nil {
			return fmt.Errorf("glob %q is malformed: %v", g, err)
		}
	}
	return nil
}

// agentRe is spec §5.3's agent-id.
var agentRe = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

var nameRe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// validTarget checks a route target as a send rule writes it.
func validTarget(t string) error {
	switch {
	case t == "*", agentRe.MatchString(t):
		return nil
	case strings.HasPrefix(t, "#"):
		return validTopic(t[1:])
	}
	for _, p := range []string{"@role:", "@grp:", "@tool:"} {
		if n, ok := strings.CutPrefix(t, p); ok && nameRe.MatchString(n) {
			return nil
		}
	}
	return fmt.Errorf("%q is not a route target (an agent id, *, #topic, @role:x, @grp:y or @tool:z)", t)
}

// validTopic checks a topic name (without #), allowing a trailing .* for a
// subtree and * alone for any.
func validTopic(t string) error {
	t = strings.TrimPrefix(t, "#")
	if t == "*" {
		return nil
	}
	t = strings.TrimSuffix(t, ".*")
	for _, e := range strings.Split(t, ".") {
		if !nameRe.MatchString(e) {
			return fmt.Errorf("%q is not a topic (names joined by dots, like CKO.5xx; a trailing .* matches a subtree)", t)
		}
	}
	return nil
}
