#!/usr/bin/env bash
# bench/reference.sh: `rosettac check --format json` against the Python
# reference implementation's parse + Session.add, side by side on the same
# bytes, and the ratio of their wall times (docs/performance.md, "Rosetta
# check speed").
#
#   bench/reference.sh                 # 10k and 100k messages
#   bench/reference.sh 1000 10000      # the sizes you name
#   bench/reference.sh --scale         # rosettac alone, 1k to 100k (1M too with SCALE_1M=1)
#
# Environment:
#   ROSETTAC_REF  the reference module (default /work/ref/agentrosetta.py; it
#                 lives outside this repository: without it the comparison is
#                 skipped with a message, and --scale still runs)
#   ROSETTAC_GEN  gen_transcript.py (default ../shared/bench/ beside the repository)
#   RUNS          timed runs of each command (default 5; one warm-up each)
#   BENCH_DIR     where the binary and the generated transcripts go
#                 (default $TMPDIR/rosettac-bench; transcripts are reused)
#
# The two commands run in turn (A B A B ...), each timed by GNU time (wall,
# user+system CPU, peak RSS), and the medians are compared. Every figure is
# the whole process, start-up included. Timings are not assertions: run this
# on a quiet machine for figures to quote.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
ref=${ROSETTAC_REF:-/work/ref/agentrosetta.py}
gen=${ROSETTAC_GEN:-}
runs=${RUNS:-5}
dir=${BENCH_DIR:-${TMPDIR:-/tmp}/rosettac-bench}
mkdir -p "$dir"

if [[ -z $gen ]]; then
	for p in "$root/../shared/bench/gen_transcript.py" "$root/../../shared/bench/gen_transcript.py" /work/shared/bench/gen_transcript.py; do
		if [[ -f $p ]]; then gen=$p; break; fi
	done
fi
if [[ -z $gen || ! -f $gen ]]; then
	echo "reference.sh: gen_transcript.py not found (set ROSETTAC_GEN)" >&2
	exit 2
fi

scale=false
if [[ ${1:-} == --scale ]]; then
	scale=true
	shift
fi
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then
	if $scale; then
		sizes=(1000 10000 100000)
		[[ ${SCALE_1M:-} == 1 ]] && sizes+=(1000000)
	else
		sizes=(10000 100000)
	fi
fi

echo "building rosettac ($(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?'))" >&2
(cd "$root" && go build -o "$dir/rosettac" ./cmd/rosettac)
rosettac=$dir/rosettac

transcript() { # N: a generated transcript of N messages, made once
	local f=$dir/gen-$1.rose
	if [[ ! -s $f ]]; then
		echo "generating $1 messages" >&2
		# the linear-time driver of the same generator (the same bytes): the
		# original's is quadratic and does not finish 1M messages
		ROSETTAC_GEN=$gen python3 "$root/bench/gen_transcript_linear.py" --messages "$1" --seed 1 >"$f.tmp" && mv "$f.tmp" "$f"
	fi
	echo "$f"
}

# The reference's check: parse the whole text, then add each message to one
# session, as golden/generated_parity_test.go runs it.
cat >"$dir/ref_check.py" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
import agentrosetta as ar
text = open(sys.argv[2], encoding="utf-8").read()
s = ar.Session()
n = 0
for m in ar.parse(text):
    n += len(s.add(m))
print(n)
EOF

median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.4f\n", (a[NR/2]+a[NR/2+1])/2}'; }

measure() { # CMD...: "wall cpu peakMiB" of one run, by GNU time
	local t
	t=$(mktemp)
	/usr/bin/time -o "$t" -f '%e %U %S %M' "$@" >/dev/null 2>&1 || true
	awk '{printf "%s %.2f %.0f\n", $1, $2+$3, $4/1024}' "$t"
	rm -f "$t"
}

mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.1f", b/1e6}'; }

# max-bytes: the 1M-message transcript (about 300 MB) is over the default limit.
check=("$rosettac" check --format json --max-bytes 1073741824)

if $scale; then
	printf '%-10s %8s %10s %10s %10s %10s\n' messages MB "wall s" "cpu s" "s/MB" "peak MiB"
	for n in "${sizes[@]}"; do
		f=$(transcript "$n")
		r=$(( n >= 1000000 ? 1 : runs ))
		: >"$dir/s"
		for _ in $(seq "$r"); do measure "${check[@]}" "$f" >>"$dir/s"; done
		w=$(awk '{print $1}' "$dir/s" | median)
		c=$(awk '{print $2}' "$dir/s" | median)
		p=$(awk '{print $3}' "$dir/s" | median)
		printf '%-10s %8s %10s %10s %10s %10s\n' "$n" "$(mb "$f")" "$w" "$c" \
			"$(awk -v w="$w" -v m="$(mb "$f")" 'BEGIN {printf "%.4f", w/m}')" "$p"
	done
	exit 0
fi

if [[ ! -f $ref ]]; then
	echo "reference.sh: no reference implementation at $ref (set ROSETTAC_REF); skipping the comparison" >&2
	exit 0
fi
refdir=$(dirname "$ref")

printf '%-10s %8s %14s %14s %10s %12s\n' messages MB "reference s" "rosettac s" "ratio" "cpu ratio"
for n in "${sizes[@]}"; do
	f=$(transcript "$n")
	: >"$dir/a" && : >"$dir/b"
	for _ in $(seq "$runs"); do
		measure python3 "$dir/ref_check.py" "$refdir" "$f" >>"$dir/a"
		measure "${check[@]}" "$f" >>"$dir/b"
	done
	a=$(awk '{print $1}' "$dir/a" | median) b=$(awk '{print $1}' "$dir/b" | median)
	ratio=$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", a/b}')
	ca=$(awk '{print $2}' "$dir/a" | median) cb=$(awk '{print $2}' "$dir/b" | median)
	cpu=$(awk -v a="$ca" -v b="$cb" 'BEGIN {printf "%.2f", a/b}')
	printf '%-10s %8s %14s %14s %9s× %11s×\n' "$n" "$(mb "$f")" "$a" "$b" "$ratio" "$cpu"
done
echo "(median wall seconds of $runs runs each, whole processes; ratio = reference / rosettac; cpu ratio = the same of user+system seconds: on a loaded machine wall time is mostly waiting for a core, and rosettac, which parses on every core, is then hurt most)"
