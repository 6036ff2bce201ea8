package adslrt

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Values are the checked values of one [CALL] or one row, by declared column
// index. A value is absent when it was not given or was "_". The accessors
// convert without failing: the text was checked against the column's kind when
// it was read.
type Values struct {
	text []string
	set  []bool
}

func (v *Values) reset(n int) {
	if cap(v.text) < n {
		v.text = make([]string, n)
		v.set = make([]bool, n)
	}
	v.text = v.text[:n]
	v.set = v.set[:n]
	for i := range v.set {
		v.text[i], v.set[i] = "", false
	}
}

func (v *Values) put(i int, text string) {
	v.text[i] = text
	v.set[i] = text != "_"
}

// Has reports whether value i is present.
func (v *Values) Has(i int) bool { return v.set[i] }

// Text returns the exact text of value i, or "" when it is absent.
func (v *Values) Text(i int) string { return v.text[i] }

// Int returns int value i, or 0 when it is absent.
func (v *Values) Int(i int) int64 {
	if !v.set[i] {
		return 0
	}
	n, _ := strconv.ParseInt(v.text[i], 10, 64)
	return n
}

// IntPtr returns int value i, or nil when it is absent.
func (v *Values) IntPtr(i int) *int64 {
	if !v.set[i] {
		return nil
	}
	n := v.Int(i)
	return &n
}

// Float returns float value i, or 0 when it is absent.
func (v *Values) Float(i int) float64 {
	if !v.set[i] {
		return 0
	}
	f, _ := strconv.ParseFloat(v.text[i], 64)
	return f
}

// FloatPtr returns float value i, or nil when it is absent.
func (v *Values) FloatPtr(i int) *float64 {
	if !v.set[i] {
		return nil
	}
	f := v.Float(i)
	return &f
}

// Str returns str value i byte for byte (commas and all), or "" when it is
// absent.
func (v *Values) Str(i int) string {
	if !v.set[i] {
		return ""
	}
	return v.text[i]
}

// StrPtr returns str value i, or nil when it is absent.
func (v *Values) StrPtr(i int) *string {
	if !v.set[i] {
		return nil
	}
	s := v.text[i]
	return &s
}

// Any returns any value i as its JSON text, or nil when it is absent.
func (v *Values) Any(i int) json.RawMessage {
	if !v.set[i] {
		return nil
	}
	return json.RawMessage(v.text[i])
}

// Split returns the values of a multi-value str cell: "Coding,Reading" is
// Coding and Reading. An empty s has no values.
func Split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// Call is a [CALL] read and checked against its function's declaration.
type Call struct {
	Index  int       // the function's index in the declarations given to ReadCall
	Func   *Function // the function called
	Values           // the parameters, by index in Func.In
}

