//go:build js && wasm

package tokens

import (
	"fmt"
	"sync"

	"github.com/dlclark/regexp2"
)

// The browser build has no vocabulary compiled in: tiktoken-go's tables are
// most of a wasm binary (docs/performance.md). The playground fetches each
// encoding's file (WriteVocabulary's format, served by rosettac play) and
// hands it over with SetVocabulary before the first count.

var (
	loadedMu sync.Mutex
	loaded   = map[string][]byte{}
)

// SetVocabulary gives the browser build the vocabulary file of an encoding.
// It is parsed on the first count that needs it.
func SetVocabulary(encoding string, file []byte) error {
	if _, ok := splitPatterns[encoding]; !ok {
		return fmt.Errorf("unknown encoding %q (want o200k_base or cl100k_base)", encoding)
	}
	loadedMu.Lock()
	defer loadedMu.Unlock()
	loaded[encoding] = file
	return nil
}

func newBPE(encoding string) (*bpe, error) {
	pattern, ok := splitPatterns[encoding]
	if !ok {
		return nil, fmt.Errorf("unknown encoding %q (want o200k_base or cl100k_base)", encoding)
	}
	loadedMu.Lock()
	file := loaded[encoding]
	loadedMu.Unlock()
	if file == nil {
		return nil, fmt.Errorf("the %s vocabulary is not loaded (the playground fetches %s.tiktoken before the first count)", encoding, encoding)
	}
	voc, err := parseVocabulary(file)
	if err != nil {
		return nil, fmt.Errorf("%s.tiktoken: %v", encoding, err)
	}
	return &bpe{name: encoding, vocab: voc, split: regexp2.MustCompile(pattern, regexp2.None)}, nil
}
