package rosetta

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Header recovery, token by token (spec §7, conformance P1). A line that
// begins with a message id and an act is a header even when the rest of it
// does not parse: in any case (`Tell`), inside markdown emphasis or code
// (`**…**`, `__…__`, backticks), after a list or heading marker, and with
// parts that are not header syntax. Each part that does not parse gets its
// own diagnostic at its own column; where the intent is unambiguous it is
// repaired (and the repair reported, with a safe fix), where it is not it is
// kept as written or left out of the header, and reported. The grammar then
// reads the repaired line: recovery rewrites the line, it does not replace
// the grammar.
//
// A line whose act is spelt right but whose rest is not header-shaped at all
// (`step2 done before the rollback`) stays prose, as before: only a line with
// a route or a field after the act, or one that needed its decoration or
// its act's case repaired, is taken as a header.

// Codes of header recovery.
const (
	CodeHeaderDecoration = "P016" // INFO: markdown or list decoration around a header was stripped
	CodeActCase          = "P017" // WARN: the act is not written in lower case, or is misspelt (ERROR)
	CodeHeaderValue      = "P018" // WARN: a header value in a near form was repaired (ttl=1 hour, at=DATE TIME)
	CodeHeaderPart       = "P019" // ERROR: a part of a header line that is not header syntax
	CodeTopicChars       = "P020" // WARN: a topic holds characters a topic name may not; kept as written
)

// finding is one thing recovery did or could not do, at source offsets.
type finding struct {
	sev        diag.Severity
	code       string
	start, end int // source offsets
	msg, hint  string
	fix        *fixText // or nil
}

// fixText is a fix as recovery knows it: edits at source offsets.
type fixText struct {
	title string
	app   diag.Applicability
	edits []editAt
}

type editAt struct {
	start, end int
	text       string
}

// recovered is a header line rewritten for the grammar.
type recovered struct {
	seg                 // text is the rewritten line; off maps back through offs
	finds     []finding // in column order
	topicKept [2]int    // source range of a topic kept as written (P020), or zero
}

// headerLeadRE matches the decoration a model puts before a header: a list
// bullet or number, a heading or quote marker, emphasis or code markers (the
// group: the marker the trail must close).
var headerLeadRE = regexp.MustCompile("^(?:(?:[-*+•]|\\d+[.)]|#{1,6}|>)[ \t]+)?(\\*\\*|__|`{1,3}|\\*|_)?")

// headerTrailRE matches emphasis or code markers closing a header line.
var headerTrailRE = regexp.MustCompile("(?:\\*\\*|__|`{1,3}|\\*|_)[ \t]*$")

// timeOfDayRE is the time part of an at= written with a space (at=2026-07-01 10:30).
var timeOfDayRE = regexp.MustCompile(`^\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$`)

// dateRE is a date an at= value may end in before the time was split off.
var dateRE = regexp.MustCompile(`^(?:@t:)?\d{4}-\d{2}-\d{2}$`)

// durationNearRE is a duration in words or with a long unit (1 hour, 90min, 2 days).
var durationNearRE = regexp.MustCompile(`^(\d+(?:\.\d+)?)[ \t]*([A-Za-z]+)$`)

// durationUnits maps the unit words models write to the spec's one letter.
var durationUnits = map[string]string{
	"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
	"m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
	"d": "d", "day": "d", "days": "d",
	"w": "w", "wk": "w", "wks": "w", "week": "w", "weeks": "w",
}

// nearDuration returns the spec's form of a duration written in a near form
// ("1 hour" → "1h"), and false when v is not one or already is canonical.
func nearDuration(v string) (string, bool) {
	m := durationNearRE.FindStringSubmatch(v)
	if m == nil {
		return "", false
	}
	u, ok := durationUnits[strings.ToLower(m[2])]
	if !ok || m[1]+u == v {
		return "", false
	}
	return m[1] + u, true
}

// word is one white-space separated run of a header line, at offsets of the line text.
type word struct{ start, end int }

