//go:build !unix

package golden

// cpuSeconds is not measured on this platform.
func cpuSeconds() float64 { return 0 }
