package adslrt

import (
	"errors"
)

// StatusKind is what became of a dispatched call.
type StatusKind uint8

const (
	// OK: the method ran and its rows travel in a SUCCESS [RESULT].
	OK StatusKind = iota
	// CallError: the call was not a valid call of a declared function
	// (AD040, AD041, ...); the method was not called.
	CallError
	// HandlerError: the method returned an error, or rows AgentDSL cannot
	// carry; the [RESULT] is an ERROR one saying so.
	HandlerError
)

func (k StatusKind) String() string {
	switch k {
	case OK:
		return "ok"
	case CallError:
		return "call error"
	case HandlerError:
		return "handler error"
	}
	return "unknown"
}

// Status is what Dispatch did with a call, beside the [RESULT] text it
// returns: a host logs, counts or retries on it without parsing the text.
type Status struct {
	Kind StatusKind
	// Err is nil for OK. For CallError it is the call's problems (an
	// Errors, each with its AgentDSL code: Codes lists them); for
	// HandlerError the method's error, or why its rows could not travel.
	Err error
}

// Codes lists the AgentDSL codes of a CallError's problems, in the order
// found (AD040, AD041, ...); nil for another status.
func (s Status) Codes() []string {
	if s.Kind != CallError {
		return nil
	}
	var es Errors
	if !errors.As(s.Err, &es) {
		var e *Error
		if errors.As(s.Err, &e) {
			return []string{e.Code}
		}
		return nil
	}
	codes := make([]string, len(es))
	for i, e := range es {
		codes[i] = e.Code
	}
	return codes
}

// CallFailed is Dispatch's answer to a call ReadCall refused: the ERROR
// [RESULT] with every problem, and a CallError status.
func CallFailed(err error) (string, Status) {
	return ErrorResult(err), Status{Kind: CallError, Err: err}
}

// HandlerFailed is Dispatch's answer when the method returned err: the ERROR
// [RESULT] with its message, and a HandlerError status.
func HandlerFailed(err error) (string, Status) {
	return ErrorResult(err), Status{Kind: HandlerError, Err: err}
}

// Answer is Dispatch's answer with the method's rows written to w (nil for a
// function without OUT fields): a SUCCESS [RESULT] and OK, or, when the rows
// cannot travel (Finish), an ERROR [RESULT] and a HandlerError status.
func Answer(f *Function, w *RowWriter) (string, Status) {
	text, err := Finish(f, w)
	if err != nil {
		return text, Status{Kind: HandlerError, Err: err}
	}
	return text, Status{Kind: OK}
}
