package text

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

func init() { register(ir.Lingua, renderLingua) }

// linguaWords are the words of one rendering language. Codes are named by the
// seed's tables alone (lingua.md): 71 renders as "Moltbook · get", whatever a
// seed example calls it.
type linguaWords struct {
	domains, actions, modifiers [16]string
	statuses                    map[byte]string
	errors                      [7]string
	subs                        map[byte]string
	targets                     map[ir.LinguaTargetKind]string // fmt verbs take the name
	condTypes                   map[byte]string
	ops                         map[byte]string
	units                       map[byte][2]string // singular, plural
	after, before, every, at    string             // fmt patterns
	part                        string
	response, errorWord         string
	natural, bad, corr          string
	levels                      map[ir.LinguaLevel]string
	locked, undecodable, binary string
	signed, session, ended      string
	id, unknown, security       string
}

var linguaEN = &linguaWords{
	domains: [16]string{"System", "Message", "File system", "Web", "Scheduling", "Memory", "Execute", "Moltbook",
		"Social", "Finance", "Analysis", "Media", "Location", "Devices", "Security", "Extension"},
	actions: [16]string{"no-op", "get", "put", "post", "delete", "update", "query", "subscribe",
		"unsubscribe", "handshake", "reject", "forward", "sync", "verify", "transform", "extended action"},
	modifiers: [16]string{"", "urgent", "silent", "batch", "dry run", "retry", "async", "encrypted", "compressed", "confirmation required"},
	statuses: map[byte]string{'0': "success", '1': "partial success", '2': "waiting", '3': "queued", '8': "retry needed",
		'9': "failed", 'A': "rejected"},
	errors: [7]string{"unknown error", "parse error", "permission denied", "target not found", "timeout", "rate limited", "invalid payload"},
	subs:   map[byte]string{'R': "read", 'W': "write", 'X': "execute"},
	targets: map[ir.LinguaTargetKind]string{ir.TargetSelf: "to me", ir.TargetGeneral: "to general", ir.TargetAIThoughts: "to aithoughts",
		ir.TargetBuilders: "to builders", ir.TargetNamed: "to %s", ir.TargetHuman: "notify the human", ir.TargetAll: "to all",
		ir.TargetInternal: "internal", ir.TargetAgentName: "to %s"},
	condTypes: map[byte]string{'K': "karma", 'F': "followers", 'T': "text", 'N': "quantity", 'S': "status"},
	ops:       map[byte]string{'>': ">", '<': "<", '=': "=", '!': "≠", '~': "contains"},
	units: map[byte][2]string{'s': {"second", "seconds"}, 'm': {"minute", "minutes"}, 'h': {"hour", "hours"},
		'd': {"day", "days"}, 'w': {"week", "weeks"}},
	after: "in %s", before: "%s before", every: "every %s", at: "at %s",
	part:     "part %d of %d",
	response: "Response", errorWord: "Error", natural: "In human language", bad: "Unreadable message", corr: "re",
	levels:      map[ir.LinguaLevel]string{ir.LevelP: "L0 plain", ir.LevelB: "L1 encoded", ir.LevelE: "L2 encrypted"},
	locked:      "(encrypted; not decrypted)",
	undecodable: "(payload could not be decoded)",
	binary:      "(%d bytes of binary data)",
	signed:      "signed", session: "session", ended: "after the session ended",
	id: "id", unknown: "unknown %c", security: "security",
}

