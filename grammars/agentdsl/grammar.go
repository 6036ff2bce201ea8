package agentdsl

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"sync"
)

// The participle grammars of AgentDSL's structure lines. The line classifier
// (scan.go) decides what a line is; each structured kind then goes through one
// small parser, built once here. Rows, [CALL] values, statuses and messages are
// data: the classifier takes their bytes as they are.

// schemaHeaderAST is [SCHEMA:LABEL].
type schemaHeaderAST struct {
	Label *wordAST `parser:"LBrack 'SCHEMA' Colon @@ RBrack"`
}

// columnsAST is a schema's column line: NAME:type|@SCHEMA.FIELD:type|...
type columnsAST struct {
	Columns []*columnAST `parser:"@@ (Pipe @@)*"`
}

// bracketColumnsAST is a [RESULT] header: [NAME:type|...].
type bracketColumnsAST struct {
	Columns []*columnAST `parser:"LBrack @@ (Pipe @@)* RBrack"`
}

// ioAST is IN[...] or OUT[...] of a function; the list may be empty.
type ioAST struct {
	Kind    string       `parser:"@('IN' | 'OUT') LBrack"`
	Columns []*columnAST `parser:"(@@ (Pipe @@)*)? RBrack"`
}

// nameAST is [Name]: a function entry or the function of a [CALL].
type nameAST struct {
	Name *wordAST `parser:"LBrack @@ RBrack"`
}

// descAST is DESC[text].
type descAST struct {
	Text *textAST `parser:"'DESC' LBrack @@? RBrack"`
}

// paramAST is NAME:VALUE in a [CALL] or [JSON] block.
type paramAST struct {
	Name  *wordAST `parser:"@@ Colon"`
	Value *textAST `parser:"@@?"`
}

// columnAST is one typed field. Two reference spellings exist: @SCHEMA.FIELD:type
// (a foreign key named after its target) and NAME:@SCHEMA.FIELD (a named one).
type columnAST struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Ref      *refAST  `parser:"(  @@"`
	RefType  *wordAST `parser:"   (Colon @@)?"`
	Name     *wordAST `parser:" | @@"`
	NamedRef *refAST  `parser:"   (Colon (@@"`
	NamedTyp *wordAST `parser:"           (Colon @@)?"`
	Type     *wordAST `parser:"         | @@))? )"`
	Star     bool     `parser:"@Star?"`
}

// refAST is @SCHEMA.FIELD.
type refAST struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Schema string `parser:"At @Ident"`
	Field  string `parser:"Dot @Ident"`
}

// wordAST is a name with its position.
type wordAST struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   string `parser:"@Ident"`
}

// textAST is free text (a DESC or a value) with its position.
type textAST struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   string `parser:"@(Text | Value)"`
}

// The parsers, each built when it is first needed (sync.OnceValue, safe from
// several goroutines): a process that reads no such input builds none, where
// building them all at init was a millisecond or two of every start.
var (
	schemaHeaderParser = sync.OnceValue(func() *participle.Parser[schemaHeaderAST] {
		return participle.MustBuild[schemaHeaderAST](participle.Lexer(plainLexer))
	})
	columnsParser = sync.OnceValue(func() *participle.Parser[columnsAST] {
		return participle.MustBuild[columnsAST](participle.Lexer(plainLexer))
	})
	bracketColumnsParser = sync.OnceValue(func() *participle.Parser[bracketColumnsAST] {
		return participle.MustBuild[bracketColumnsAST](participle.Lexer(plainLexer))
	})
	ioParser    = sync.OnceValue(func() *participle.Parser[ioAST] { return participle.MustBuild[ioAST](participle.Lexer(plainLexer)) })
	nameParser  = sync.OnceValue(func() *participle.Parser[nameAST] { return participle.MustBuild[nameAST](participle.Lexer(plainLexer)) })
	descParser  = sync.OnceValue(func() *participle.Parser[descAST] { return participle.MustBuild[descAST](participle.Lexer(descLexer)) })
	paramParser = sync.OnceValue(func() *participle.Parser[paramAST] {
		return participle.MustBuild[paramAST](participle.Lexer(paramLexer))
	})
)

// grammar returns the EBNF of every structure-line grammar, in a fixed order,
// for the golden file that documents the language.
func grammar() string {
	parts := []struct {
		name string
		p    interface{ String() string }
	}{
		{"schema header", schemaHeaderParser()},
		{"schema columns", columnsParser()},
		{"result header", bracketColumnsParser()},
		{"function IN/OUT", ioParser()},
		{"function or call name", nameParser()},
		{"function DESC", descParser()},
		{"call or json parameter", paramParser()},
	}
	var out string
	for _, p := range parts {
		out += "(* " + p.name + " *)\n" + p.p.String() + "\n\n"
	}
	return out
}
