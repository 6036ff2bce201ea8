package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/diag"
)

// configs finds and reads the configuration files of one run: the one
// --config names, or for each input the rosettac.yaml found by walking up
// from its directory (the current directory for standard input). Each file
// is read once.
type configs struct {
	flag   string // --config FILE; "" finds one per input
	loaded map[string]*config.Config
	found  map[string]string // directory -> configuration path ("" for none)
}

// forFile returns the configuration that governs an input (nil for none).
func (cs *configs) forFile(name string) (*config.Config, error) {
	path := cs.flag
	if path == "" {
		dir := "."
		if name != "-" && name != "" && name != "<stdin>" {
			dir = filepath.Dir(name)
		}
		if cs.found == nil {
			cs.found = map[string]string{}
		}
		p, ok := cs.found[dir]
		if !ok {
			var err error
			if p, err = config.Find(dir); err != nil {
				return nil, err
			}
			p = shortPath(p)
			cs.found[dir] = p
		}
		if p == "" {
			return nil, nil
		}
		path = p
	}
	if c, ok := cs.loaded[path]; ok {
		return c, nil
	}
	c, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	if cs.loaded == nil {
		cs.loaded = map[string]*config.Config{}
	}
	cs.loaded[path] = c
	return c, nil
}

// shortPath returns p relative to the current directory when it is under
// it, so messages name ./rosettac.yaml as rosettac.yaml.
func shortPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return p
}

// settingsFor returns an input's settings from its configuration.
func (cs *configs) settingsFor(name string) (config.Settings, *config.Config, error) {
	c, err := cs.forFile(name)
	if err != nil || c == nil {
		return config.Settings{}, c, err
	}
	return c.SettingsFor(c.Rel(name)), c, nil
}

// given returns the names of the flags set on the command line: a flag
// given overrides the configuration file, a default does not.
func given(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	if fs != nil {
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	}
	return set
}

// applyConfig lays the configuration of the run under the flags: the run's
// own settings (format, severity) come from the configuration of its first
// input, each input's settings from its own (inputFlags.optionsFor,
// diagFlags.filter). It returns a usage error for a configuration that
// cannot be read or parsed.
func applyConfig(c *command, files []string, in *inputFlags, df *diagFlags) error {
	set := given(c.flags)
	in.set, df.set = set, set
	df.configs = &in.configs
	first := "-"
	if len(files) > 0 {
		first = files[0]
	}
	cfg, err := in.configs.forFile(first)
	if err != nil {
		return err
	}
	if cfg != nil {
		if cfg.Format != "" && !set["format"] && df.formatFromConfig {
			df.format = cfg.Format
		}
		if cfg.DiagFormat != "" && !set["diag-format"] && df.product {
			df.format = cfg.DiagFormat
		}
		if cfg.Severity != "" && !set["severity"] {
			df.severity = cfg.Severity
		}
	}
	// Every input's configuration is read now, so a broken one is a usage
	// error before any output, not a surprise after some.
	for _, f := range files {
		if _, _, err := in.configs.settingsFor(f); err != nil {
			return err
		}
	}
	return nil
}

// optionsFor returns the compiler options of one input: the flags, and
// what its configuration sets that no flag did.
func (in *inputFlags) optionsFor(name string, opt compiler.Options) (compiler.Options, error) {
	s, cfg, err := in.configs.settingsFor(name)
	if err != nil || cfg == nil {
		return opt, err
	}
	if s.Livelock != 0 && !in.set["livelock"] {
		opt.Livelock = s.Livelock
	}
	if s.Now != "" && !in.set["now"] {
		if opt.Now, err = parseNow(s.Now); err != nil {
			return opt, err
		}
	}
	if l := s.Lingua; l != nil {
		if l.Session != "" && !in.set["session"] {
			opt.SessionID = l.Session
		}
		if l.MaxInflate != 0 && !in.set["max-inflate"] {
			opt.MaxInflate = l.MaxInflate
		}
		if l.MaxInflateTotal != 0 && !in.set["max-inflate-total"] {
			opt.MaxInflateTotal = l.MaxInflateTotal
		}
		if l.KeyFile != "" && !in.set["key-file"] {
			if opt.PrivateKey, err = readKeyFile(cfg.Resolve(l.KeyFile), in.stderr); err != nil {
				return opt, err
			}
		}
		if l.PSKFile != "" && !in.set["psk-file"] {
			if opt.PSK, err = readKeyFile(cfg.Resolve(l.PSKFile), in.stderr); err != nil {
				return opt, err
			}
		}
	}
	return opt, nil
}

// strictFor reports whether translation of an input is strict: --strict,
// else the configuration's translate.strict.
func (df *diagFlags) strictFor(name string) bool {
	if df.set["strict"] || df.configs == nil {
		return df.strict
	}
	s, _, _ := df.configs.settingsFor(name)
	if s.Translate != nil && s.Translate.Strict != nil {
		return *s.Translate.Strict
	}
	return df.strict
}

// filter applies to one input's diagnostics its configuration's disable
// list and severity changes, then --disable. --severity is not applied
// here: it decides what is printed, not the exit code.
func (df *diagFlags) filter(name string, l diag.List) diag.List {
	if df.configs != nil {
		s, _, _ := df.configs.settingsFor(name)
		l = s.Filter(l)
	}
	if len(df.disabled) > 0 {
		l = config.Settings{Disable: df.disabled}.Filter(l)
	}
	return l
}

// parseDisable reads --disable CODE,CODE.
func parseDisable(v string) ([]string, error) {
	var out []string
	for _, c := range strings.Split(v, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if err := config.ValidCode(c); err != nil {
			return nil, fmt.Errorf("--disable: %v", err)
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}
