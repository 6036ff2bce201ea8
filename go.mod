module github.com/rosettac/rosettac

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/chromedp/chromedp v0.23.0
	github.com/dave/jennifer v1.7.1
	github.com/dlclark/regexp2 v1.11.5
	github.com/google/go-cmp v0.7.0
	github.com/rogpeppe/go-internal v1.16.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/sourcegraph/jsonrpc2 v0.2.0
	github.com/tiktoken-go/tokenizer v0.7.0
	github.com/tliron/glsp v0.2.2
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.44.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
