//go:build !(js && wasm)

package tokens

import (
	"bufio"
	"cmp"
	"encoding/base64"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"unsafe"

	"github.com/dlclark/regexp2"
	tkcodec "github.com/tiktoken-go/tokenizer/codec"
)

// The vocabularies are compiled in (tiktoken-go's codec package), so counts
// work offline. The browser build leaves them out (vocab_loaded.go): they are
// most of the binary, and the playground serves them as files instead.

// libraryCodec opens tiktoken-go's codec of an encoding.
func libraryCodec(encoding string) (*tkcodec.Codec, error) {
	switch encoding {
	case "o200k_base":
		return tkcodec.NewO200kBase(), nil
	case "cl100k_base":
		return tkcodec.NewCl100kBase(), nil
	}
	return nil, fmt.Errorf("unknown encoding %q (want o200k_base or cl100k_base)", encoding)
}

// newBPE opens an encoding. The vocabulary and the expression are fields the
// library does not export; they are read through reflect. If a version of the
// library renames them, the library's own (quadratic) encoder is used instead,
// so counts stay right, and TestOwnMerge fails to say so.
func newBPE(encoding string) (*bpe, error) {
	c, err := libraryCodec(encoding)
	if err != nil {
		return nil, err
	}
	b := &bpe{name: encoding, lib: c}
	if voc, re := libraryFields(c); voc != nil && re != nil {
		b.vocab, b.split, b.lib = voc, re, nil
	}
	return b, nil
}

// libraryFields reads the codec's vocabulary and pre-tokenizer expression,
// or returns nils when this version of the library names them otherwise.
func libraryFields(c *tkcodec.Codec) (map[string]uint, *regexp2.Regexp) {
	v := reflect.ValueOf(c).Elem()
	voc, re := v.FieldByName("vocabulary"), v.FieldByName("splitRegexp")
	mapType, reType := reflect.TypeFor[map[string]uint](), reflect.TypeFor[*regexp2.Regexp]()
	if !voc.IsValid() || !re.IsValid() || !voc.Type().ConvertibleTo(mapType) || re.Type() != reType {
		return nil, nil
	}
	return reflect.NewAt(voc.Type(), unsafe.Pointer(voc.UnsafeAddr())).Elem().Convert(mapType).Interface().(map[string]uint),
		reflect.NewAt(reType, unsafe.Pointer(re.UnsafeAddr())).Elem().Interface().(*regexp2.Regexp)
}

// WriteVocabulary writes an encoding's vocabulary in tiktoken's file format
// (each token's bytes in base64, a space, its rank; one a line, by rank), the
// file the browser build loads with SetVocabulary.
func WriteVocabulary(w io.Writer, encoding string) error {
	c, err := libraryCodec(encoding)
	if err != nil {
		return err
	}
	voc, _ := libraryFields(c)
	if voc == nil {
		return fmt.Errorf("the vocabulary of %s cannot be read from this version of tiktoken-go", encoding)
	}
	type entry struct {
		token string
		rank  uint
	}
	es := make([]entry, 0, len(voc))
	for t, r := range voc {
		es = append(es, entry{t, r})
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.rank, b.rank) })
	bw := bufio.NewWriter(w)
	var line []byte
	for _, e := range es {
		line = base64.StdEncoding.AppendEncode(line[:0], []byte(e.token))
		line = append(line, ' ')
		line = strconv.AppendUint(line, uint64(e.rank), 10)
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}