// ReadCall reads the text of one [CALL] block and checks it against the
// declared functions: the text is a [CALL] line, a [Name] line and NAME:VALUE
// lines (blank lines anywhere; each value is every byte after the first ':').
// The error lists every problem (type Errors): an undeclared function (AD040), a
// missing or empty required parameter (AD041), an unknown parameter (AD042), a
// value of the wrong type (AD043), a parameter given twice (AD044), a missing
// name (AD046), and text that is not one [CALL] (AD001, AD002). A model's
// chatter around the call (prose before it, a markdown fence around it) is
// not part of it: the call is read from inside (unfence).
func ReadCall(text string, funcs []Function) (*Call, error) {
	var e errs
	if !utf8.ValidString(text) {
		// A value that is not UTF-8 would reach the implementation and could come
		// back in a [RESULT] that no AgentDSL reader accepts; F002 is the code
		// rosettac check gives the same text.
		bad := 0
		for bad < len(text) {
			r, n := utf8.DecodeRuneInString(text[bad:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			bad += n
		}
		e.add("F002", 1+strings.Count(text[:bad], "\n"), "the text is not valid UTF-8: re-encode it")
		return nil, e.err()
	}
	ls := unfence(lines(text))
	i := 0
	next := func() (string, int) {
		for ; i < len(ls); i++ {
			if t := trim(ls[i]); t != "" {
				i++
				return ls[i-1], i
			}
		}
		return "", 0
	}
	l, n := next()
	if trim(l) != "[CALL]" {
		if n == 0 {
			e.add(codeNoCallName, 0, "the text holds no [CALL] block")
		} else {
			e.add(codeStray, n, "expected [CALL], found "+strconv.Quote(Clip(trim(l))))
		}
		return nil, e.err()
	}
	l, n = next()
	t := trim(l)
	if n == 0 || !strings.HasPrefix(t, "[") {
		e.add(codeNoCallName, n, "[CALL] without a function name: write [Name] on the line after [CALL]")
		return nil, e.err()
	}
	name := strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	if !strings.HasSuffix(t, "]") || !IsName(name) {
		e.add(codeSyntax, n, "write the function as [Name], Name of letters, digits and _")
		return nil, e.err()
	}
	c := &Call{Index: -1}
	for k := range funcs {
		if funcs[k].Name == name {
			c.Index, c.Func = k, &funcs[k]
			break
		}
	}
	if c.Func == nil {
		e.add(codeUnknownFunc, n, "call of undeclared function "+name+" (declared: "+funcNames(funcs)+")")
		return nil, e.err()
	}
	in := c.Func.In
	c.reset(len(in))
	seen := make([]bool, len(in))
	for {
		l, n = next()
		if n == 0 {
			break
		}
		t := strings.TrimLeft(l, " \t")
		colon := strings.IndexByte(t, ':')
		if strings.HasPrefix(t, "[") || colon < 0 || !IsName(trim(t[:colon])) {
			if strings.HasPrefix(t, "[") {
				e.add(codeStray, n, "a [CALL] text holds one call; "+strconv.Quote(Clip(trim(t)))+" does not belong in it")
				i = len(ls) // the rest is another block: one report is enough
			} else {
				e.add(codeSyntax, n, "write one NAME:VALUE per line, not "+strconv.Quote(Clip(trim(t))))
			}
			continue
		}
		pname, value := trim(t[:colon]), t[colon+1:]
		k := columnIndex(in, pname)
		switch {
		case k < 0:
			e.add(codeUnknownParam, n, "function "+name+" has no parameter "+pname+" (use "+columnNames(in)+")")
		case seen[k]:
			e.add(codeDupParam, n, "parameter "+pname+" is given twice")
		default:
			seen[k] = true
			if code, msg, ok := CheckCell(in[k].Kind, value); !ok {
				if code == codeEmptyCell && in[k].Required {
					code = codeMissingParam
				} else {
					code = codeParamType
				}
				e.add(code, n, "parameter "+pname+" ("+in[k].Kind.String()+"): "+msg)
				continue
			}
			c.put(k, value)
			if in[k].Required && !c.set[k] {
				e.add(codeMissingParam, n, "required parameter "+pname+" is empty (_)")
			}
		}
	}
	for k, col := range in {
		if col.Required && !seen[k] {
			e.add(codeMissingParam, 0, "call of "+name+" lacks required parameter "+col.Name+": add a line "+col.Name+":VALUE")
		}
	}
	if err := e.err(); err != nil {
		return nil, err
	}
	return c, nil
}

func columnIndex(cols []Column, name string) int {
	for i := range cols {
		if cols[i].Name == name {
			return i
		}
	}
	return -1
}

func columnNames(cols []Column) string {
	if len(cols) == 0 {
		return "none: it takes no parameters"
	}
	s := make([]string, len(cols))
	for i, c := range cols {
		s[i] = c.Name
	}
	return strings.Join(s, ", ")
}

func funcNames(fs []Function) string {
	s := make([]string, len(fs))
	for i := range fs {
		s[i] = fs[i].Name
	}
	return strings.Join(s, ", ")
}

// isHeader reports whether a trimmed line opens an AgentDSL block.
func isHeader(t string) bool {
	switch t {
	case "[DATA]", "[FUNCTIONS]", "[CALL]", "[RESULT]", "[JSON]":
		return true
	}
	return strings.HasPrefix(t, "[SCHEMA:")
}

// Read reads the rows of the table from an AgentDSL document: its
// [SCHEMA:LABEL] block and the [DATA] block after it; other blocks are skipped.
// The document's columns are matched to the declaration by name, not by
// position (the seed's rule): a declared column the document lacks is absent in
// every row, a column the declaration lacks is an error (AD042), and so is a
// column of another type (AD043). row receives each row's values in declared
// order; v is reused for the next row. Every problem is returned (type Errors),
// and no row is delivered when there is one.
func (t *Table) Read(doc string, row func(v *Values)) error {
	var e errs
	var (
		lastSchema string
		found      bool
		colsAt     int      // line of the column line, or 0 until read
		state      int      // 0 elsewhere, 1 in our schema block (want columns), 2 in our [DATA]
		docKinds   []Kind   // the document's column kinds
		toDecl     []int    // document column -> declared column
		rows       []string // our rows
		rowLines   []int
	)
	for n, l := range lines(doc) {
		n++
		tl := trim(l)
		if tl == "" {
			continue
		}
		if isHeader(tl) {
			state = 0
			switch {
			case strings.HasPrefix(tl, "[SCHEMA:"):
				lastSchema = strings.TrimSuffix(strings.TrimPrefix(tl, "[SCHEMA:"), "]")
				if lastSchema == t.Label {
					if found {
						e.add(codeDupSchema, n, "schema label "+t.Label+" is declared twice")
					}
					found = true
					state = 1
				}
			case tl == "[DATA]" && lastSchema == t.Label && colsAt > 0:
				state = 2
			}
			continue
		}
		switch state {
		case 1:
			colsAt = n
			docKinds, toDecl = t.matchColumns(tl, n, &e)
			state = 0
		case 2:
			rows = append(rows, l)
			rowLines = append(rowLines, n)
		}
	}
	if !found {
		e.add(codeNoSchema, 0, "the document has no [SCHEMA:"+t.Label+"] block")
	} else if colsAt == 0 {
		e.add(codeNoID, 0, "schema "+t.Label+" has no column line")
	}
	if err := e.err(); err != nil {
		return err
	}
	var v Values
	seen := map[string]int{}
	var out [][]string
	for r, text := range rows {
		n := rowLines[r]
		cells := SplitRow(text, docKinds)
		if len(cells) != len(docKinds) {
			if len(cells) < len(docKinds) {
				e.add(codeFewCells, n, "row has "+strconv.Itoa(len(cells))+" cells, schema "+t.Label+" has "+strconv.Itoa(len(docKinds))+" columns")
			} else {
				e.add(codeManyCells, n, "row has "+strconv.Itoa(len(cells))+" cells, schema "+t.Label+" has "+strconv.Itoa(len(docKinds))+" columns")
			}
			continue
		}
		bad := false
		for i, c := range cells {
			if code, msg, ok := CheckCell(docKinds[i], c); !ok {
				e.add(code, n, "column "+t.Columns[toDecl[i]].Name+": "+msg)
				bad = true
			}
		}
		if bad {
			continue
		}
		if cells[0] == "_" {
			e.add(codeBadInt, n, "row of "+t.Label+" has no ID")
			continue
		}
		if prev, dup := seen[cells[0]]; dup {
			e.add(codeDupID, n, "duplicate ID "+cells[0]+" in "+t.Label+" (first at line "+strconv.Itoa(prev)+")")
			continue
		}
		seen[cells[0]] = n
		out = append(out, cells)
	}
	if err := e.err(); err != nil {
		return err
	}
	for _, cells := range out {
		v.reset(len(t.Columns))
		for i, c := range cells {
			v.put(toDecl[i], c)
		}
		row(&v)
	}
	return nil
}

// matchColumns reads the document's column line and maps its columns to the
// declared ones by name.
func (t *Table) matchColumns(line string, n int, e *errs) (kinds []Kind, toDecl []int) {
	parts := strings.Split(line, "|")
	seen := make([]bool, len(t.Columns))
	for i, p := range parts {
		p = strings.NewReplacer(" ", "", "\t", "").Replace(p)
		name, kind, ok := parseColumn(p)
		if !ok {
			e.add(codeSyntax, n, "column "+strconv.Quote(p)+" is not NAME:type, @SCHEMA.ID:int or NAME:@SCHEMA.ID")
			kinds, toDecl = append(kinds, Str), append(toDecl, 0)
			continue
		}
		if i == 0 && (name != "ID" || kind != Int) {
			e.add(codeNoID, n, "the first column of schema "+t.Label+" is "+strconv.Quote(p)+", not ID:int")
		}
		k := columnIndex(t.Columns, name)
		switch {
		case k < 0:
			e.add(codeUnknownParam, n, "schema "+t.Label+" has no column "+name+" in this program's declaration (declared: "+columnNames(t.Columns)+")")
			k = 0
		case seen[k]:
			e.add(codeDupField, n, "column "+name+" appears twice")
		case t.Columns[k].Kind != kind:
			e.add(codeParamType, n, "column "+name+" is "+kind.String()+" here, but "+t.Columns[k].Kind.String()+" in the declaration")
		}
		seen[k] = true
		kinds, toDecl = append(kinds, kind), append(toDecl, k)
	}
	for k, c := range t.Columns {
		if c.Required && !seen[k] {
			e.add(codeNoID, n, "schema "+t.Label+" lacks column "+c.Name)
		}
	}
	return kinds, toDecl
}

// parseColumn reads NAME[:type], @SCHEMA.FIELD[:type] or NAME:@SCHEMA.FIELD[:type]
// (blanks removed) and returns the column's key and kind.
func parseColumn(p string) (name string, kind Kind, ok bool) {
	typ := ""
	if strings.HasPrefix(p, "@") {
		ref, rest, _ := strings.Cut(p[1:], ":")
		schema, field, dot := strings.Cut(ref, ".")
		if !dot || !IsName(schema) || !IsName(field) {
			return "", 0, false
		}
		name, typ = RefKey(schema, field), rest
		if typ == "" {
			typ = "int"
		}
	} else {
		var rest string
		name, rest, _ = strings.Cut(p, ":")
		if !IsName(name) {
			return "", 0, false
		}
		if strings.HasPrefix(rest, "@") {
			ref, t, _ := strings.Cut(rest[1:], ":")
			schema, field, dot := strings.Cut(ref, ".")
			if !dot || !IsName(schema) || !IsName(field) {
				return "", 0, false
			}
			typ = t
			if typ == "" {
				typ = "int"
			}
		} else {
			typ = rest
			if typ == "" {
				typ = "str"
			}
		}
	}
	switch typ {
	case "int":
		return name, Int, true
	case "float":
		return name, Float, true
	case "str":
		return name, Str, true
	case "any":
		return name, Any, true
	}
	return "", 0, false
}

// unfence blanks the chatter around a [CALL] in a model's reply: every line
// before the [CALL] line (prose, an opening fence) and, when a fence opened
// before it, everything from the fence that closes it. Lines keep their
// numbers, so an error still names the line it is on. Text with no [CALL]
// line is left as it is (and reported as such).
func unfence(ls []string) []string {
	c := -1
	for k, l := range ls {
		if trim(l) == "[CALL]" {
			c = k
			break
		}
	}
	if c <= 0 {
		return ls
	}
	fenced := false
	for k := 0; k < c; k++ {
		fenced = fenced || isFenceLine(trim(ls[k]))
		ls[k] = ""
	}
	if fenced {
		for k := c + 1; k < len(ls); k++ {
			if isFenceLine(trim(ls[k])) {
				for ; k < len(ls); k++ {
					ls[k] = ""
				}
			}
		}
	}
	return ls
}

// isFenceLine reports whether t (trimmed) is a markdown code fence line.
func isFenceLine(t string) bool {
	if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
		return false
	}
	return !strings.ContainsAny(t[3:], " \t`")
}
