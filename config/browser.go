//go:build js && wasm

package config

import "errors"

// The browser build (the playground's wasm) reads no configuration file: the
// page has no files, and leaving the YAML reader out (load.go, yaml.go) keeps
// go.yaml.in/yaml/v3 out of the wasm, 0.76 MB of it.
var errBrowser = errors.New("the browser build of rosettac reads no rosettac.yaml")

// Parse is the YAML reader's stand-in: no configuration is read here.
func Parse(name string, data []byte) (*Config, error) {
	return nil, &Error{File: name, Msg: errBrowser.Error()}
}

// Marshal is the YAML writer's stand-in.
func (c *Config) Marshal() ([]byte, error) { return nil, errBrowser }