// recoverHeader rewrites sg, a line the header grammar refused (or one that
// only recovery sees as a header), into one it reads, or reports false when
// the line is not a header: no id and act, or an id and a correctly written
// act followed by nothing header-shaped (prose), or a misspelt act with
// nothing header-shaped after it.
func (p *parser) recoverHeader(sg seg) (recovered, bool) {
	s := sg.text
	var r recovered
	var out strings.Builder
	var offs []int
	// add appends text, which stands for the line's bytes [a, b).
	add := func(text string, a, b int) {
		for k := range len(text) {
			offs = append(offs, sg.off(min(a+k, b)))
		}
		out.WriteString(text)
	}

	// Decoration before and after. Emphasis and code markers come in pairs:
	// a marker at the end of the line is decoration only when it closes the
	// one the lead opened (`**…**`, `*…*`, `` `…` ``). Unopened, it is the
	// header's own text (`#A*`, kept as written by P020), which fmt writes
	// back as it was: were it read as emphasis, `a0 ell #A* 0` would print as
	// `a0 tell #A*` and read back with the topic `A`. The message parsed
	// again from its span, which starts after the lead, sees the lead too:
	// the Rereader reads a header line from its start.
	lead := headerLeadRE.FindStringSubmatchIndex(s)
	i := lead[1]
	opened := ""
	if lead[2] >= 0 {
		opened = s[lead[2]:lead[3]]
	}
	end := len(s)
	for end > i && (s[end-1] == ' ' || s[end-1] == '\t') {
		end--
	}
	trail := -1
	if opened != "" {
		if t := headerTrailRE.FindStringIndex(s[i:end]); t != nil && s[i+t[0]:end] == opened {
			trail = i + t[0]
		}
		// A lone `*` after `>` or `,` is the broadcast target (`>*`), and
		// after `=` a field's value (`at=*`), not emphasis, even inside a
		// `*` the lead opened.
		if trail > 0 && opened == "*" && strings.ContainsRune(">,=", rune(s[trail-1])) {
			trail = -1
		}
	}

	// The id and the act.
	j := msgIDEnd(s, i)
	if j < 0 || wsLen(s, j) == 0 {
		return r, false
	}
	ka := skipWS(s, j)
	kb := runOf(s, ka, isLetter)
	if kb == ka || !endOfItem(s, kb) && !(trail >= 0 && kb == trail) {
		return r, false
	}
	actWritten := s[ka:kb]
	act := strings.ToLower(actWritten)
	restEnd := end
	if trail >= 0 {
		restEnd = trail
	}
	words := splitWords(s, kb, restEnd)
	headerShaped := false
	for _, w := range words {
		if strings.ContainsAny(s[w.start:w.end], ">=＞＝#＃") {
			headerShaped = true
			break
		}
	}
	changedCase := ir.IsAct(act) && act != actWritten
	if !ir.IsAct(act) {
		guess, ok := diag.Closest(act, Acts)
		if !ok || !headerShaped {
			return r, false
		}
		r.finds = append(r.finds, finding{sev: diag.Error, code: CodeActCase, start: sg.off(ka), end: sg.off(kb),
			msg:  "`" + actWritten + "` is not an act; read as `" + guess + "`",
			hint: "the acts are " + strings.Join(Acts, ", "),
			fix:  &fixText{title: "write the act as " + guess, app: diag.Review, edits: []editAt{{sg.off(ka), sg.off(kb), guess}}}})
		act = guess
	} else if changedCase {
		r.finds = append(r.finds, finding{sev: diag.Warning, code: CodeActCase, start: sg.off(ka), end: sg.off(kb),
			msg:  "act `" + actWritten + "` written in upper case; read as `" + act + "`",
			hint: "acts are lower case",
			fix:  &fixText{title: "write the act as " + act, app: diag.Safe, edits: []editAt{{sg.off(ka), sg.off(kb), act}}}})
	}
	decorated := i > 0 || trail >= 0
	// With nothing after the act, only emphasis or code markers around the
	// line, or an act's case, say a header was meant: `- step1 done` is a
	// list item.
	if !headerShaped && (len(words) > 0 || trail < 0 && !changedCase) {
		return r, false // prose that starts with an id and an act
	}
	if decorated {
		f := &fixText{title: "remove the decoration around the header", app: diag.Safe}
		if i > 0 {
			f.edits = append(f.edits, editAt{sg.off(0), sg.off(i), ""})
		}
		if trail >= 0 {
			f.edits = append(f.edits, editAt{sg.off(trail), sg.off(len(s)), ""})
		}
		a, b := 0, i
		if i == 0 {
			a, b = trail, len(s)
		}
		r.finds = append(r.finds, finding{sev: diag.Info, code: CodeHeaderDecoration, start: sg.off(a), end: sg.off(b),
			msg:  "markdown or list decoration around a header was stripped",
			hint: "write a header on a line of its own, with nothing around it",
			fix:  f})
	}
	add(s[i:j], i, j)
	add(" ", j, ka)
	add(act, ka, kb)
	last := kb // the end of the last part written: a separator maps there

	// The rest, word by word.
	routeOK := true
	for k := 0; k < len(words); {
		w := words[k]
		text := s[w.start:w.end]
		// at=DATE TIME: the date and the time were split by a space.
		if k+1 < len(words) {
			if key, val, ok := cutField(text); ok && key == "at" && dateRE.MatchString(val) && timeOfDayRE.MatchString(s[words[k+1].start:words[k+1].end]) {
				nw := words[k+1]
				join := "T"
				if s[nw.start+1] == ':' { // 9:05: ISO 8601 writes the hour in two digits
					join = "T0"
				}
				fixed := text + join + s[nw.start:nw.end]
				r.finds = append(r.finds, finding{sev: diag.Warning, code: CodeHeaderValue, start: sg.off(w.start), end: sg.off(nw.end),
					msg:  "`" + s[w.start:nw.end] + "` is a date and a time split by a space; read as `" + fixed + "`",
					hint: "write a time as one word: at=YYYY-MM-DDTHH:MM (or at=@t:HH:MM with an epoch)",
					fix:  &fixText{title: "join the date and the time with " + join, app: diag.Safe, edits: []editAt{{sg.off(w.end), sg.off(nw.start), join}}}})
				add(" ", last, last)
				add(fixed, w.start, nw.end)
				last = nw.end
				routeOK = false
				k += 2
				continue
			}
			// ttl=1 hour: a number and a unit word.
			if key, val, ok := cutField(text); ok && key == "ttl" {
				if d, ok := nearDuration(val + " " + s[words[k+1].start:words[k+1].end]); ok {
					nw := words[k+1]
					r.finds = append(r.finds, durationFinding(sg, w.start, nw.end, s[w.start:nw.end], "ttl="+d, sg.off(w.start+len("ttl="))))
					add(" ", last, last)
					add("ttl="+d, w.start, nw.end)
					last = nw.end
					routeOK = false
					k += 2
					continue
				}
			}
		}
		// The shortest run of up to four words that is header syntax: one
		// word, or a route written with spaces (a1 > a2).
		n := 0
		for m := 1; m <= min(len(words)-k, 4); m++ {
			if p.headerPart(s[w.start:words[k+m-1].end], routeOK) {
				n = m
				break
			}
		}
		if n > 0 {
			part := s[w.start:words[k+n-1].end]
			if key, val, ok := cutField(part); ok && key == "ttl" {
				if d, ok := nearDuration(val); ok {
					r.finds = append(r.finds, durationFinding(sg, w.start, words[k+n-1].end, part, "ttl="+d, sg.off(w.start+len("ttl="))))
					part = "ttl=" + d
				}
			}
			add(" ", last, last)
			add(part, w.start, words[k+n-1].end)
			last = words[k+n-1].end
			routeOK = false // a route comes first or not at all
			k += n
			continue
		}
		routeOK = false
		// A topic with characters a topic name may not hold: kept as written.
		if (strings.HasPrefix(text, "#") || strings.HasPrefix(text, fwHash)) && r.topicKept == [2]int{} {
			mark := len("#")
			if strings.HasPrefix(text, fwHash) {
				mark = len(fwHash)
			}
			name := text[mark:]
			if lexable, suggest, ok := topicSafe(name); ok && p.headerPart("#"+lexable, false) {
				f := finding{sev: diag.Warning, code: CodeTopicChars, start: sg.off(w.start), end: sg.off(w.end),
					msg:  "topic `" + name + "` holds characters a topic name may not (ASCII letters, digits, _ and . only); kept as written",
					hint: "write the topic with ASCII letters, digits, _ and . (spec §5.3)"}
				if suggest != "" {
					f.hint += ", such as #" + suggest
					f.fix = &fixText{title: "write the topic as #" + suggest, app: diag.Review, edits: []editAt{{sg.off(w.start + mark), sg.off(w.end), suggest}}}
				}
				r.finds = append(r.finds, f)
				add(" ", last, last)
				add(text[:mark], w.start, w.start+mark)
				add(lexable, w.start+mark, w.end)
				last = w.end
				r.topicKept = [2]int{sg.off(w.start + mark), sg.off(w.end)}
				k++
				continue
			}
		}
		// A field written as a label, key: value or key:value (re: a1.1,
		// ttl:1h): read as key=value when that is a field.
		if key, val, found := strings.Cut(text, ":"); found && isHeaderKey(strings.ToLower(key)) && !strings.Contains(key, "=") {
			low, b := strings.ToLower(key), w.end
			if val == "" && k+1 < len(words) {
				val, b = s[words[k+1].start:words[k+1].end], words[k+1].end
			}
			if fixed := low + "=" + val; val != "" && p.headerPart(fixed, false) {
				r.finds = append(r.finds, finding{sev: diag.Warning, code: CodeHeaderValue, start: sg.off(w.start), end: sg.off(b),
					msg:  "`" + s[w.start:b] + "` is a header field written with a colon; read as `" + fixed + "`",
					hint: "write a header field as key=value, with no space: re=a1.1, ttl=1h",
					fix:  &fixText{title: "write " + fixed, app: diag.Safe, edits: []editAt{{sg.off(w.start), sg.off(b - len(val)), low + "="}}}})
				add(" ", last, last)
				add(fixed, w.start, b)
				last = b
				k++
				if b != w.end {
					k++
				}
				continue
			}
		}
		// A field whose key is in the wrong case or misspelt.
		if key, val, ok := cutFieldAny(text); ok && val != "" {
			low := strings.ToLower(key)
			if isHeaderKey(low) {
				r.finds = append(r.finds, finding{sev: diag.Warning, code: CodeHeaderValue, start: sg.off(w.start), end: sg.off(w.start + len(key)),
					msg:  "header key `" + key + "` written in upper case; read as `" + low + "`",
					hint: "header keys are lower case: " + strings.Join(HeaderKeys, ", ") + ", x_…",
					fix:  &fixText{title: "write the key as " + low, app: diag.Safe, edits: []editAt{{sg.off(w.start), sg.off(w.start + len(key)), low}}}})
				if p.headerPart(low+text[len(key):], false) {
					add(" ", last, last)
					add(low+text[len(key):], w.start, w.end)
					last = w.end
				}
				k++
				continue
			}
			f := finding{sev: diag.Error, code: CodeHeaderPart, start: sg.off(w.start), end: sg.off(w.end),
				msg:  "`" + key + "` is not a header key; the field is left out of the header",
				hint: "header keys are " + strings.Join(HeaderKeys, ", ") + "; an extension is x_" + low}
			if guess, ok := diag.Closest(low, HeaderKeys); ok {
				f.msg = "`" + key + "` is not a header key (did you mean `" + guess + "`?); the field is left out of the header"
				f.fix = &fixText{title: "write the key as " + guess, app: diag.Review, edits: []editAt{{sg.off(w.start), sg.off(w.start + len(key)), guess}}}
			} else {
				f.fix = &fixText{title: "write the key as x_" + low, app: diag.Review, edits: []editAt{{sg.off(w.start), sg.off(w.start + len(key)), "x_" + low}}}
			}
			r.finds = append(r.finds, f)
			k++
			continue
		}
		r.finds = append(r.finds, finding{sev: diag.Error, code: CodeHeaderPart, start: sg.off(w.start), end: sg.off(w.end),
			msg:  "`" + text + "` is not header syntax; it is left out of the header",
			hint: "after the act a header has [sender]>targets, #topic and key=value fields; move prose to a slot (q, a, txt)"})
		k++
	}
	offs = append(offs, sg.off(last))
	sort.SliceStable(r.finds, func(a, b int) bool { return r.finds[a].start < r.finds[b].start })
	r.seg = seg{text: out.String(), src: sg.src, line: sg.line, offs: offs}
	return r, true
}

