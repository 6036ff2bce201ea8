//go:build !(js && wasm)

package config

import (
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// UnmarshalYAML reads the string form; the loader's walk has checked it.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	d.Duration = v
	return err
}

// MarshalYAML writes the duration as its string.
func (d Duration) MarshalYAML() (any, error) { return d.String(), nil }

// Marshal writes the configuration as YAML, in the file's own keys, so
// what rosettac config prints can be saved as a rosettac.yaml.
func (c *Config) Marshal() ([]byte, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	if b.String() == "{}\n" {
		return nil, nil
	}
	return []byte(b.String()), nil
}
