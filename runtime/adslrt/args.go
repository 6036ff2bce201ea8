package adslrt

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// ReadArgs reads the arguments of a call of f given as a JSON object (the
// arguments of an MCP tools/call, or of any JSON tool protocol) and checks
// them as ReadCall checks a [CALL] text, with the same codes: an unknown
// parameter (AD042), a missing required one or one given as null (AD041), a
// value of the wrong type (AD043). An int or float is a JSON number, a str a
// JSON string (AgentDSL's cell rules apply to its text: no empty string, no
// line break, no empty value between commas), an any parameter any JSON value.
// A JSON null is an absent parameter.
// Every problem is reported at once (type Errors), none with a line.
func ReadArgs(args []byte, f *Function) (*Values, error) {
	var e errs
	c := &Values{}
	c.reset(len(f.In))
	args = bytes.TrimSpace(args)
	if len(args) == 0 || bytes.Equal(args, []byte("null")) {
		args = []byte("{}")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(args, &members); err != nil {
		e.add(codeSyntax, 0, "the arguments of "+f.Name+" must be one JSON object: "+err.Error())
		return nil, e.err()
	}
	// Report in declaration order, then unknown names sorted, so the message
	// is the same for the same arguments.
	for k, col := range f.In {
		raw, ok := members[col.Name]
		if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			if col.Required {
				e.add(codeMissingParam, 0, "call of "+f.Name+" lacks required parameter "+col.Name)
			}
			continue
		}
		text, msg := argText(col.Kind, raw)
		if msg == "" {
			if code, m, ok := CheckCell(col.Kind, text); !ok {
				if code == codeEmptyCell && col.Required {
					e.add(codeMissingParam, 0, "required parameter "+col.Name+" is empty")
				} else {
					e.add(codeParamType, 0, "parameter "+col.Name+" ("+col.Kind.String()+"): "+m)
				}
				continue
			}
			if col.Kind == Str && strings.ContainsAny(text, "\r\n") {
				// A [CALL] value is one line: the typed input a call can
				// reach the method with is the same from JSON as from text.
				e.add(codeParamType, 0, "parameter "+col.Name+" (str): a line break, which a [CALL] value cannot hold; send such text in an any parameter")
				continue
			}
			c.put(k, text)
			continue
		}
		e.add(codeParamType, 0, "parameter "+col.Name+" ("+col.Kind.String()+"): "+msg)
	}
	var unknown []string
	for name := range members {
		if columnIndex(f.In, name) < 0 {
			unknown = append(unknown, name)
		}
	}
	sortStrings(unknown)
	for _, name := range unknown {
		e.add(codeUnknownParam, 0, "function "+f.Name+" has no parameter "+strconv.Quote(Clip(name))+" (use "+columnNames(f.In)+")")
	}
	if err := e.err(); err != nil {
		return nil, err
	}
	return c, nil
}

// argText is the cell text of a JSON argument of kind k, or a message saying
// why the JSON value is not of that kind.
func argText(k Kind, raw json.RawMessage) (string, string) {
	raw = bytes.TrimSpace(raw)
	switch k {
	case Int, Float:
		if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
			return "", "want a JSON number, not " + Clip(string(raw))
		}
		return string(raw), ""
	case Str:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", "want a JSON string, not " + Clip(string(raw))
		}
		if s == "_" {
			return "", "the string \"_\" is AgentDSL's empty cell, which a str cannot hold"
		}
		return s, ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return "", "not valid JSON"
	}
	return b.String(), ""
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
