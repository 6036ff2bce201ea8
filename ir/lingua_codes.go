package ir

import "strings"

// LinguaCode is one entry of Agent Lingua's code tables (docs/lingua.md; the
// specification's "Codes"): the digit or letter written on the
// wire, the seed's three-letter mnemonic where it has one, and the words for
// people. The parser's did-you-mean (a code written in words), the checker's
// unknown-code rule and the teaching card (`rosettac prompt lingua`) all read
// these tables, so none of them can teach or accept a code the others refuse.
type LinguaCode struct {
	Code     byte
	Mnemonic string // "" where the seed gives none
	Word     string
}

// LinguaDomains are the request domains (a code's first hex digit).
var LinguaDomains = []LinguaCode{
	{'0', "SYS", "system"}, {'1', "MSG", "message"}, {'2', "FSX", "file system"}, {'3', "WEB", "web"},
	{'4', "CRN", "scheduling"}, {'5', "MEM", "memory"}, {'6', "EXC", "execute"}, {'7', "MBK", "Moltbook"},
	{'8', "SOC", "social"}, {'9', "FIN", "finance"}, {'A', "ANA", "analysis"}, {'B', "MDA", "media"},
	{'C', "LOC", "location"}, {'D', "IOT", "devices"}, {'E', "SEC", "security"}, {'F', "EXT", "extension"},
}

// LinguaActions are the request actions (a code's second hex digit).
var LinguaActions = []LinguaCode{
	{'0', "NOP", "no-op"}, {'1', "GET", "get"}, {'2', "PUT", "put"}, {'3', "PST", "post"},
	{'4', "DEL", "delete"}, {'5', "UPD", "update"}, {'6', "QRY", "query"}, {'7', "SUB", "subscribe"},
	{'8', "USB", "unsubscribe"}, {'9', "HSK", "handshake"}, {'A', "REJ", "reject"}, {'B', "FWD", "forward"},
	{'C', "SYN", "sync"}, {'D', "VFY", "verify"}, {'E', "TRF", "transform"}, {'F', "XTD", "extended"},
}

// LinguaModifiers are the request modifiers (an optional third digit).
var LinguaModifiers = []LinguaCode{
	{'0', "", "default"}, {'1', "", "urgent"}, {'2', "", "silent"}, {'3', "", "batch"}, {'4', "", "dry run"},
	{'5', "", "retry"}, {'6', "", "async"}, {'7', "", "encrypted"}, {'8', "", "compressed"}, {'9', "", "confirmation required"},
}

// The parts of a request code as one lower-case word each: the words of the
// Rosetta topic a request translates to (#sys.get, #fin.qry.urgent) and of the
// data JSON form's domain, action and modifier members. A domain's and an
// action's word is its mnemonic in lower case; a modifier's is one word.
var (
	LinguaDomainNames = [16]string{"sys", "msg", "fsx", "web", "crn", "mem", "exc", "mbk",
		"soc", "fin", "ana", "mda", "loc", "iot", "sec", "ext"}
	LinguaActionNames = [16]string{"nop", "get", "put", "pst", "del", "upd", "qry", "sub",
		"usb", "hsk", "rej", "fwd", "syn", "vfy", "trf", "xtd"}
	LinguaModifierNames = [10]string{"default", "urgent", "silent", "batch", "dryrun",
		"retry", "async", "encrypted", "compressed", "confirm"}
)

// LinguaStatuses are the response statuses (^S). Letters are case sensitive.
var LinguaStatuses = []LinguaCode{
	{'0', "", "success"}, {'1', "", "partial"}, {'2', "", "waiting"}, {'3', "", "queued"},
	{'8', "", "retry needed"}, {'9', "", "failed"}, {'A', "", "rejected"},
}

// LinguaErrorTypes are the error types (!ET), and LinguaErrorSubtypes the
// subtypes only a permission error (!E2) takes.
var (
	LinguaErrorTypes = []LinguaCode{
		{'0', "", "unknown"}, {'1', "", "parse"}, {'2', "", "permission"}, {'3', "", "not found"},
		{'4', "", "timeout"}, {'5', "", "rate limited"}, {'6', "", "invalid payload"},
	}
	LinguaErrorSubtypes = []LinguaCode{{'R', "", "read"}, {'W', "", "write"}, {'X', "", "execute"}}
)

// LinguaCondTypes are the condition types (%T<op><value>); P, the
// partition, takes <part>/<parts> instead of an operator.
var LinguaCondTypes = []LinguaCode{
	{'K', "", "karma"}, {'F', "", "followers"}, {'T', "", "text"}, {'N', "", "quantity"}, {'S', "", "status"},
	{'P', "", "partition"},
}

// LinguaCondOps are the condition operators.
var LinguaCondOps = []LinguaCode{
	{'>', "", "more than"}, {'<', "", "less than"}, {'=', "", "equal to"}, {'!', "", "not equal to"}, {'~', "", "contains"},
}

// LinguaCodes returns the codes of table t as one string ("012389A").
func LinguaCodes(t []LinguaCode) string {
	var b strings.Builder
	for _, c := range t {
		b.WriteByte(c.Code)
	}
	return b.String()
}

// LinguaLookup returns the entry of t whose code is c.
func LinguaLookup(t []LinguaCode, c byte) (LinguaCode, bool) {
	for _, e := range t {
		if e.Code == c {
			return e, true
		}
	}
	return LinguaCode{}, false
}
