// Package emit owns the backend contract: a backend takes a checked document and
// returns an ordered list of named files. Backends are pure; the command line
// writes the files (and refuses names that escape the output directory).
package emit

// File is one output of a backend.
type File struct {
	Name string // relative, slash-separated path
	Data []byte
}
