package tokens

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strconv"
)

// splitPatterns are the pre-tokenizer expressions of the encodings, as
// tiktoken-go v0.7.0 compiles them. The browser build compiles them itself
// (it does not link the library's codec package); TestSplitPatterns checks
// they are still the library's.
var splitPatterns = map[string]string{
	"o200k_base":  `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
	"cl100k_base": `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
}

// parseVocabulary reads a vocabulary in tiktoken's file format: per line, a
// token's bytes in base64, a space and its rank.
func parseVocabulary(file []byte) (map[string]uint, error) {
	voc := make(map[string]uint, bytes.Count(file, []byte{'\n'}))
	var buf []byte
	for n := 1; len(file) > 0; n++ {
		line := file
		if i := bytes.IndexByte(file, '\n'); i >= 0 {
			line, file = file[:i], file[i+1:]
		} else {
			file = nil
		}
		if len(line) == 0 {
			continue
		}
		sp := bytes.IndexByte(line, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("line %d: want a base64 token, a space and a rank", n)
		}
		var err error
		buf, err = base64.StdEncoding.AppendDecode(buf[:0], line[:sp])
		if err != nil {
			return nil, fmt.Errorf("line %d: the token: %v", n, err)
		}
		rank, err := strconv.ParseUint(string(line[sp+1:]), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("line %d: the rank: %v", n, err)
		}
		voc[string(buf)] = uint(rank)
	}
	if len(voc) == 0 {
		return nil, fmt.Errorf("no tokens")
	}
	return voc, nil
}
