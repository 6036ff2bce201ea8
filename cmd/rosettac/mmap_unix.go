//go:build unix

package main

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only (MAP_PRIVATE), or returns nil when
// the system will not. The pages are the page cache's: they count in the
// process's resident size once read, but once only, outside Go's heap, so
// the collector's headroom (it lets the heap grow to twice what is live)
// is not paid on them.
func mapFile(f *os.File, size int64) (data []byte, unmap func()) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	return b, func() { syscall.Munmap(b) }
}