var linguaZH = &linguaWords{
	domains: [16]string{"系统", "消息", "文件系统", "网络", "日程", "记忆", "执行", "Moltbook",
		"社交", "金融", "分析", "媒体", "位置", "设备", "安全", "扩展"},
	actions: [16]string{"空操作", "获取", "写入", "发布", "删除", "更新", "查询", "订阅",
		"取消订阅", "握手", "拒绝", "转发", "同步", "验证", "转换", "扩展操作"},
	modifiers: [16]string{"", "紧急", "静默", "批量", "试运行", "重试", "异步", "加密", "压缩", "需确认"},
	statuses: map[byte]string{'0': "成功", '1': "部分成功", '2': "等待中", '3': "已排队", '8': "需重试",
		'9': "失败", 'A': "拒绝"},
	errors: [7]string{"未知错误", "解析错误", "权限不足", "目标不存在", "超时", "限流", "无效载荷"},
	subs:   map[byte]string{'R': "读", 'W': "写", 'X': "执行"},
	targets: map[ir.LinguaTargetKind]string{ir.TargetSelf: "给自己", ir.TargetGeneral: "发到 general", ir.TargetAIThoughts: "发到 aithoughts",
		ir.TargetBuilders: "发到 builders", ir.TargetNamed: "发到 %s", ir.TargetHuman: "通知人类", ir.TargetAll: "广播",
		ir.TargetInternal: "内部处理", ir.TargetAgentName: "给 %s"},
	condTypes: map[byte]string{'K': "业力", 'F': "粉丝", 'T': "文本", 'N': "数量", 'S': "状态"},
	ops:       map[byte]string{'>': ">", '<': "<", '=': "=", '!': "≠", '~': "包含"},
	units: map[byte][2]string{'s': {"秒", "秒"}, 'm': {"分钟", "分钟"}, 'h': {"小时", "小时"},
		'd': {"天", "天"}, 'w': {"周", "周"}},
	after: "%s后", before: "%s前", every: "每%s", at: "于 %s",
	part:     "第 %d/%d 部分",
	response: "响应", errorWord: "错误", natural: "用人类语言", bad: "无法读取的消息", corr: "回复",
	levels:      map[ir.LinguaLevel]string{ir.LevelP: "L0 明文", ir.LevelB: "L1 编码", ir.LevelE: "L2 加密"},
	locked:      "（已加密，未解密）",
	undecodable: "（载荷无法解码）",
	binary:      "（%d 字节二进制数据）",
	signed:      "签名", session: "会话", ended: "会话结束之后",
	id: "编号", unknown: "未知 %c", security: "安全级别",
}

// renderLingua renders each message as words, its decoded payload
// pretty-printed with full field names, its security level and signature.
// Prose is shown as written, under a marker saying it was not read.
func renderLingua(doc ir.Document, opt Options) ([]byte, diag.List) {
	t := doc.(*ir.LinguaTranscript)
	w := linguaEN
	if opt.Lang == "zh" {
		w = linguaZH
	}
	// The separator is a glyph, the same in both languages; --ascii swaps it.
	r := &linguaRenderer{w: w, ascii: opt.ASCII, sep: " · "}
	if opt.ASCII {
		r.sep = " - "
	}
	for _, it := range t.Items {
		switch it := it.(type) {
		case *ir.LinguaProse:
			ls := unreadLines(opt.Lang, it.Text) // under a marker: not read (text.go)
			if len(ls) == 0 {
				continue
			}
			for _, l := range ls {
				r.b.WriteString(l + "\n")
			}
			r.b.WriteByte('\n')
		case *ir.LinguaLine:
			for i, m := range it.Messages {
				r.message(m, i+1, len(it.Messages))
			}
			if s := it.Signature; s != nil {
				if s.Version != "" {
					r.line("  ", w.signed+": Agent Lingua "+s.Version+" @"+s.Source)
				} else {
					r.line("  ", w.signed+": "+s.Source)
				}
			}
			r.b.WriteByte('\n')
		}
	}
	out := bytes.TrimRight(r.b.Bytes(), "\n")
	return append(out, '\n'), nil
}

type linguaRenderer struct {
	b     bytes.Buffer
	w     *linguaWords
	ascii bool
	sep   string
}

// line writes one line of agent or derived text, with control characters escaped.
func (r *linguaRenderer) line(indent, s string) {
	r.b.WriteString(indent)
	r.b.WriteString(diag.SanitizeLine(s))
	r.b.WriteByte('\n')
}

