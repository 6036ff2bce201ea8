// Package lsp is rosettac's language server: the Language Server Protocol
// over a stream (stdio for `rosettac lsp`) for AgentRosetta (.rose, language
// id rosetta), Agent Lingua (.lingua, lingua) and AgentDSL (.adsl, agentdsl).
//
// Diagnostics come from the compiler's own entry points, with the
// configuration file's per-code settings (package config), so the editor
// shows what `rosettac check` prints. A Rosetta document is one session,
// checked again after each change through compiler.EditedTranscript, which
// parses only from the message the edit touched: a 10,000-message transcript
// stays responsive (docs/performance.md). Hovers, definitions, references,
// code actions (the fixes diagnostics carry, and format document),
// formatting, completion, document symbols and semantic tokens read the
// checked document.
//
// The protocol's types and method dispatch are tliron/glsp's protocol_3_16
// package and the framing is sourcegraph/jsonrpc2 (what glsp's own server
// uses), wired here to any io.ReadWriteCloser so tests drive the same
// transport as the editor. Positions are UTF-16 code units on the wire, or
// UTF-8 bytes when the client offers that encoding.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Options configures a server.
type Options struct {
	Version string    // the server's version, for initialize's serverInfo
	Log     io.Writer // where protocol errors are logged; nil is stderr (never stdout: it carries the protocol)
}

// Settings are what a client may set through initializationOptions or
// workspace/didChangeConfiguration (under the key "rosettac", or bare).
type Settings struct {
	Lang    string `json:"lang"`    // language of renderings in hovers: en (default) or zh
	KeyFile string `json:"keyFile"` // Lingua X25519 key file, for decrypted payloads in hovers; read by the server, never sent
	PSKFile string `json:"pskFile"` // Lingua pre-shared key file
	Session string `json:"session"` // Lingua session id when the input has no handshake
}

// Server is one language server connection's state. Requests are handled one
// at a time, in the order they arrive (jsonrpc2 reads the next message only
// when the handler returns), so a change is always checked before the
// requests that follow it.
type Server struct {
	opt      Options
	handler  protocol.Handler
	mu       sync.Mutex
	enc      encoding
	settings Settings
	docs     map[protocol.DocumentUri]*document
	notify   glsp.NotifyFunc
	shutdown bool
	shown    map[string]bool // errors shown to the user (showError)

}

// NewServer returns a server that has not been initialized yet.
func NewServer(opt Options) *Server {
	s := &Server{opt: opt, docs: map[protocol.DocumentUri]*document{}}
	s.settings.Lang = "en"
	h := &s.handler
	h.Initialize = s.initialize
	h.Initialized = func(*glsp.Context, *protocol.InitializedParams) error { return nil }
	h.Shutdown = func(*glsp.Context) error { s.shutdown = true; return nil }
	h.Exit = func(*glsp.Context) error { return nil }
	h.SetTrace = func(*glsp.Context, *protocol.SetTraceParams) error { return nil }
	h.CancelRequest = func(*glsp.Context, *protocol.CancelParams) error { return nil }
	h.WorkspaceDidChangeConfiguration = s.didChangeConfiguration
	h.TextDocumentDidOpen = s.didOpen
	h.TextDocumentDidChange = s.didChange
	h.TextDocumentDidSave = func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil }
	h.TextDocumentDidClose = s.didClose
	h.TextDocumentHover = s.hover
	h.TextDocumentDefinition = s.definition
	h.TextDocumentReferences = s.references
	h.TextDocumentCodeAction = s.codeAction
	h.TextDocumentFormatting = s.formatting
	h.TextDocumentCompletion = s.completion
	h.TextDocumentDocumentSymbol = s.documentSymbol
	h.TextDocumentSemanticTokensFull = s.semanticTokens
	return s
}

