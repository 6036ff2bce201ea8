// Package rosettaref holds what the two translations of the AgentRosetta
// reference implementation's self-test share: the checking groups in
// compiler/reference_test.go and the parser, printer and renderer groups in
// golden/reference_test.go. It has the reference's sample transcripts and the
// runner that turns each labelled assertion into a subtest. Tests only.
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

// Incident is the reference's incident sample: an ask and its answer.
const Incident = `a3.12 ask a3>a1 #CKO.5xx
 q     root_cause?
 ctx   @a3.7 @file:log/2f9c#L440-512
 want  {cause, fix, eta?}
 unk   [when the config changed]

a1.13 tell a1>a3 re=a3.12
 a     cause = @commit:9f2a lowered http.timeout 30s>3s   ~hi
       fix   = revert @commit:9f2a                        ~hi
       eta   = 12m                                        ~lo
 why   @file:log/2f9c#L487 timeouts start 14:02 = deploy time +-40s
 unk   [who approved 9f2a, whether other services hit this]
 risk  reverting reintroduces the slow query in @issue:441   ~mid
`

// Clinical is the reference's clinical sample: a sensitive, timed report and
// a proposal that blocks on a clinician.
const Clinical = `a2.40 part a2>a1 #triage.bed7 sens=phi at=@t:2026-08-26T14:02Z ttl=15m
 a     lactate_trend = rising ~hi
       sepsis_score  = 3 of 6 ~mid
 why    @ext:ehr:obs-88231 three consecutive samples rising
 unk    [fluid intake last 6h, prior antibiotics]
 assume weight_kg = 70 standard adult estimate, not measured ~lo

a1.41 propose a1>@role:clinician pri=block sens=phi
 q      start the sepsis bundle?
 ctx   @a2.40
 opt    [start now, fluids then reassess, observe 1h]
 risk   each hour of delay raises mortality ~mid
 want  accept|reject
 unk    [allergy history]
`

// Auction is the reference's auction sample: a task with subtasks, a bid, a
// failure and an acceptance.
const Auction = `a1.20 do a1>@role:worker #reindex thd=shard1
 q     rebuild the index over @tbl:sha256:7d19ac44b2
 by    30m | $5
 sub   s1 = pull snapshot  @role:storage
       s2 = build inverted on=s1
       s3 = canary cutover on=s2
 want  {bid_cost, bid_eta, capable}

a5.3 propose a5>a1 re=a1.20
 a     bid_cost = $3.2 ~hi
       bid_eta  = 18m  ~mid
       capable  = yes  ~hi
 unk   [whether the dataset has nested fields]

a7.2 fail a7>a1 re=a1.20
 why   unsupported this node cannot read table slices
 unk   []

a1.21 accept a1>a5 re=a5.3
 why   lowest bid and capable=yes
`

// Content is the reference's content-plane sample: two txt blocks and marks
// on them.
const Content = `a2.7 tell a2>a1 #ch1
 txt src @md/en v=orig
 | The lighthouse keeper insisted that nothing unusual ever happened here.
 |
 | He was, by every account, the last man on the island you would ask.
 txt tgt @md/zh v=draft3
 | 灯塔看守人坚称，这里从来没发生过任何不寻常的事。
 |
 | 而所有人都会告诉你，全岛最不该去问的就是他。
 mark tgt#L1.c0-5 = 定名依 GLOSS v4 ~hi
      tgt#L3 > "而所有人都会说：全岛最不该问的人，就是他。" ~mid
      src#p2 = 语序在中文里必须重排 ~hi
 a    faithful != literal ~hi
 unk  [第 3 行改写后是否过于口语]
`
