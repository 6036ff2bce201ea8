package toon

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// DecodeOptions are the decoder's options (§13).
type DecodeOptions struct {
	Indent  int  // spaces per indentation level; 0 means 2
	Lenient bool // strict=false: the spec's non-strict mode
}

// DecodeJSON decodes a TOON document as JSON text, two-space indented and
// ending in a newline (what translate --to json prints and what the
// compiler's TOON row hands to its JSON row), or gives the decoder's
// diagnostic. The Origin maps the JSON text back to src: each value and key
// to the token it was decoded from (exactly, byte for byte, where the JSON
// writes the token's own text), a container to its key or header line, so
// that what a check of the JSON finds is reported in the TOON file. It
// carries no fix into the file (diag.Origin.NoFixes).
func DecodeJSON(src *diag.Source, opt DecodeOptions) ([]byte, *diag.Origin, diag.List) {
	v, pos, ds := decode(src, opt, true)
	if ds.HasErrors() {
		return nil, nil, ds
	}
	// A fix is not carried into the TOON file: an unquoted token there
	// would not take a fix's text as the JSON's string does (a delimiter or
	// a colon in it would change the document's structure).
	o := &diag.Origin{From: src, NoFixes: true}
	text := append(jsonvalue.IndentMarked(v, "  ", markOrigin(o, src.Content(), pos)), '\n')
	o.Verify(string(text))
	return text, o, ds
}

// DecodeJSONText is DecodeJSON's text without its Origin, for a caller that
// reports nothing in the JSON (translate --to json): the same bytes, without
// keeping where each value was read.
func DecodeJSONText(src *diag.Source, opt DecodeOptions) ([]byte, diag.List) {
	v, _, ds := decode(src, opt, false)
	if ds.HasErrors() {
		return nil, ds
	}
	return append(jsonvalue.IndentMarked(v, "  ", nil), '\n'), ds
}

// Decode reads a TOON document. It stops at the first error, which is the one
// diagnostic returned (with a code, the span it concerns and the spec section
// in its hint); the value is then Null.
//
// In lenient mode (strict=false) rosettac implements every leniency the spec
// permits: indentation depth is floor(spaces / indent), a tab in indentation
// counts as one level, blank lines in arrays are skipped, a malformed header
// reads as a key-value line, lines too deep for any scope are skipped,
// duplicate keys resolve last-write-wins, counts and widths are not checked (a
// row's missing cells leave their fields out, extra cells are dropped), and
// content after a complete root is ignored.
func Decode(src *diag.Source, opt DecodeOptions) (*ir.JSONValue, diag.List) {
	v, _, ds := decode(src, opt, false)
	return v, ds
}

