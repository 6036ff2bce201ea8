package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Find returns the configuration file that governs a file in dir: the first
// directory from dir up to the root holding one of Names. It returns "" when
// there is none. A directory holding both names is an error: which one
// counts must not depend on a rule the user has to look up.
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		var found []string
		for _, n := range Names {
			p := filepath.Join(d, n)
			fi, err := os.Stat(p)
			if err == nil && !fi.IsDir() {
				found = append(found, p)
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
				return "", fmt.Errorf("cannot look for a configuration file: %v", err)
			}
		}
		if len(found) > 1 {
			return "", fmt.Errorf("%s and %s are both present: keep one", found[0], found[1])
		}
		if len(found) == 1 {
			return found[0], nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", nil
		}
		d = up
	}
}

// Rel returns a file's path relative to the configuration's directory with
// "/" separators, as override globs match it, or "" when the file is not
// under that directory (or is standard input, named "-").
func (c *Config) Rel(file string) string {
	if c == nil || c.Dir == "" || file == "-" || file == "" {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(c.Dir, abs)
	if err != nil || rel == ".." || len(rel) > 3 && rel[:3] == ".."+string(filepath.Separator) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// Resolve returns a path the configuration names (a key file, a creds
// file) relative to the configuration's directory, so a file works the
// same from whatever directory rosettac runs in. An absolute path or one
// of a configuration with no directory is returned as it is.
func (c *Config) Resolve(p string) string {
	if p == "" || c == nil || c.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}
