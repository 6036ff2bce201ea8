// Package fuzz owns rosettac's fuzz targets, one file per input language, and
// their corpora under testdata/fuzz/<FuzzName>/. It has no non-test code.
package fuzz