func hexIndex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func (r *linguaRenderer) message(m ir.LinguaMessage, n, of int) {
	w := r.w
	var parts []string
	if of > 1 {
		parts = append(parts, fmt.Sprintf("%d/%d", n, of))
	}
	switch m := m.(type) {
	case *ir.LinguaNatural:
		r.line("", strings.Join(append(parts, w.natural+": "+strconv.Quote(m.Text)), r.sep))
		return
	case *ir.LinguaBad:
		r.line("", strings.Join(append(parts, w.bad+": "+m.Text), r.sep))
		return
	case *ir.LinguaRequest:
		parts = append(parts, r.word(w.domains[:], m.Domain), r.word(w.actions[:], m.Action))
		if m.Modifier != 0 && m.Modifier != '0' {
			parts = append(parts, r.word(w.modifiers[:], m.Modifier))
		}
	case *ir.LinguaResponse:
		s, ok := w.statuses[m.Status]
		if !ok {
			s = fmt.Sprintf(w.unknown, m.Status)
		}
		parts = append(parts, w.response, s)
		if m.ID != nil {
			parts = append(parts, w.corr+" "+m.ID.Text)
		}
	case *ir.LinguaError:
		s := fmt.Sprintf(w.unknown, m.Type)
		if i := int(m.Type) - '0'; 0 <= i && i < len(w.errors) {
			s = w.errors[i]
		}
		if sub, ok := w.subs[m.Sub]; ok {
			s += " (" + sub + ")"
		}
		parts = append(parts, w.errorWord, s)
		if m.Details != "" {
			parts = append(parts, m.Details)
		}
	}
	f := ir.LinguaFieldsOf(m)
	if t := f.Target; t != nil {
		parts = append(parts, r.target(t))
	}
	if t := f.Time; t != nil {
		parts = append(parts, r.time(t))
	}
	for _, c := range f.Conds {
		parts = append(parts, r.cond(c))
	}
	r.line("", strings.Join(parts, r.sep))
	if _, isResp := m.(*ir.LinguaResponse); f.ID != nil && !isResp {
		r.line("  ", w.id+": "+f.ID.Text)
	}
	for _, x := range f.Extra {
		r.line("  ", "? "+x.Text)
	}
	if f.Session != "" {
		s := w.session + ": " + f.Session
		if f.Ended {
			s += " (" + w.ended + ")"
		}
		r.line("  ", s)
	}
	if pl := f.Payload; pl != nil {
		r.payload(pl)
	}
}

func (r *linguaRenderer) word(table []string, c byte) string {
	if i := hexIndex(c); i >= 0 && i < len(table) && table[i] != "" {
		return table[i]
	}
	return fmt.Sprintf(r.w.unknown, c)
}

func (r *linguaRenderer) target(t *ir.LinguaTarget) string {
	pat := r.w.targets[t.Kind]
	if strings.Contains(pat, "%s") {
		return fmt.Sprintf(pat, t.Name)
	}
	return pat
}

func (r *linguaRenderer) duration(parts []ir.LinguaDuration) string {
	var out []string
	for _, p := range parts {
		u := r.w.units[p.Unit]
		name := u[1]
		if p.N == 1 {
			name = u[0]
		}
		if r.w == linguaZH {
			out = append(out, strconv.FormatInt(p.N, 10)+name)
		} else {
			out = append(out, strconv.FormatInt(p.N, 10)+" "+name)
		}
	}
	if r.w == linguaZH {
		return strings.Join(out, "")
	}
	return strings.Join(out, " ")
}

func (r *linguaRenderer) time(t *ir.LinguaTime) string {
	switch t.Kind {
	case ir.TimeAfter:
		return fmt.Sprintf(r.w.after, r.duration(t.Parts))
	case ir.TimeBefore:
		return fmt.Sprintf(r.w.before, r.duration(t.Parts))
	case ir.TimeEvery:
		return fmt.Sprintf(r.w.every, r.duration(t.Parts))
	case ir.TimeUnix:
		return fmt.Sprintf(r.w.at, t.Instant.Format("2006-01-02 15:04:05 UTC"))
	}
	return fmt.Sprintf(r.w.at, t.Instant.Format("2006-01-02 15:04:05 -07:00"))
}

func (r *linguaRenderer) cond(c *ir.LinguaCond) string {
	if c.Of != 0 {
		return fmt.Sprintf(r.w.part, c.Part, c.Of)
	}
	name, ok := r.w.condTypes[c.Type]
	if !ok {
		name = fmt.Sprintf(r.w.unknown, c.Type)
	}
	return name + " " + r.w.ops[c.Op] + " " + c.Value
}

func (r *linguaRenderer) payload(pl *ir.LinguaPayload) {
	w := r.w
	r.line("  ", w.security+": "+w.levels[pl.Level()])
	d := pl.Decoded
	switch {
	case d == nil && pl.Kind == ir.PayloadEncrypted:
		r.line("    ", w.locked)
	case d == nil:
		r.line("    ", w.undecodable)
	case d.JSON != nil:
		for _, l := range strings.Split(string(jsonvalue.Indent(d.JSON, "", "  ", true)), "\n") {
			r.line("    ", l)
		}
	case d.Binary:
		r.line("    ", fmt.Sprintf(w.binary, d.Size))
	default:
		for _, l := range strings.Split(d.Text, "\n") {
			r.line("    ", l)
		}
	}
}
