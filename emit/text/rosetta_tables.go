package text

// Localisation tables of the AgentRosetta renderer. Each entry is {en, zh}; the
// wire stays English, only the rendering is localised. The words are the
// reference renderer's (spec §17), plus the ones rosettac adds for values the
// reference could not render (docs/conformance.md, "Rendering").

// rosWord is one localised word: index 0 English, 1 Chinese.
type rosWord [2]string

func (w rosWord) in(zh bool) string {
	if zh {
		return w[1]
	}
	return w[0]
}

var rosActWords = map[string]rosWord{
	"ask": {"asks", "询问"}, "tell": {"states", "回答"},
	"do": {"requests", "请求执行"}, "take": {"claims", "认领"},
	"part": {"reports progress", "进展"}, "done": {"completed", "完成"},
	"fail": {"failed", "失败"}, "stop": {"halts", "叫停"},
	"propose": {"proposes", "提议"}, "accept": {"accepts", "接受"},
	"reject": {"rejects", "拒绝"}, "revise": {"revises", "更正"},
	"def": {"defines", "定义"}, "note": {"notes", "备注"},
}

var rosSlotWords = map[string]rosWord{
	"q": {"Question", "问题"}, "a": {"Answer", "答案"},
	"why": {"Evidence", "依据"}, "ctx": {"Context", "上下文"},
	"want": {"Expected reply", "期望回复"}, "unk": {"Unknown", "未知"},
	"assume": {"Assumptions", "假设"}, "risk": {"Risk", "风险"},
	"opt": {"Options", "备选"}, "sub": {"Subtasks", "子任务"},
	"on": {"Precondition", "前置条件"}, "by": {"Limit", "限额"},
	"txt": {"Text", "正文"}, "mark": {"Marks", "标注"},
}

var rosConfWords = map[string]rosWord{
	"hi": {"high confidence", "把握高"}, "mid": {"moderate confidence", "把握中等"},
	"lo": {"low confidence", "把握低"}, "?": {"uncalibrated", "无法估计"},
}

var rosRefWords = map[string]rosWord{
	"commit": {"commit", "提交"}, "issue": {"issue", "问题"}, "pr": {"PR", "PR"},
	"file": {"file", "文件"}, "url": {"URL", "链接"}, "sha256": {"blob", "内容"},
	"D": {"definition", "定义"}, "img": {"image", "图像"}, "aud": {"audio", "音频"},
	"vid": {"video", "视频"}, "tbl": {"table", "数据表"}, "vec": {"retrieval set", "检索集"},
	"t": {"time", "时刻"}, "role": {"role", "角色"}, "grp": {"group", "组"},
	"tool": {"tool", "工具"}, "ext": {"external", "外部"},
}

// rosPriWords: the reference gives norm no word and so drops a written
// pri=norm; rosettac names it, since rendering is lossless.
var rosPriWords = map[string]rosWord{
	"block": {"BLOCKING", "阻塞等待"}, "high": {"high priority", "高优先"},
	"norm": {"normal priority", "普通优先"}, "low": {"low priority", "低优先"},
}

var rosSensWords = map[string]rosWord{
	"pub": {"public", "公开"}, "int": {"internal", "内部"},
	"pii": {"contains PII", "含个人信息"}, "phi": {"contains PHI", "含医疗信息"},
	"privileged": {"privileged", "受律师保密特权"}, "secret": {"secret", "机密"},
}

// rosFailWords: the reference has no entry for busy and crashes on it; rosettac
// gives it one, and renders any other unknown code as the code itself.
var rosFailWords = map[string]rosWord{
	"notfound": {"not found", "目标不存在"}, "denied": {"permission denied", "无权限"},
	"timeout": {"timed out", "超时"}, "budget": {"over budget", "超出限额"},
	"ambiguous": {"ambiguous request", "请求有歧义"}, "unsafe": {"refused as unsafe", "出于安全拒绝"},
	"unsupported": {"unsupported", "不具备该能力"}, "conflict": {"conflict", "与现有结论冲突"},
	"upstream": {"upstream failure", "上游失败"}, "stuck": {"stuck", "多次尝试无进展"},
	"malformed": {"malformed message", "消息无法解析"}, "empty": {"empty result", "结果为空"},
	"stale": {"stale data", "数据已过期"}, "busy": {"busy", "繁忙"},
}

// Failure codes an orchestrator may retry, and those that must reach a person
// (spec §16; busy is the reference's fourteenth code).
var (
	rosRetryable    = map[string]bool{"timeout": true, "upstream": true, "malformed": true, "stale": true, "busy": true}
	rosMustEscalate = map[string]bool{"unsafe": true, "stuck": true, "denied": true}
)

// rosViews lists the slots each view keeps (spec §17.2, as the reference lays
// them out: decision also keeps opt). full keeps everything.
var rosViews = map[string][]string{
	"decision":   {"a", "risk", "unk", "opt"},
	"audit":      {"why", "ctx", "assume", "a", "unk"},
	"human_task": {"q", "opt", "risk", "by", "want"},
	"content":    {"txt", "mark"},
	"clean":      {"txt"},
}

// Fixed phrases, {en, zh}.
var (
	rosWordRe           = rosWord{" · re ", " · 回复 "}
	rosWordRelaying     = rosWord{" · relaying ", " · 转述自 "}
	rosWordAsOf         = rosWord{"as of ", "观测于 "}
	rosWordValidFor     = rosWord{"valid for ", "有效期 "}
	rosWordEveryone     = rosWord{"everyone", "所有人"}
	rosWordNoRecipients = rosWord{"(no recipients)", "（无收件人）"}
	rosWordFailure      = rosWord{"Failure   ", "原因分类  "}
	rosWordRetryable    = rosWord{"retryable", "可重试"}
	rosWordEscalate     = rosWord{"must escalate", "须升级到人"}
	rosWordUnknownCode  = rosWord{"unknown code", "未知代码"}
	rosWordDeclaredNone = rosWord{"(declared: none)", "（已声明：无）"}
	rosWordNot          = rosWord{"NOT ", "并非 "}
	rosWordCommits      = rosWord{"commits to: ", "承诺执行："}
	rosWordReplyWith    = rosWord{"must reply with ", "须以 "}
	rosWordReplyWithEnd = rosWord{"", " 回复"}
	rosWordOr           = rosWord{" or ", " 或 "}
	rosWordContain      = rosWord{"must contain ", "必须包含 "}
	rosWordOptional     = rosWord{"optional ", "可选 "}
	rosWordAnyReply     = rosWord{"any reply", "任意回复"}
	rosWordReplace      = rosWord{"-> ", "改为 "}
	rosWordMessage      = rosWord{"message ", "消息 "}
	// How a mark resolved, after the mark (no glyph: the same under --ascii).
	rosWordDrifted   = rosWord{"  [drifted]", "　[已随改稿漂移]"}
	rosWordAmbiguous = rosWord{"  [ambiguous anchor]", "　[定位有歧义]"}
)
