package main

import (
	"io"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
)

// defaultLLMTokens is --max-tokens' default (diag.DefaultLLMTokens).
const defaultLLMTokens = diag.DefaultLLMTokens

// printLLM writes diagnostics for a model's retry loop (--format llm): the
// one formatter diag.PrintLLM, which rosettac mcp's check tool also uses,
// with the o200k tokenizer counting the budget.
func printLLM(w io.Writer, l diag.List, src diag.SourceFunc, maxTokens int) {
	diag.PrintLLM(w, l, src, diag.LLMOptions{MaxTokens: maxTokens, Count: tokens.O200k})
}

// countTokens is the o200k count of s (len/4 if the encoder is unavailable).
func countTokens(s string) int { return tokens.O200k(s) }
