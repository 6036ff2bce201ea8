module example.com/gotools

go 1.26.8

require github.com/rosettac/rosettac v0.0.0

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2 v1.11.5 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/tiktoken-go/tokenizer v0.7.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/rosettac/rosettac => ../..

tool github.com/rosettac/rosettac/cmd/rosettac