// durationFinding is the P018 repair of a ttl written in a near form.
func durationFinding(sg seg, a, b int, written, fixed string, valueAt int) finding {
	return finding{sev: diag.Warning, code: CodeHeaderValue, start: sg.off(a), end: sg.off(b),
		msg:  "`" + written + "` is not a duration; read as `" + fixed + "`",
		hint: "a duration is a number and one of s, m, h, d, w: ttl=90s, ttl=15m, ttl=1h",
		fix:  &fixText{title: "write " + fixed, app: diag.Safe, edits: []editAt{{valueAt, sg.off(b), strings.TrimPrefix(fixed, "ttl=")}}}}
}

// splitWords returns the white-space separated words of s[from:to].
func splitWords(s string, from, to int) []word {
	var ws []word
	for i := skipWS(s, from); i < to; i = skipWS(s, i) {
		j := i
		for j < to && wsLen(s, j) == 0 {
			j++
		}
		ws = append(ws, word{i, j})
		i = j
	}
	return ws
}

// cutField splits key=value with a lower-case header key.
func cutField(s string) (key, val string, ok bool) {
	k, v, ok := cutFieldAny(s)
	if !ok || !isHeaderKey(k) {
		return "", "", false
	}
	return k, v, true
}

// cutFieldAny splits word=value for any word key.
func cutFieldAny(s string) (key, val string, ok bool) {
	w := runOf(s, 0, isWord)
	if w == 0 {
		return "", "", false
	}
	rest := s[w:]
	switch {
	case strings.HasPrefix(rest, "="):
		return s[:w], rest[1:], true
	case strings.HasPrefix(rest, fwEq):
		return s[:w], rest[len(fwEq):], true
	}
	return "", "", false
}

