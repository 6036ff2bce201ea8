package rosetta

import "testing"

// BenchmarkLine measures one participle call (lexer, Upgrade, grammar,
// captures) for a typical line of each kind, to see what each grammar costs.
func BenchmarkLine(b *testing.B) {
	var l lineLexer
	b.Run("header", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, headerParser(), modeHeader, "w2.2 take >data #triage.1003 re=data1 sens=pii") == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("header-short", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, headerParser(), modeHeader, "w2.4 note >@grp:oncall") == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("bind", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, bindParser(), modeBind, "result = rollback complete ~hi") == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("mark", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, markParser(), modeMark, `notes#L3|q"words" = looks wrong ~lo`) == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("txt", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, txtParser(), modeTxt, "notes @md/en") == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("inline", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if parseLine(&l, inlineParser(), modeInline, `"canary is green"`) == nil {
				b.Fatal("no match")
			}
		}
	})
}