// Serve runs the protocol on stream until the client sends exit or closes
// the stream.
func (s *Server) Serve(ctx context.Context, stream io.ReadWriteCloser) error {
	logw := s.opt.Log
	if logw == nil {
		logw = os.Stderr
	}
	h := jsonrpc2.HandlerWithError(func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		return s.handle(ctx, conn, req)
	})
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(stream, jsonrpc2.VSCodeObjectCodec{}), h,
		jsonrpc2.SetLogger(log.New(logw, "rosettac lsp: ", 0)))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	return nil
}

// handle is glsp's server dispatch (its server package serves only the
// process's own stdin and stdout): the method goes to protocol.Handler,
// whose answers map to JSON-RPC errors as the protocol asks.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		// A bug in a handler answers that request with an error; the
		// session, and the user's other documents, go on.
		if p := recover(); p != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("rosettac lsp: internal error in %s: %v", req.Method, p)}
		}
	}()
	gc := &glsp.Context{Method: req.Method, Notify: func(method string, params any) {
		_ = conn.Notify(ctx, method, params)
	}}
	s.notify = gc.Notify
	if req.Params != nil {
		gc.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		conn.Close()
		return nil, nil
	}
	if s.shutdown {
		if req.Notif {
			return nil, nil // nothing more is checked or published after shutdown
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down"}
	}
	r, validMethod, validParams, err := s.handler.Handle(gc)
	switch {
	case !validMethod:
		if req.Notif || strings.HasPrefix(req.Method, "$/") {
			return nil, nil // notifications the server does not use are ignored, as the protocol says
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// Token types and modifiers of semantic tokens, in legend order.
var tokenTypes = []string{"keyword", "property", "number", "variable", "string", "comment", "type", "function", "enumMember"}

const (
	tokAct      = iota // keyword: an act, a [SECTION] name
	tokSlot            // property: a slot key, a header field key, a column name
	tokConf            // number: a confidence
	tokAddress         // variable: a message id, an address, a reference
	tokContent         // string: content lines, payloads, cells
	tokComment         // comment: prose
	tokType            // type: a column type
	tokFunction        // function: a function or schema name
	tokEnum            // enumMember: a topic, a failure code
)

// serverCaps is ServerCapabilities with LSP 3.17's positionEncoding, which
// glsp's 3.16 types lack.
type serverCaps struct {
	protocol.ServerCapabilities
	PositionEncoding string `json:"positionEncoding"`
}

type initializeResult struct {
	Capabilities serverCaps                           `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

func (s *Server) initialize(ctx *glsp.Context, params *protocol.InitializeParams) (any, error) {
	// The 3.17 capability, read from the raw parameters.
	var raw struct {
		Capabilities struct {
			General struct {
				PositionEncodings []string `json:"positionEncodings"`
			} `json:"general"`
		} `json:"capabilities"`
	}
	_ = json.Unmarshal(ctx.Params, &raw)
	s.enc = utf16
	if slices.Contains(raw.Capabilities.General.PositionEncodings, "utf-8") {
		s.enc = utf8Bytes
	}
	if params.InitializationOptions != nil {
		s.applySettings(params.InitializationOptions)
	}
	yes := true
	caps := protocol.ServerCapabilities{
		TextDocumentSync: protocol.TextDocumentSyncOptions{
			OpenClose: &yes,
			Change:    ptr(protocol.TextDocumentSyncKindIncremental),
			Save:      true,
		},
		HoverProvider:              true,
		DefinitionProvider:         true,
		ReferencesProvider:         true,
		DocumentFormattingProvider: true,
		DocumentSymbolProvider:     true,
		CodeActionProvider: protocol.CodeActionOptions{
			CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, protocol.CodeActionKindSource},
		},
		CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: []string{"@", "~", ">", "#", "="}},
		SemanticTokensProvider: protocol.SemanticTokensOptions{
			Legend: protocol.SemanticTokensLegend{TokenTypes: tokenTypes, TokenModifiers: []string{}},
			Full:   true,
		},
	}
	version := s.opt.Version
	return initializeResult{
		Capabilities: serverCaps{ServerCapabilities: caps, PositionEncoding: s.enc.String()},
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: "rosettac", Version: &version},
	}, nil
}

func ptr[T any](v T) *T { return &v }

// applySettings reads Settings from a client's JSON value: {"rosettac":
// {...}} or the settings themselves. Unknown keys are ignored.
func (s *Server) applySettings(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	var wrapped struct {
		Rosettac *Settings `json:"rosettac"`
	}
	next := s.settings
	if json.Unmarshal(data, &wrapped) == nil && wrapped.Rosettac != nil {
		next = *wrapped.Rosettac
	} else if json.Unmarshal(data, &next) != nil {
		return
	}
	if next.Lang != "zh" {
		next.Lang = "en"
	}
	s.settings = next
}

func (s *Server) didChangeConfiguration(ctx *glsp.Context, params *protocol.DidChangeConfigurationParams) error {
	s.applySettings(params.Settings)
	for _, d := range s.docs {
		d.edited = nil // options may have changed: check from scratch
		s.check(d)
	}
	return nil
}

// languageOf maps a client's language id, or else the file's extension, to
// a language; ok is false for a document rosettac does not read.
func languageOf(languageID string, uri protocol.DocumentUri) (ir.Language, bool) {
	switch languageID {
	case "rosetta":
		return ir.Rosetta, true
	case "lingua":
		return ir.Lingua, true
	case "agentdsl":
		return ir.AgentDSL, true
	}
	switch strings.ToLower(filepath.Ext(string(uri))) {
	case ".rose":
		return ir.Rosetta, true
	case ".lingua":
		return ir.Lingua, true
	case ".adsl":
		return ir.AgentDSL, true
	}
	return "", false
}

func (s *Server) didOpen(ctx *glsp.Context, params *protocol.DidOpenTextDocumentParams) error {
	td := params.TextDocument
	lang, ok := languageOf(td.LanguageID, td.URI)
	if !ok {
		return nil
	}
	d := &document{uri: td.URI, lang: lang, version: td.Version, text: []byte(td.Text)}
	d.path = uriPath(td.URI)
	s.docs[td.URI] = d
	s.check(d)
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, params *protocol.DidChangeTextDocumentParams) error {
	d := s.docs[params.TextDocument.URI]
	if d == nil {
		return nil
	}
	x := d.index // the line index of the text as the last check left it
	for i, c := range params.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = []byte(c.Text)
		case protocol.TextDocumentContentChangeEvent:
			if i > 0 || x == nil {
				x = newLineIndex(d.text, s.enc) // each change's range is in the text the one before it left
			}
			a, b := x.offset(c.Range.Start), x.offset(c.Range.End)
			b = max(a, b)
			t := make([]byte, 0, len(d.text)-(b-a)+len(c.Text))
			t = append(append(append(t, d.text[:a]...), c.Text...), d.text[b:]...)
			d.text = t
		}
	}
	d.version = params.TextDocument.Version
	s.check(d)
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, params *protocol.DidCloseTextDocumentParams) error {
	if _, ok := s.docs[params.TextDocument.URI]; ok {
		delete(s.docs, params.TextDocument.URI)
		s.publish(params.TextDocument.URI, nil, []protocol.Diagnostic{})
	}
	return nil
}

// publish sends a document's diagnostics.
func (s *Server) publish(uri protocol.DocumentUri, version *protocol.UInteger, ds []protocol.Diagnostic) {
	if s.notify == nil {
		return
	}
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Version: version, Diagnostics: ds})
}

// check checks a document as it is now and publishes its diagnostics.
func (s *Server) check(d *document) {
	d.run(s)
	ds := make([]protocol.Diagnostic, 0, len(d.diags))
	for _, g := range d.diags {
		ds = append(ds, s.diagnostic(d, g))
	}
	v := protocol.UInteger(d.version)
	s.publish(d.uri, &v, ds)
}

// diagnostic is d's protocol form: its range, severity, code, and the
// message with the hint after it, as rosettac check prints them.
func (s *Server) diagnostic(doc *document, d diag.Diagnostic) protocol.Diagnostic {
	var sev protocol.DiagnosticSeverity
	switch d.Severity {
	case diag.Error:
		sev = protocol.DiagnosticSeverityError
	case diag.Warning:
		sev = protocol.DiagnosticSeverityWarning
	default:
		sev = protocol.DiagnosticSeverityInformation
	}
	msg := d.Message
	if d.Hint != "" {
		msg += "\nhint: " + d.Hint
	}
	source := "rosettac"
	start, end := 0, 0
	if d.Span.IsValid() {
		start, end = d.Span.Offsets()
	}
	return protocol.Diagnostic{Range: doc.index.rng(start, end), Severity: &sev,
		Code: &protocol.IntegerOrString{Value: d.Code}, Source: &source, Message: msg}
}

// document is one open file.
type document struct {
	uri     protocol.DocumentUri
	path    string // the file path of a file: URI, or ""
	lang    ir.Language
	version int32
	text    []byte

	index  *lineIndex
	res    *compiler.Result // the last check
	diags  diag.List        // res.Diags with the configuration's settings applied
	edited *compiler.EditedTranscript
	cfgKey string // what the EditedTranscript was made with
}

// uriPath is the file path of a file: URI, or "" for another scheme.
func uriPath(uri protocol.DocumentUri) string {
	u := string(uri)
	if !strings.HasPrefix(u, "file://") {
		return ""
	}
	p := strings.TrimPrefix(u, "file://")
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	return filepath.FromSlash(p)
}

// run checks the document: the configuration file that governs its path
// (config.Find from its directory) gives the options and per-code settings,
// as for rosettac check.
func (d *document) run(s *Server) {
	d.index = newLineIndex(d.text, s.enc)
	name := d.path
	if name == "" {
		name = string(d.uri)
	}
	opt, settings := d.options(s)
	if d.lang == ir.Rosetta {
		key := fmt.Sprint(opt.Now, opt.Livelock)
		if d.edited == nil || d.cfgKey != key {
			d.edited, d.cfgKey = compiler.NewEditedTranscript(name, opt), key
		}
		d.res = d.edited.Update(d.text)
	} else {
		d.edited = nil
		opt.From = d.lang
		d.res = compiler.Check(name, d.text, opt)
	}
	d.diags = settings.Filter(d.res.Diags)
}

// options are the compiler options and per-code settings of the document,
// from the configuration file that governs it. A configuration that cannot
// be read is ignored, and the error shown to the user (window/showMessage,
// once per distinct error), as the command line would stop on it.
func (d *document) options(s *Server) (compiler.Options, config.Settings) {
	var opt compiler.Options
	var settings config.Settings
	if d.path != "" {
		path, err := config.Find(filepath.Dir(d.path))
		var cfg *config.Config
		if err == nil && path != "" {
			cfg, err = config.Load(path)
		}
		if err != nil {
			s.showError("rosettac: configuration not used: " + err.Error())
		} else if cfg != nil {
			settings = cfg.SettingsFor(cfg.Rel(d.path))
			opt.Livelock = settings.Livelock
			if settings.Now != "" {
				opt.Now, _ = time.Parse(time.RFC3339, settings.Now) // the loader checked it
			}
			if l := settings.Lingua; l != nil && d.lang == ir.Lingua {
				opt.PrivateKey = readKey(cfg.Resolve(l.KeyFile))
				opt.PSK = readKey(cfg.Resolve(l.PSKFile))
				opt.SessionID = l.Session
			}
		}
	}
	if d.lang == ir.Lingua {
		if s.settings.KeyFile != "" {
			opt.PrivateKey = readKey(s.settings.KeyFile)
		}
		if s.settings.PSKFile != "" {
			opt.PSK = readKey(s.settings.PSKFile)
		}
		if s.settings.Session != "" {
			opt.SessionID = s.settings.Session
		}
	}
	return opt, settings
}

// showError shows msg to the user once.
func (s *Server) showError(msg string) {
	if s.shown[msg] || s.notify == nil {
		return
	}
	if s.shown == nil {
		s.shown = map[string]bool{}
	}
	s.shown[msg] = true
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
}

// readKey reads a key file, or returns nil; the key stays in the server.
func readKey(path string) []byte {
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return b
}
