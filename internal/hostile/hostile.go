// Package hostile generates documents shaped to be expensive for rosettac: one
// Go generator for every shape of the benchmark suite's hostile-input
// generator (hostile.py, kept outside the repository), under the same kind
// names, so the scaling tests and benchmarks need neither python nor that
// script. Each shape grows linearly with n (in bytes, or in the size of
// its hostile dimension); the documents are byte-deterministic per (kind, n).
// They follow hostile.py's text where the text is the point (the same lines,
// selectors and payloads); zlib output and random parents may differ in bytes.
package hostile

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/rosettac/rosettac/internal/linguacrypto"
)

// Shape is one generator: its kind name (as hostile.py spells it), the file
// extension that tells rosettac its language, and the document of size n.
type Shape struct {
	Kind string
	Ext  string // rose, adsl, json or lingua
	Gen  func(n int) string
}

// PSK and PSKSession are the pre-shared key and session of lingua_enc.
const (
	PSK        = "correct horse battery staple"
	PSKSession = "s1"
)

const hs = "cmd0 def >* #sys.hello\n dialect = rosetta/2.1\n epoch = @t:2026-08-26\n\n"

var words = strings.Fields("the lighthouse keeper insisted nothing unusual ever happened here")

// Shapes lists every shape, in hostile.py's order.
var Shapes = []Shape{
	{"rose_longline_sp", "rose", func(n int) string {
		w := strings.Repeat(strings.Join(words, " ")+" ", n/60+1)
		return hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = " + w[:n] + " ~hi\n"
	}},
	{"rose_longline_nosp", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = " + strings.Repeat("lighthousekeeper", n/16+1)[:n] + "\n"
	}},
	{"rose_longtxt", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt body\n | " + strings.Repeat("ab", n/2+1)[:n] + "\n"
	}},
	{"rose_txtlines", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt @md/en\n")
		for i := range n {
			fmt.Fprintf(&b, " | line %d %s text\n", i, words[i%len(words)])
		}
		return b.String()
	}},
	{"rose_marks", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n")
		for i := range 50 {
			fmt.Fprintf(&b, " | line%03d %s\n", i, words[i%len(words)])
		}
		b.WriteString(" mark ")
		for i := range n {
			j := i % 50
			fmt.Fprintf(&b, "%stgt#L%d|q\"line%03d\" = note %d ~mid\n", indent(i, 6), j+1, j, i)
		}
		return b.String()
	}},
	{"rose_xmarks", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n")
		for i := range 50 {
			fmt.Fprintf(&b, " | line%03d %s\n", i, words[i%len(words)])
		}
		b.WriteString("\nb1.1 propose >a #t re=a1.1\n mark ")
		for i := range n {
			j := i % 50
			fmt.Fprintf(&b, "%s@a1.1.tgt#L%d|q\"line%03d\" = note %d\n", indent(i, 6), j+1, j, i)
		}
		b.WriteString(" want accept|reject\n")
		return b.String()
	}},
	{"rose_alts_line", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n | alpha\n | beta\n | gamma\n mark tgt#" + alts(n, func(i int) string { return fmt.Sprintf("L%d", 1000+i) }) + "|L1 = x\n"
	}},
	{"rose_alts_quote", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n | alpha\n | beta\n | gamma\n mark tgt#" + alts(n, func(i int) string { return fmt.Sprintf("q\"nope%d\"", i) }) + "|q\"beta\" = x\n"
	}},
	{"rose_quote_lines", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | the keeper %d\n") + " mark tgt#L1|q\"keeper\" = x\n"
	}},
	{"rose_quote_both", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | the keeper %d\n") + " mark ")
		for i := range max(1, n/10) {
			fmt.Fprintf(&b, "%stgt#L%d|q\"keeper\" = x%d\n", indent(i, 6), i+1, i)
		}
		return b.String()
	}},
	{"rose_quote_cross", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | aaaa%d\n") + " mark ")
		for i := range max(1, n/10) {
			fmt.Fprintf(&b, "%stgt#q\"aaaa\naaaa\" = x%d\n", indent(i, 6), i)
		}
		return b.String()
	}},
	{"rose_quote_long", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n | " + strings.Repeat("a", n) + "\n mark tgt#q\"" + strings.Repeat("a", n/2) + "b\" = x\n"
	}},
	{"rose_nest_shape", "rose", func(n int) string {
		return hs + "a1.1 ask >b #t\n q what\n want " + strings.Repeat("{a:", n) + "int" + strings.Repeat("}", n) + "\n"
	}},
	{"rose_nest_shape_open", "rose", func(n int) string {
		return hs + "a1.1 ask >b #t\n q what\n want " + strings.Repeat("{a:", n) + "int\n"
	}},
	{"rose_nest_list", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n a x = 1\n unk " + strings.Repeat("[", n) + "x" + strings.Repeat("]", n) + "\n"
	}},
	{"rose_nest_map", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n a x = " + strings.Repeat("{k=", n) + "v" + strings.Repeat("}", n) + "\n"
	}},
	{"rose_nest_quote", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n | alpha\n mark tgt#" + strings.Repeat("\"[{", n) + " = x\n"
	}},
	{"rose_fanin", "rose", func(n int) string {
		return hs + "a1.1 ask >* #t at=2026-08-26T10:00:00Z\n q who is there\n want {name}\n\n" +
			lines(n, "w%[1]d.1 tell >a1 #t re=a1.1\n a name = w%[1]d ~hi\n\n")
	}},
	{"rose_rechain", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = 1 ~hi\n\n")
		for i := 2; i <= n; i++ {
			s, re := "b1", "a1"
			if i%2 == 1 {
				s, re = "a1", "b1"
			}
			fmt.Fprintf(&b, "%s.%d note re=%s.%d\n a x = %d\n\n", s, i, re, i-1, i)
		}
		return b.String()
	}},
	{"rose_livelock", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 propose >b1 #t at=2026-08-26T10:00:00Z\n a plan = p1 ~lo\n want accept|reject|propose\n\n")
		for i := 2; i <= n; i++ {
			me, other := "a1", "b1"
			if i%2 == 0 {
				me, other = "b1", "a1"
			}
			fmt.Fprintf(&b, "%s.%d propose >%s #t re=%s.%d\n a plan = p%d ~lo\n want accept|reject|propose\n\n", me, i, other, other, i-1, i)
		}
		return b.String()
	}},
	{"rose_srcchain", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = 1 ~lo\n   y = 2 ~mid\n why @file:a#L1 seen\n\n")
		for i := 2; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d tell >b #t src=@a1.%d\n a x = 1 ~lo\n   y = 2 ~mid\n why @a1.%[2]d.a.x relayed\n\n", i, i-1)
		}
		return b.String()
	}},
	{"rose_senschain", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t sens=secret at=2026-08-26T10:00:00Z\n a x = 1 ~lo\n\n")
		for i := 2; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d tell >b #t src=@a1.%d sens=pub\n a x = 1 ~lo\n ctx @a1.%[2]d\n\n", i, i-1)
		}
		return b.String()
	}},
	{"rose_revise", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n txt tgt\n | alpha beta\n | gamma\n\n")
		for i := 2; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d revise >b #t re=a1.%d\n txt tgt\n | alpha beta %[1]d\n | gamma\n\n", i, i-1)
		}
		for i := 1; i <= n; i += max(1, n/100) {
			fmt.Fprintf(&b, "b1.%d note >a1 #t\n mark @a1.1.tgt#L1|q\"beta\" = x\n\n", i)
		}
		return b.String()
	}},
	{"rose_refs", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n a x = 1\n ctx " + join(n, " ", func(i int) string { return fmt.Sprintf("@file:f%d#L1", i) }) + "\n"
	}},
	{"rose_msgrefs", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = 1 ~lo\n\n")
		for i := 2; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d tell >b #t\n a x = 1 ~lo\n why @a1.1.a.x and @a1.%d.a.x\n\n", i, i-1)
		}
		return b.String()
	}},
	{"rose_targets", "rose", func(n int) string {
		return hs + "a1.1 tell >" + join(n, ",", func(i int) string { return fmt.Sprintf("b%d", i) }) + " #t\n a x = 1\n"
	}},
	{"rose_bindings", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n a ")
		for i := range n {
			fmt.Fprintf(&b, "%sk%d = value %[2]d ~mid\n", indent(i, 3), i)
		}
		return b.String()
	}},
	{"rose_dups", "rose", func(n int) string { return hs + strings.Repeat("a1.1 tell >b #t\n a x = 1\n\n", n) }},
	{"rose_topic", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d note >b #t.same\n a x = %[1]d\n\n", i)
		}
		return b.String()
	}},
	{"rose_prose", "rose", func(n int) string {
		return hs + lines(n, "prose line %d that is not a header\n") + "\na1.1 tell >b #t\n a x = 1\n"
	}},
	{"rose_errors", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n | alpha\n mark ")
		for i := range n {
			fmt.Fprintf(&b, "%stgt#L%d = x%d\n", indent(i, 6), i+5, i)
		}
		return b.String()
	}},
	{"rose_asks", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "a1.%d ask >b #t%[1]d\n q question %[1]d\n want {x}\n\n", i)
		}
		return b.String()
	}},
	{"rose_defs", "rose", func(n int) string { return hs + "cmd1 def >*\n" + lines(n, " SYM%[1]d = meaning %[1]d\n") }},
	{"rose_gen", "rose", transcript},
	{"rose_marks_big", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | row%d text\n") + " mark ")
		for i := range n {
			fmt.Fprintf(&b, "%stgt#L%d|q\"row%d \" = n%[3]d\n", indent(i, 6), i+1, i)
		}
		return b.String()
	}},
	{"rose_xmarks_big", "rose", func(n int) string {
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | row%d text\n") + "\n")
		for i := range max(1, n/10) {
			fmt.Fprintf(&b, "b1.%d note >a1 #t\n mark @a1.1.tgt#L%[1]d = n%d\n\n", i+1, i)
		}
		return b.String()
	}},
	{"rose_alts_para", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | para %d\n |\n") +
			" mark tgt#" + alts(n, func(i int) string { return fmt.Sprintf("p%d", n+1+i) }) + "|p1 = x\n"
	}},
	{"rose_alts_qspace", "rose", func(n int) string {
		return hs + "a1.1 tell >b #t\n txt tgt\n" + lines(n, " | row%d text\n") +
			" mark tgt#" + alts(max(1, n/10), func(i int) string { return fmt.Sprintf("q\"no pe%d\"", i) }) + "|q\"row1 text\" = x\n"
	}},
	{"rose_symbols", "rose", func(n int) string { return hs + "a1.1 tell >b #t\n a x = " + strings.Repeat("ZQ ", n) + "\n" }},
	{"rose_subdeps", "rose", func(n int) string {
		return hs + "a1.1 do >b #t\n q work\n sub s1 = step on=" + alts(n, func(i int) string { return fmt.Sprintf("d%d", i) }) + "\n want done|fail\n"
	}},
	{"rose_epochs", "rose", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "cmd%d def >*\n epoch = @t:2026-08-26\n\n", i)
		}
		return b.String() + "a1.1 tell >b #t at=@t:10:00\n a x = 1\n"
	}},
	{"rose_revise2", "rose", func(n int) string {
		h := n / 2
		var b strings.Builder
		b.WriteString(hs + "a1.1 tell >b #t at=2026-08-26T10:00:00Z\n a x = 1 ~lo\n\n")
		for i := 2; i < h+2; i++ {
			fmt.Fprintf(&b, "a1.%d revise >b #t re=a1.%d\n a x = 1 ~lo\n\n", i, i-1)
		}
		for i := 1; i <= h; i++ {
			fmt.Fprintf(&b, "b1.%d tell >a1 #t src=@a1.1\n a x = 1 ~lo\n why @a1.1.a.x\n\n", i)
		}
		return b.String()
	}},
	{"rose_whyrefs", "rose", func(n int) string {
		h := max(1, n/2)
		return hs + lines(h, "a1.%d tell >b #t\n a x = 1 ~lo\n\n", 1) +
			"b1.1 tell >a1 #t\n a x = 1 ~lo\n why " + join(h, " ", func(i int) string { return fmt.Sprintf("@a1.%d", i+1) }) + "\n"
	}},

	{"adsl_cols", "adsl", func(n int) string {
		cols := "ID:int|" + join(n, "|", func(i int) string { return fmt.Sprintf("C%d:str", i) })
		row := func(r int) string {
			return fmt.Sprintf("%d|", r) + join(n, "|", func(i int) string { return fmt.Sprintf("v%d", i) })
		}
		return "[SCHEMA:WIDE]\n" + cols + "\n\n[DATA]\n" + row(1) + "\n" + row(2) + "\n"
	}},
	{"adsl_cell", "adsl", func(n int) string { return "[SCHEMA:T]\nID:int|S:str\n\n[DATA]\n1|" + strings.Repeat("x", n) + "\n" }},
	{"adsl_anycell", "adsl", func(n int) string {
		return "[SCHEMA:T]\nID:int|S:any\n\n[DATA]\n1|\"" + strings.Repeat("x", n) + "\"\n"
	}},
	{"adsl_anydeep", "adsl", func(n int) string {
		return "[SCHEMA:T]\nID:int|S:any\n\n[DATA]\n1|" + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n"
	}},
	{"adsl_rows", "adsl", func(n int) string {
		var b strings.Builder
		b.WriteString("[SCHEMA:T]\nID:int|NAME:str|AGE:int|F:float\n\n[DATA]\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d|name%[1]d|%d|%[1]d.5\n", i, i%90)
		}
		return b.String()
	}},
	{"adsl_missing", "adsl", func(n int) string {
		var b strings.Builder
		b.WriteString("[SCHEMA:P]\nID:int|NAME:str\n\n[DATA]\n1|p\n\n[SCHEMA:C]\nID:int|@P.ID:int|V:str\n\n[DATA]\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d|%d|v\n", i, i+1000000)
		}
		return b.String()
	}},
	{"adsl_join", "adsl", func(n int) string {
		rnd := rand.New(rand.NewPCG(1, 1))
		p := max(1, n/2)
		var b strings.Builder
		b.WriteString("[SCHEMA:P]\nID:int|NAME:str\n\n[DATA]\n" + lines(p, "%[1]d|p%[1]d\n", 1))
		b.WriteString("\n[SCHEMA:C]\nID:int|@P.ID:int|V:str\n\n[DATA]\n")
		for i := 1; i <= n-p; i++ {
			fmt.Fprintf(&b, "%d|%d|v\n", i, 1+rnd.IntN(p))
		}
		return b.String()
	}},
	{"adsl_chain", "adsl", func(n int) string {
		var b strings.Builder
		b.WriteString("[SCHEMA:S0]\nID:int|V:str\n\n[DATA]\n1|v\n\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "[SCHEMA:S%d]\nID:int|@S%d.ID:int|V:str\n\n[DATA]\n1|1|v\n\n", i, i-1)
		}
		return b.String()
	}},
	{"adsl_schemas", "adsl", func(n int) string { return lines(n, "[SCHEMA:S%d]\nID:int|V:str\n\n[DATA]\n1|v\n\n") }},
	{"adsl_funcs", "adsl", func(n int) string {
		return "[FUNCTIONS]\n" + lines(n, "[F%[1]d]\nDESC[function %[1]d]\nIN[A:str*|B:int]\nOUT[R:str]\n\n") +
			lines(n, "[CALL]\n[F%[1]d]\nA:x\nB:%[1]d\n\n")
	}},
	{"adsl_bigint", "adsl", func(n int) string {
		var b strings.Builder
		b.WriteString("[SCHEMA:T]\nID:int|N:int\n\n[DATA]\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d|%d\n", i, uint64(1<<63)+uint64(i)) // past int64
		}
		return b.String()
	}},

	{"json_deep", "json", func(n int) string {
		return "{\"ID\":1," + lines(n, "\"k%d\":{\"ID\":1,") + "\"v\":1" + strings.Repeat("}", n+1) + "\n"
	}},
	{"json_deeparr", "json", func(n int) string {
		return "{\"ID\":1," + lines(n, "\"k%d\":[{\"ID\":1,") + "\"v\":1" + strings.Repeat("}]", n) + "}\n"
	}},
	{"json_rawdeep", "json", func(n int) string {
		return "{\"ID\":1,\"v\":" + strings.Repeat("[", n) + strings.Repeat("]", n) + "}\n"
	}},
	{"json_wide", "json", func(n int) string {
		type row struct {
			ID   int     `json:"ID"`
			Name string  `json:"name"`
			V    float64 `json:"v"`
		}
		rows := make([]row, n)
		for i := range rows {
			rows[i] = row{i + 1, fmt.Sprintf("n%d", i+1), float64(i+1) * 1.5}
		}
		b, _ := json.Marshal(map[string][]row{"T": rows})
		return string(b) + "\n"
	}},
	{"json_keys", "json", func(n int) string {
		return "{" + join(n, ",", func(i int) string { return fmt.Sprintf("\"k%d\":%[1]d", i) }) + "}\n"
	}},

	{"lingua_b64", "lingua", func(n int) string {
		return "👽10|@1|$" + b64(strings.Repeat("hello world ", n/12+1)[:n]) + "\n"
	}},
	{"lingua_jbig", "lingua", func(n int) string {
		ls := make([]int, n)
		for i := range ls {
			ls[i] = i
		}
		b, _ := json.Marshal(map[string][]int{"ls": ls})
		return "👽10|@1|$j:" + b64(string(b)) + "\n"
	}},
	{"lingua_jdeep", "lingua", jdeep},
	{"lingua_compound", "lingua", func(n int) string {
		return join(n, ";;", func(i int) string { return fmt.Sprintf("👽71|@1|#post-%d", i) }) + "\n"
	}},
	{"lingua_msgs", "lingua", func(n int) string {
		return lines(n, "👽73|@1|#p%[1]d|~+30m|%%K>%[1]d|$r:hello %[1]d\n--👽lingua/0.4@agent-lingua\n")
	}},
	{"lingua_conds", "lingua", func(n int) string {
		return "👽73|@1|" + join(n, "|", func(i int) string { return fmt.Sprintf("%%K>%d", i) }) + "|$r:x\n"
	}},
	{"lingua_corr", "lingua", func(n int) string {
		return lines(n, "👽71|@1|#req%d\n") + lines(n, "^0|#nothing%d|$r:ok\n")
	}},
	{"lingua_zmany", "lingua", func(n int) string {
		z := zlib1M()
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "👽10|@1|#z%d|$z:%s\n", i, z)
		}
		return b.String()
	}},
	{"lingua_offers", "lingua", func(n int) string {
		offer := b64(`{"protocol": "agent-lingua", "version": "0.4", "security": ["B", "P"]}`)
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "👽09|@peer%d|$j:%s\n", i, offer)
		}
		for i := range n {
			fmt.Fprintf(&b, "^0|$j:%s\n", b64(fmt.Sprintf(`{"accepted": true, "version": "0.4", "security": ["B"], "session": "s%d"}`, i)))
		}
		for i := range n {
			fmt.Fprintf(&b, "👽73|@1|#s%d|$aGk=\n", i)
		}
		return b.String()
	}},
	{"lingua_enc", "lingua", func(n int) string {
		key, err := linguacrypto.PSKSessionKey([]byte(PSK), PSKSession)
		if err != nil {
			panic(err)
		}
		var b strings.Builder
		nonce := make([]byte, 12)
		for i := range n {
			binary.BigEndian.PutUint64(nonce[4:], uint64(i))
			ct, err := linguacrypto.Seal(key, nonce, fmt.Appendf(nil, `{"t": "m%d", "c": "hello"}`, i))
			if err != nil {
				panic(err)
			}
			fmt.Fprintf(&b, "👽737|@1|#%s|$e:%s:%s\n", PSKSession, base64.StdEncoding.EncodeToString(nonce), base64.StdEncoding.EncodeToString(ct))
		}
		return b.String()
	}},
	{"lingua_linediags", "lingua", func(n int) string {
		return join(n, ";;", func(int) string { return "👽73A|@1" }) + "\n"
	}},
	{"lingua_jdeep_big", "lingua", jdeep},
}

