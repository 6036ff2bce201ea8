// Package fuzz holds rosettac's fuzz targets, one per parser plus round-trip
// targets, in _test.go files as Go requires; crashers found are committed as
// corpus entries under testdata/fuzz/<FuzzName>/. It has no other code.
//
// Run one target with: go test -run='^$' -fuzz='^FuzzRosettaParse$' ./fuzz
package fuzz
