// Package golden holds rosettac's end-to-end tests: txtar golden files with one
// section per pipeline stage, testscript scripts for the command line, and the
// test that keeps the package import rules of docs/architecture.md true. It has
// no non-test code.
package golden