// topicSafe returns name as the header lexer reads it, each byte a topic
// name may not hold replaced (so offsets still map byte for byte), and the
// name to suggest, "" when there is no good guess (the name is not ASCII).
// ok is false when name needs nothing, or does not start with a letter.
func topicSafe(name string) (lexable, suggest string, ok bool) {
	if name == "" || name[0] < 0x80 && !isLetter(name[0]) {
		return "", "", false
	}
	b := []byte(name)
	ascii, changed := true, false
	for i, c := range b {
		switch {
		case isWord(c) || c == '.':
		case c >= 0x80:
			b[i], ascii, changed = 'x', false, true
		default:
			b[i], changed = '_', true
		}
	}
	if !changed {
		return "", "", false
	}
	if ascii {
		suggest = string(b)
	}
	return string(b), suggest, true
}

// headerPart reports whether s is header syntax after the act: one part or
// several (a #topic, key=value fields, and where route is set a route first).
func (p *parser) headerPart(s string, route bool) bool {
	if !lexLine(&p.rlex, modeHeader, "a1 note "+s) {
		return false
	}
	if !route {
		for _, t := range p.rlex.toks {
			if t.Type == tGt {
				return false
			}
		}
	}
	return true
}

// recovered reads line l as a header by recovery when it is one, reporting
// what recovery found, and reports whether it did. A line recovery takes as
// a header that the grammar still refuses is P015, an error, and is read as
// text: a line that looks like a header is never passed over with an info.
func (p *parser) recovered(l lineRef, sg seg) bool {
	if sg.changed || !mayBeHeader(sg.text) {
		return false
	}
	r, ok := p.recoverHeader(sg)
	if !ok {
		return false
	}
	g := parseLine(&p.hlex, headerParser(), modeHeader, r.text)
	if g == nil {
		return false
	}
	p.endMessage()
	p.endProse()
	p.header(g, r.seg, l)
	if r.topicKept != [2]int{} {
		p.cur.m.Header.Topic = p.text[r.topicKept[0]:r.topicKept[1]]
	}
	for _, f := range r.finds {
		d := diag.Diagnostic{Severity: f.sev, Code: f.code, Span: p.src.Span(f.start, f.end), Message: f.msg, Hint: f.hint}
		if f.fix != nil {
			fx := diag.Fix{Title: f.fix.title, Applicability: f.fix.app}
			for _, e := range f.fix.edits {
				fx.Edits = append(fx.Edits, diag.TextEdit{Span: p.src.Span(e.start, e.end), NewText: e.text})
			}
			d.Fixes = []diag.Fix{fx}
		}
		p.diags = append(p.diags, d)
	}
	return true
}