// ByKind returns the shape of that kind name.
func ByKind(kind string) (Shape, bool) {
	for _, s := range Shapes {
		if s.Kind == kind {
			return s, true
		}
	}
	return Shape{}, false
}

func jdeep(n int) string {
	return "👽10|@1|$j:" + b64(strings.Repeat("[", n)+strings.Repeat("]", n)) + "\n"
}

// indent is what hostile.py writes before the i-th continuation line of a
// slot: nothing before the first, w spaces before the others.
func indent(i, w int) string {
	if i == 0 {
		return ""
	}
	return strings.Repeat(" ", w)
}

// lines writes format once per i in [from, from+n), i as every verb's operand
// (from is 0 unless given).
func lines(n int, format string, from ...int) string {
	start := 0
	if len(from) > 0 {
		start = from[0]
	}
	var b strings.Builder
	for i := start; i < start+n; i++ {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}

func join(n int, sep string, item func(int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(item(i))
	}
	return b.String()
}

func alts(n int, item func(int) string) string { return join(n, "|", item) }

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

var z1M string

// zlib1M is a z: payload that inflates to 1 MiB - 1 bytes, just under the
// per-payload cap.
func zlib1M() string {
	if z1M == "" {
		var b bytes.Buffer
		w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
		w.Write(bytes.Repeat([]byte("A"), 1<<20-1))
		w.Close()
		z1M = base64.StdEncoding.EncodeToString(b.Bytes())
	}
	return z1M
}

// transcript stands in for gen_transcript.py (rose_gen, the baseline): n
// ordinary messages of every common kind (ask and reply, tell with a txt
// block and a mark on it, propose and accept, notes with references).
func transcript(n int) string {
	var b strings.Builder
	b.WriteString(hs)
	for i := 1; i <= n; i++ {
		switch i % 4 {
		case 1:
			fmt.Fprintf(&b, "a%d.%d ask >b%d #t%d at=2026-08-26T10:%02d:00Z\n q status of job %d\n want {state}\n\n", i%7, i, i%5, i%13, i%60, i)
		case 2:
			fmt.Fprintf(&b, "b%d.%d tell >a%d #t%d re=a%d.%d\n a state = running step %d ~mid\n why @file:log%d#L%d seen\n\n", (i-1)%5, i, (i-1)%7, (i-1)%13, (i-1)%7, i-1, i, i, i%40+1)
		case 3:
			fmt.Fprintf(&b, "c%d.%d tell >* #t%d\n txt notes\n | the %s said %d\n | and %s again\n mark notes#L1|q\"said\" = checked ~hi\n\n", i%3, i, i%13, words[i%len(words)], i, words[(i+3)%len(words)])
		default:
			fmt.Fprintf(&b, "d%d.%d note >* #t%d\n a seen = @c%d.%d ~lo\n\n", i%3, i, i%13, (i-1)%3, i-1)
		}
	}
	return b.String()
}
