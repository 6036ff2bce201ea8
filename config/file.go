package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Error is one problem in a configuration file, at a position.
type Error struct {
	File      string
	Line, Col int // 1-based; 0 when the problem has no place (a file that is not YAML at all)
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Load reads and parses the configuration file at path.
func Load(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot read configuration %s: %v", path, err)
	}
	c, err := Parse(path, b)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	c.Path, c.Dir = path, filepath.Dir(abs)
	return c, nil
}