// decode is Decode that also says, when where is set, where each value and
// key was read (the tables cost a third of a large decode).
func decode(src *diag.Source, opt DecodeOptions, where bool) (v *ir.JSONValue, pos *positions, ds diag.List) {
	if where {
		pos = newPositions(len(src.Content()))
	}
	d := &decoder{src: src, data: src.Content(), strict: !opt.Lenient, indent: opt.Indent, pos: pos}
	if d.indent <= 0 {
		d.indent = 2
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(decodeError)
			if !ok {
				panic(r)
			}
			v, ds = &ir.JSONValue{Kind: ir.JSONNull}, diag.List{e.d}
		}
	}()
	if !utf8.ValidString(d.data) {
		off := 0
		for off < len(d.data) {
			r, n := utf8.DecodeRuneInString(d.data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		d.fail(CodeUTF8, off, off+1, "4", "the input is not valid UTF-8")
	}
	d.split()
	return d.root(), pos, nil
}

// line is one line of the comment-stripped sequence (§5.1).
type line struct {
	text  string // the content after the indentation, without a final CR
	off   int    // offset of text in the source
	depth int
	blank bool
}

type decoder struct {
	src    *diag.Source
	data   string
	strict bool
	indent int
	lines  []line
	i      int // the next line
	last   int // index of the last content line consumed
	nest   int // recursion depth
	pos    *positions
}

type decodeError struct{ d diag.Diagnostic }

// sectionHints say what each code's spec section requires, for the hint.
var sectionHints = map[string]string{
	CodeCount:     "the count in [N] must equal the items, rows or entries that follow",
	CodeWidth:     "each row needs one cell per leaf field of the header",
	CodeColon:     "write key: value",
	CodeString:    `inside quotes the escapes are \\ \" \n \r \t and \uXXXX (not a surrogate), and the closing quote ends the token`,
	CodeHeader:    "a header is key[N]:, key[N<delim>]{fields}: or key[N:]{fields}: with a non-negative length without leading zeros",
	CodeIndent:    "indent with spaces, a multiple of the indent size (--toon-indent)",
	CodeBlank:     "remove the blank line, or decode with --toon-strict=false",
	CodeStructure: "each line must belong to the scope its indentation names",
	CodeDuplicate: "give each key once, or decode with --toon-strict=false (last value wins)",
	CodeUTF8:      "TOON text is UTF-8",
	CodeNumber:    "write the number as a quoted string to keep it exactly",
	CodeDepth:     "nest less deeply",
	CodeJSON:      "give one JSON value",
}

func (d *decoder) fail(code string, start, end int, section, format string, args ...any) {
	if end < start {
		end = start
	}
	if end > len(d.data) {
		end = len(d.data)
	}
	if start > end {
		start = end
	}
	hint := sectionHints[code]
	if section != "" {
		hint = fmt.Sprintf("TOON spec §%s: %s", section, hint)
	}
	panic(decodeError{diag.Diagnostic{Severity: diag.Error, Code: code, Span: d.src.Span(start, end),
		Message: fmt.Sprintf(format, args...), Hint: hint}})
}

// split makes the line sequence: lines end at LF, a CR before the LF is part
// of the terminator (§12), comment lines are removed (§5.1), and each other
// line gets its depth.
func (d *decoder) split() {
	s := d.data
	start := diag.BOMLen(s)
	for start <= len(s) {
		end := strings.IndexByte(s[start:], '\n')
		next := 0
		if end < 0 {
			end, next = len(s), len(s)+1
		} else {
			end += start
			next = end + 1
		}
		text := s[start:end]
		text = strings.TrimSuffix(text, "\r")
		d.addLine(text, start)
		start = next
	}
}

func (d *decoder) addLine(text string, off int) {
	sp := 0
	for sp < len(text) && text[sp] == ' ' {
		sp++
	}
	if sp < len(text) && text[sp] == '#' {
		return // a comment line, whatever its indentation (§5.1)
	}
	if strings.Trim(text, " \t") == "" {
		d.lines = append(d.lines, line{off: off + len(text), blank: true})
		return
	}
	ind := sp
	for sp < len(text) && (text[sp] == ' ' || text[sp] == '\t') {
		if text[sp] == ' ' {
			ind++
		} else if d.strict {
			d.fail(CodeIndent, off+sp, off+sp+1, "12", "a tab in indentation")
		} else {
			ind += d.indent // lenient: a tab is one level
		}
		sp++
	}
	if d.strict && ind%d.indent != 0 {
		d.fail(CodeIndent, off, off+sp, "12", "indentation of %d spaces is not a multiple of %d", ind, d.indent)
	}
	d.lines = append(d.lines, line{text: strings.TrimRight(text[sp:], " "), off: off + sp, depth: ind / d.indent})
}

// peek returns the next content line, skipping blank lines (which are checked
// where they matter, in array spans), or nil at the end.
func (d *decoder) peek() *line {
	for d.i < len(d.lines) {
		if !d.lines[d.i].blank {
			return &d.lines[d.i]
		}
		d.i++
	}
	return nil
}

// take consumes the line peek returned.
func (d *decoder) take() {
	d.last = d.i
	d.i++
}

func (d *decoder) enter(off int) {
	d.nest++
	if d.nest > MaxDepth {
		d.fail(CodeDepth, off, off, "", "values nest more than %d deep", MaxDepth)
	}
}

func (d *decoder) leave() { d.nest-- }

// root decides the root form (§5).
func (d *decoder) root() *ir.JSONValue {
	first := d.peek()
	if first == nil {
		return emptyObject()
	}
	if first.depth == 0 {
		if h, st, _, _ := d.parseHeader(first.text, first.off); st == isHeader && !h.hasKey {
			d.take()
			var v *ir.JSONValue
			if h.keyed {
				v = d.keyed(h, 1)
			} else {
				v = d.array(h, 1)
			}
			d.trailing()
			return d.pos.placed(v, near(first.off, h.end))
		}
		if first.text == "[]" {
			d.take()
			d.trailing()
			return emptyArray()
		}
	}
	if d.contentLines() == 1 && first.depth == 0 {
		if _, st, _, _ := d.parseHeader(first.text, first.off); st == notHeader && firstUnquoted(first.text, ':') < 0 {
			d.take()
			return d.primitive(first.text, first.off)
		}
	}
	b := objectBuilder{pos: d.pos}
	d.object(0, &b)
	if l := d.peek(); l != nil {
		d.overIndented(l)
	}
	return b.value()
}

func (d *decoder) contentLines() int {
	n := 0
	for _, l := range d.lines {
		if !l.blank {
			n++
		}
	}
	return n
}

// trailing refuses content after a complete root array or keyed root (§5).
func (d *decoder) trailing() {
	if l := d.peek(); l != nil && d.strict {
		d.fail(CodeStructure, l.off, l.off+len(l.text), "5", "content after the root value is complete")
	}
	d.i = len(d.lines)
}

// overIndented handles a line deeper than any open scope (§8): an error in
// strict mode, skipped otherwise.
func (d *decoder) overIndented(l *line) {
	if d.strict {
		d.fail(CodeStructure, l.off, l.off+len(l.text), "8", "this line is indented deeper than the scope it is in")
	}
	d.take()
}

// object reads the fields of an object at depth into b.
func (d *decoder) object(depth int, b *objectBuilder) {
	for l := range d.scope(depth) {
		d.take()
		d.field(l.text, l.off, depth, b)
	}
}

// scope yields, without taking them, the lines of the scope at depth, one by
// one until a shallower line or the end; a line deeper than depth is handled
// as over-indented on the way. The caller takes each line it consumes, or
// stops early (a line that ends the scope another way, such as a key-value
// line after table rows).
func (d *decoder) scope(depth int) func(yield func(*line) bool) {
	return func(yield func(*line) bool) {
		for {
			l := d.peek()
			if l == nil || l.depth < depth {
				return
			}
			if l.depth > depth {
				d.overIndented(l)
				continue
			}
			if !yield(l) {
				return
			}
		}
	}
}

// field reads one field line (text at off) of an object whose fields stand at
// depth: a header with its array, or a key-value line.
func (d *decoder) field(text string, off, depth int, b *objectBuilder) {
	d.enter(off)
	defer d.leave()
	h, st, at, msg := d.parseHeader(text, off)
	switch {
	case st == isHeader && h.hasKey:
		var v *ir.JSONValue
		if h.keyed {
			v = d.keyed(h, depth+1)
		} else {
			v = d.array(h, depth+1)
		}
		d.put(b, h.key, near(h.keyOff, h.end), d.pos.placed(v, near(h.keyOff, h.end)), off, h.end)
		return
	case st == isHeader && d.strict:
		d.fail(CodeHeader, off, h.end, "6", "a header without a key stands only at the root or after a list item's \"- \"")
	case st == badHeader && d.strict:
		d.fail(CodeHeader, at, at+1, "6", "%s", msg)
	}
	colon := firstUnquoted(text, ':')
	if colon < 0 {
		d.fail(CodeColon, off, off+len(text), "7.4", "expected key: value, but the line has no colon")
	}
	key, keyAt := d.key(text[:colon], off)
	restRaw := text[colon+1:]
	rest := strings.Trim(restRaw, " ")
	restOff := off + colon + 1 + (len(restRaw) - len(strings.TrimLeft(restRaw, " ")))
	var v *ir.JSONValue
	switch rest {
	case "":
		cb := objectBuilder{pos: d.pos}
		d.object(depth+1, &cb)
		v = cb.value()
	case "[]":
		v = emptyArray()
	default:
		v = d.primitive(rest, restOff)
	}
	d.put(b, key, keyAt, d.pos.placed(v, near(keyAt.start, keyAt.end)), off, off+colon)
}

// put sets key (read at keyAt) in b, refusing a repeated key in strict mode
// (§14.3).
func (d *decoder) put(b *objectBuilder, key string, keyAt written, v *ir.JSONValue, start, end int) {
	if d.strict && b.has(key) {
		d.fail(CodeDuplicate, start, end, "14.3", "key %s is given twice in this object", quoteForMessage(key))
	}
	b.setAt(key, keyAt, v)
}

// key decodes a key token (the text before a line's first unquoted colon),
// and says where it stands.
func (d *decoder) key(tok string, off int) (string, written) {
	lead := len(tok) - len(strings.TrimLeft(tok, " "))
	tok = strings.Trim(tok, " ")
	off += lead
	if strings.HasPrefix(tok, `"`) {
		s, n := d.quoted(tok, off)
		if n != len(tok) {
			d.fail(CodeString, off+n, off+len(tok), "7.4", "text after the closing quote of a key")
		}
		return s, token(off, off+len(tok))
	}
	return tok, token(off, off+len(tok))
}

// array reads the array a non-keyed header declares; its items, rows or
// nested lines stand at depth.
func (d *decoder) array(h *header, depth int) *ir.JSONValue {
	switch {
	case h.fields != nil:
		return d.tabular(h, depth)
	case h.rest != "":
		cells := splitCells(h.rest, h.restOff, h.delim)
		items := make([]*ir.JSONValue, len(cells))
		for i, c := range cells {
			items[i] = d.primitive(c.text, c.off)
		}
		if d.strict && len(items) != h.length {
			d.fail(CodeCount, h.restOff, h.restOff+len(h.rest), "9.1",
				"the header declares %d values but the line has %d", h.length, len(items))
		}
		return &ir.JSONValue{Kind: ir.JSONArray, Items: items}
	}
	items := []*ir.JSONValue{}
	first := -1
	for l := range d.scope(depth) {
		rest, ok := listItem(l.text)
		if !ok {
			d.fail(CodeStructure, l.off, l.off+len(l.text), "9.4", "expected a list item \"- …\" in this array")
		}
		d.take()
		if first < 0 {
			first = d.last
		}
		items = append(items, d.pos.placed(d.item(rest, l.off+len(l.text)-len(rest), depth), near(l.off, l.off+len(l.text))))
	}
	d.spanBlanks(first)
	if d.strict && len(items) != h.length {
		d.fail(CodeCount, h.keyOff, h.end, "9.4", "the header declares %d items but the array has %d", h.length, len(items))
	}
	return &ir.JSONValue{Kind: ir.JSONArray, Items: items}
}

// listItem returns what follows a list item's marker, and whether text is one.
func listItem(text string) (string, bool) {
	if text == "-" {
		return "", true
	}
	if strings.HasPrefix(text, "- ") {
		return strings.TrimLeft(text[2:], " "), true
	}
	return "", false
}

// item reads a list item whose marker stands at depth (§9.4, §10).
func (d *decoder) item(rest string, off, depth int) *ir.JSONValue {
	d.enter(off)
	defer d.leave()
	if rest == "" {
		return emptyObject()
	}
	if rest == "[]" {
		return emptyArray()
	}
	h, st, at, msg := d.parseHeader(rest, off)
	if st == isHeader && !h.hasKey {
		if h.keyed || h.fields != nil {
			if d.strict {
				d.fail(CodeHeader, off, h.end, "6", "a list item cannot be a keyless header with fields; only the root can")
			}
		} else {
			return d.array(h, depth+1)
		}
	}
	if st == badHeader && d.strict {
		d.fail(CodeHeader, at, at+1, "6", "%s", msg)
	}
	if st == isHeader || firstUnquoted(rest, ':') >= 0 {
		// An object whose first field is on the hyphen line: its fields stand
		// at depth+1, the first field's own content at depth+2 (§10).
		b := objectBuilder{pos: d.pos}
		d.field(rest, off, depth+1, &b)
		d.object(depth+1, &b)
		return b.value()
	}
	return d.primitive(rest, off)
}

// tabular reads the rows of a tabular array (§9.3) at depth.
func (d *decoder) tabular(h *header, depth int) *ir.JSONValue {
	width := leaves(h.fields)
	items := []*ir.JSONValue{}
	first := -1
	for l := range d.scope(depth) {
		colon := firstUnquoted(l.text, ':')
		if colon >= 0 {
			if del := firstUnquoted(l.text, h.delim); del < 0 || colon < del {
				break // a key-value line ends the rows
			}
		}
		d.take()
		if first < 0 {
			first = d.last
		}
		cells := splitCells(l.text, l.off, h.delim)
		d.checkWidth(cells, width, l.off, len(l.text))
		items = append(items, d.pos.placed(d.row(h.fields, cells), near(l.off, l.off+len(l.text))))
	}
	d.spanBlanks(first)
	if d.strict && len(items) != h.length {
		d.fail(CodeCount, h.keyOff, h.end, "9.3", "the header declares %d rows but the table has %d", h.length, len(items))
	}
	return &ir.JSONValue{Kind: ir.JSONArray, Items: items}
}

// keyed reads the entry rows of a keyed tabular object (§9.5) at depth.
func (d *decoder) keyed(h *header, depth int) *ir.JSONValue {
	width := leaves(h.fields)
	b := objectBuilder{pos: d.pos}
	n, first := 0, -1
	for l := range d.scope(depth) {
		colon := firstUnquoted(l.text, ':')
		if colon < 0 {
			if d.strict {
				d.fail(CodeStructure, l.off, l.off+len(l.text), "9.5", "an entry row needs its key and a colon")
			}
			d.take()
			continue
		}
		d.take()
		if first < 0 {
			first = d.last
		}
		key, keyAt := d.key(l.text[:colon], l.off)
		restRaw := l.text[colon+1:]
		var cells []cell
		if strings.Trim(restRaw, " ") != "" {
			cells = splitCells(restRaw, l.off+colon+1, h.delim)
		}
		d.checkWidth(cells, width, l.off, len(l.text))
		d.put(&b, key, keyAt, d.pos.placed(d.row(h.fields, cells), near(keyAt.start, keyAt.end)), l.off, l.off+colon)
		n++
	}
	d.spanBlanks(first)
	if d.strict && n != h.length {
		d.fail(CodeCount, h.keyOff, h.end, "9.5", "the header declares %d entries but the object has %d", h.length, n)
	}
	return b.value()
}

func (d *decoder) checkWidth(cells []cell, width, off, n int) {
	if d.strict && len(cells) != width {
		d.fail(CodeWidth, off, off+n, "9.3", "the row has %d cells but the header has %d fields", len(cells), width)
	}
}

// row builds one element from cells, walking the fields depth first.
func (d *decoder) row(fs []field, cells []cell) *ir.JSONValue {
	next := 0
	return d.rowFields(fs, cells, &next)
}

func (d *decoder) rowFields(fs []field, cells []cell, next *int) *ir.JSONValue {
	b := objectBuilder{pos: d.pos}
	for _, f := range fs {
		if f.sub != nil {
			b.set(f.name, d.rowFields(f.sub, cells, next))
			continue
		}
		if *next >= len(cells) {
			continue // lenient: a missing cell leaves its field out
		}
		c := cells[*next]
		*next++
		b.setAt(f.name, near(c.off, c.off+len(c.text)), d.primitive(c.text, c.off))
	}
	return b.value()
}

// spanBlanks refuses, in strict mode, a blank line inside the array span that
// started at line first and ends at the last line consumed (§12).
func (d *decoder) spanBlanks(first int) {
	if !d.strict || first < 0 {
		return
	}
	for i := first; i <= d.last; i++ {
		if d.lines[i].blank {
			d.fail(CodeBlank, d.lines[i].off, d.lines[i].off, "12", "a blank line inside an array")
		}
	}
}

// primitive decodes a value token (§4).
func (d *decoder) primitive(tok string, off int) *ir.JSONValue {
	v := d.primitiveValue(tok, off)
	if d.pos != nil {
		d.pos.value[v] = token(off, off+len(tok))
	}
	return v
}

func (d *decoder) primitiveValue(tok string, off int) *ir.JSONValue {
	if strings.HasPrefix(tok, `"`) {
		s, n := d.quoted(tok, off)
		if n != len(tok) {
			d.fail(CodeString, off+n, off+len(tok), "4", "text after the closing quote of a string")
		}
		return stringValue(s)
	}
	switch tok {
	case "true":
		return &ir.JSONValue{Kind: ir.JSONBool, Bool: true}
	case "false":
		return &ir.JSONValue{Kind: ir.JSONBool}
	case "null":
		return &ir.JSONValue{Kind: ir.JSONNull}
	}
	if isNumberToken(tok) {
		text, ok := canonicalNumber(tok)
		if !ok {
			d.fail(CodeNumber, off, off+len(tok), "4", "number %s is outside rosettac's numeric domain (exponent beyond ±999999999)", tok)
		}
		return &ir.JSONValue{Kind: ir.JSONNumber, Text: text}
	}
	return stringValue(tok)
}

// quoted decodes the quoted string at the start of s (at offset off) and
// returns it with the length it took, closing quote included.
func (d *decoder) quoted(s string, off int) (string, int) {
	var sb strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			return sb.String(), i + 1
		case c == '\\':
			if i+1 >= len(s) {
				d.fail(CodeString, off+i, off+i+1, "7.1", "a backslash at the end of a string")
			}
			switch e := s[i+1]; e {
			case '\\', '"':
				sb.WriteByte(e)
			case 'n':
				sb.WriteByte('\n')
			case 'r':
				sb.WriteByte('\r')
			case 't':
				sb.WriteByte('\t')
			case 'u':
				r, ok := hex4(s[i+2:])
				if !ok {
					d.fail(CodeString, off+i, off+min(i+6, len(s)), "7.1", `\u needs four hex digits`)
				}
				if r >= 0xD800 && r <= 0xDFFF {
					d.fail(CodeString, off+i, off+i+6, "7.1", `\u%04X is a surrogate, not a character`, r)
				}
				sb.WriteRune(r)
				i += 4
			default:
				d.fail(CodeString, off+i, off+i+2, "7.1", `\%c is not an escape TOON has`, e)
			}
			i += 2
		case c < 0x20 && c != '\t' && d.strict:
			d.fail(CodeString, off+i, off+i+1, "7.1", "a control character U+%04X inside quotes must be escaped", c)
		default:
			sb.WriteByte(c)
			i++
		}
	}
	d.fail(CodeString, off, off+len(s), "7.1", "the string has no closing quote")
	return "", 0
}