// mayBeHeader is the cheap test before recovery, recoverHeader's own first
// one: after optional decoration, a message id and white space start the
// line. It runs on every line that is not a header, so the decoration
// expression runs only when the line does not start with a letter (a lead
// never does, so it would match nothing there).
func mayBeHeader(s string) bool {
	i := 0
	if s == "" || !isLower(s[0]) {
		i = headerLeadRE.FindStringIndex(s)[1]
	}
	j := msgIDEnd(s, i)
	return j >= 0 && wsLen(s, j) > 0
}

// nearFields repairs the values of a header the grammar read whole that are
// in a near form only recovery knows (ttl=90min): P018, with a safe fix.
func (p *parser) nearFields(sg seg) {
	if sg.changed {
		return
	}
	h := p.cur.m.Header
	for i := range h.Fields {
		f := &h.Fields[i]
		end := f.Span.EndOffset()
		val := p.src.Span(end-len(f.Value), end)
		if f.Key == "pri" {
			// pri=HIGH, pri=normal: a level in another form, read as it; a
			// guess (pri=urgent) is the checker's E015 to offer.
			if lv, sure, ok := ir.NearPriority(f.Value); ok && sure {
				p.diags = append(p.diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeHeaderValue, Span: f.Span,
					Message: "`pri=" + f.Value + "` is not a priority level; read as `pri=" + lv + "`",
					Hint:    "the priority levels are " + strings.Join(ir.PriLevels, ", ") + ", in lower case",
					Fixes:   []diag.Fix{diag.Replace("write pri="+lv, diag.Safe, val, lv)}})
				f.Value = lv
			}
			continue
		}
		if f.Key != "ttl" {
			continue
		}
		d, ok := nearDuration(f.Value)
		if !ok {
			continue
		}
		p.diags = append(p.diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeHeaderValue, Span: f.Span,
			Message: "`ttl=" + f.Value + "` is not a duration; read as `ttl=" + d + "`",
			Hint:    "a duration is a number and one of s, m, h, d, w: ttl=90s, ttl=15m, ttl=1h",
			Fixes:   []diag.Fix{diag.Replace("write ttl="+d, diag.Safe, val, d)}})
		f.Value = d
	}
}

