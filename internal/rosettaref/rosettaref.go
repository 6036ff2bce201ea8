// Package rosettaref holds what the two translations of the AgentRosetta
// reference implementation's self-test share: the checking groups in
// compiler/reference_test.go and the parser, printer and renderer groups in
// golden/reference_test.go. It has four sample transcripts and the runner
// that turns each labelled assertion into a subtest. Tests only.
//
// The samples are rosettac's own transcripts, not the reference's text: each
// exercises the same features as the reference sample it stands in for (the
// same acts, header fields, slot kinds, confidences, address forms and marks)
// on a different subject, so that the translated assertions test the same
// things with their expected values written against these samples.
package rosettaref

import "testing"

// Check is one assertion of the reference's self-test under the reference's
// label. It aliases an unnamed struct so that the translations can keep
// writing the reference's {label, assertion} pairs unkeyed, as go vet accepts
// only for struct types that are not named in another package.
type Check = struct {
	Label string
	OK    func() bool
}

// Run runs each check as a subtest named after its label, failing the
// subtest when the assertion reports false.
func Run(t *testing.T, cs []Check) {
	t.Helper()
	for _, c := range cs {
		t.Run(c.Label, func(t *testing.T) {
			if !c.OK() {
				t.Errorf("reference assertion failed: %s", c.Label)
			}
		})
	}
}

// Incident is an incident sample (a red build pipeline): an ask with a
// want shape and context references, and its answer with bindings at three
// confidences, evidence, unknowns and a risk.
const Incident = `a3.12 ask a3>a1 #CI.red
 q     why_red?
 ctx   @a3.7 @file:ci/build-77#L120-188
 want  {culprit, remedy, eta?}
 unk   [which runner image the nightly used]

a1.13 tell a1>a3 re=a3.12
 a     culprit = @commit:c07d pinned the linker from 2.38>2.41   ~hi
       remedy  = revert @commit:c07d                           ~hi
       eta     = 25m                                           ~lo
 why   @file:ci/build-77#L164 link errors begin with the first job after the 09:15 merge
 unk   [who reviewed c07d, whether release branches picked it up]
 risk  the revert brings back the cache misses of @issue:318   ~mid
`

// Clinical is a clinical sample (a falling oxygen saturation): a sensitive,
// timed partial report and a proposal that blocks on a physician.
const Clinical = `a2.40 part a2>a1 #ward3.bed12 sens=phi at=@t:2026-08-26T09:40Z ttl=20m
 a     spo2_trend = falling ~hi
       resp_rate  = 28 per minute ~mid
 why    @ext:ehr:obs-40517 four readings in a row below the last
 unk    [oxygen already given, recent chest imaging]
 assume height_cm = 170 typical adult height, not measured ~lo

a1.41 propose a1>@role:physician pri=block sens=phi
 q      begin high-flow oxygen?
 ctx   @a2.40
 opt    [begin now, recheck in 10 minutes, call the outreach team]
 risk   waiting lets the saturation fall further ~mid
 want  accept|reject
 unk    [home oxygen prescription]
`

// Auction is a task-auction sample (a media transcoding job): a task with
// a budget and dependent subtasks, a bid, a coded failure and an acceptance.
const Auction = `a1.20 do a1>@role:encoder #transcode thd=batch4
 q     transcode the lecture archive listed in @tbl:sha256:3be0f91c5a
 by    45m | $8
 sub   s1 = fetch masters  @role:storage
       s2 = encode renditions on=s1
       s3 = publish manifests on=s2
 want  {quote, finish_in, able}

a5.3 propose a5>a1 re=a1.20
 a     quote     = $6.1 ~hi
       finish_in = 31m  ~mid
       able      = yes  ~hi
 unk   [whether some masters are interlaced]

a7.2 fail a7>a1 re=a1.20
 why   unsupported no hardware encoder for the requested codec here
 unk   []

a1.21 accept a1>a5 re=a5.3
 why   cheapest quote and able=yes
`

// Content is a content-plane sample (an English passage and its Chinese
// draft): two txt blocks and marks on them, an annotation on a character
// span, a proposed replacement of a line and a note on a paragraph, and a
// negated binding.
const Content = `a2.7 tell a2>a1 #ch2
 txt src @md/en v=orig
 | The ferry pilot swore the crossing had never once run late.
 |
 | Yet the harbour clocks, everyone agreed, ran slow for him alone.
 txt tgt @md/zh v=draft2
 | 渡轮领航员发誓这趟航程从未晚点过一次。
 |
 | 可大家都说，港口的钟只为他一个人走得慢。
 mark tgt#L1.c0-5 = 职称按 GLOSS v2 译 ~hi
      tgt#L3 > "然而人人都承认：港口的钟，唯独为他走慢。" ~mid
      src#p2 = 中文需把让步语气提前 ~hi
 a    tone != formal ~hi
 unk  [第 3 行改写后反讽是否还在]
`