// unquote decodes a quoted string at the start of s without reporting: for
// the classifier, which only needs to know where the string ends.
func unquote(s string) (string, int, bool) {
	probe := &decoder{src: diag.NewSource("", []byte(s)), data: s, strict: false}
	var out string
	var n int
	ok := func() (ok bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, isErr := r.(decodeError); !isErr {
					panic(r)
				}
				ok = false
			}
		}()
		out, n = probe.quoted(s, 0)
		return true
	}()
	return out, n, ok
}

func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for i := 0; i < 4; i++ {
		c := s[i]
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// firstUnquoted is the index of the first c outside quotes in s, or -1.
func firstUnquoted(s string, c byte) int {
	in := false
	for i := 0; i < len(s); i++ {
		switch {
		case in && s[i] == '\\':
			i++
		case s[i] == '"':
			in = !in
		case !in && s[i] == c:
			return i
		}
	}
	return -1
}

// cell is one delimiter-separated token with its offset.
type cell struct {
	text string
	off  int
}

// splitCells splits s (at offset off) on the unquoted delim, trimming spaces
// around each token (§11.2); empty tokens stay, as empty strings.
func splitCells(s string, off int, delim byte) []cell {
	var out []cell
	in := false
	start := 0
	emit := func(end int) {
		t := s[start:end]
		lead := len(t) - len(strings.TrimLeft(t, " "))
		out = append(out, cell{strings.Trim(t, " "), off + start + lead})
	}
	for i := 0; i < len(s); i++ {
		switch {
		case in && s[i] == '\\':
			i++
		case s[i] == '"':
			in = !in
		case !in && s[i] == delim:
			emit(i)
			start = i + 1
		}
	}
	emit(len(s))
	return out
}

func quoteForMessage(s string) string { return fmt.Sprintf("%q", s) }