// CodeConfSlip is a confidence written in a near form.
const CodeConfSlip = "P021" // WARN: ~high, ~medium, ~low, ~HI, (~hi) read as ~hi, ~mid, ~lo

// confSlipRE is a confidence in a near form at the end of a value.
var confSlipRE = regexp.MustCompile(`(?i)[ \t]*[(\[]?[ \t]*(?:~|～)[ \t]*(high|hi|medium|med|mid|low|lo|\?|\d{1,3}(?:\.\d+)?%|(?:0?\.\d+|1(?:\.0+)?|0))[ \t]*[)\]]?[ \t]*$`)

// confNumber reads a number written as a percentage (90%) as the number it
// is (0.9), and a bare number (0.9, written in a near form such as (~0.9))
// as itself; false when it is more than 1.
func confNumber(w string) (string, bool) {
	if pct, ok := strings.CutSuffix(w, "%"); ok {
		f, err := strconv.ParseFloat(pct, 64)
		if err != nil || f > 100 {
			return "", false
		}
		return strconv.FormatFloat(f/100, 'f', -1, 64), true
	}
	f, err := strconv.ParseFloat(w, 64)
	if err != nil || f > 1 {
		return "", false
	}
	return w, true
}

// confWords maps the near forms' words to the spec's literal.
var confWords = map[string]string{"high": "hi", "hi": "hi", "medium": "mid", "med": "mid", "mid": "mid", "low": "lo", "lo": "lo", "?": "?"}

