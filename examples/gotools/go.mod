module example.com/gotools

go 1.26.8

require (
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/rosettac/rosettac v0.0.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2 v1.11.5 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/tiktoken-go/tokenizer v0.7.0 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.44.0 // indirect
	golang.org/x/time v0.16.0 // indirect
)

replace github.com/rosettac/rosettac => ../..

tool github.com/rosettac/rosettac/cmd/rosettac