// confSlip reads a confidence written in a near form at the end of b's
// value (`~high`, `(~hi)`, `~HI`) as the literal it means (P021, a safe
// fix), so the claim does not pass for one with no stated confidence.
func (p *parser) confSlip(b *ir.Binding) {
	if b.Conf != nil || b.ValueSpan.Len() != len(b.Value) {
		return
	}
	start := b.ValueSpan.StartOffset()
	cut, conf := p.slip(b.Value, func(i int) int { return start + i })
	if conf == nil {
		return
	}
	b.Conf = conf
	b.Value = b.Value[:cut]
	b.ValueSpan = b.ValueSpan.WithEnd(start + cut)
}

// slip finds a confidence in a near form at the end of s, whose byte i is at
// source offset at(i): it reports P021 with its fix and returns where the
// value ends and the confidence, or a nil confidence. One mechanism for a
// binding's own line (confSlip) and a continuation line (join), so a value
// reads the same whichever line its end is on.
func (p *parser) slip(s string, at func(int) int) (int, *ir.Conf) {
	if strings.IndexByte(s, '~') < 0 && !strings.Contains(s, "～") {
		return 0, nil // every match has a tilde: spare the expression (2% of a check)
	}
	loc := confSlipRE.FindStringSubmatchIndex(s)
	if loc == nil {
		return 0, nil
	}
	word := strings.ToLower(s[loc[2]:loc[3]])
	kind, ok := confWords[word]
	if !ok {
		kind, ok = confNumber(word)
	}
	if !ok {
		return 0, nil // a number the lexer would have read as written, or out of range
	}
	lit := "~" + kind
	written := strings.TrimSpace(s[loc[0]:loc[1]])
	lead := loc[0] + (len(s[loc[0]:loc[1]]) - len(strings.TrimLeft(s[loc[0]:loc[1]], " \t")))
	var fixes []diag.Fix
	from := at(lead)
	if from >= 0 {
		fixes = []diag.Fix{diag.Replace("write the confidence as "+lit, diag.Safe, p.src.Span(from, at(loc[1])), lit)}
	} else {
		// Part of the near form is not where the source can say: point at
		// the part that is, and offer no fix, which must replace exactly
		// what was written.
		for i := lead; from < 0 && i < loc[1]; i++ {
			from = at(i)
		}
		from = max(from, 0)
	}
	sp := p.src.Span(from, at(loc[1]))
	p.diags = append(p.diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeConfSlip, Span: sp,
		Message: "confidence `" + written + "` is not a confidence literal; read as `" + lit + "`",
		Hint:    "end a claim with ~hi, ~mid, ~lo or ~?, nothing around it",
		Fixes:   fixes})
	return loc[0], p.nodes.conf(sp, kind)
}

// tailOffset is the source offset of val[i], for a value whose text ends at
// source offset end and whose line breaks were joined as single spaces; -1
// when the source does not read back as val from there (recovery rewrote it).
// It walks back from the end, so it costs the length of the tail asked for.
func (p *parser) tailOffset(val string, i, end int) int {
	isWS := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	j := min(end, len(p.text)) - 1
	for j >= 0 && isWS(p.text[j]) {
		j--
	}
	for k := len(val) - 1; k >= i; k-- {
		if j < 0 {
			return -1
		}
		if isWS(val[k]) {
			for k > i && isWS(val[k-1]) {
				k--
			}
			if !isWS(p.text[j]) {
				return -1
			}
			for j >= 0 && isWS(p.text[j]) {
				j--
			}
			if k == i {
				return j + 1
			}
			continue
		}
		if p.text[j] != val[k] {
			return -1
		}
		if k == i {
			return j
		}
		j--
	}
	return -1
}

// isHeaderLead reports whether s is all decoration a model puts before a
// header (headerLeadRE matches the whole of it).
func isHeaderLead(s string) bool {
	return s != "" && headerLeadRE.FindStringIndex(s)[1] == len(s)
}
