#!/usr/bin/env bash
# A bench of an old commit against the working tree, in one run (issue 33): by default
# Pandoria's playout speed (turnpost-core's `pandoria` bench).
#
#   scripts/bench-vs.sh [OLD-COMMIT] [FILTER]
#   scripts/bench-vs.sh                                   # 585e104 against the working tree
#   scripts/bench-vs.sh 55e2890 "standard random game"    # another commit, other benches
#   BENCH_VS_PACKAGE=turnpost-bot BENCH_VS_BENCH=table \
#     scripts/bench-vs.sh 40aeb3e~ "render \+ encode, outbox$"   # one action through the table
#
# The old commit is checked out into its own git worktree under /tmp and its pandoria bench is
# built there with its own target directory, so neither build disturbs the other; the current
# bench is built from the working tree in the usual target directory. Then the two bench
# binaries run alternately, old, new, old, new … (BENCH_VS_ROUNDS rounds each, default 2),
# pinned to one core with `taskset -c 1` where taskset exists, and each run keeps criterion's
# results in a directory of its own. The table gives every bench's median of each round
# (criterion's estimate, µs), and new/old as the ratio of the medians' medians.
#
# Environment: BENCH_VS_PACKAGE and BENCH_VS_BENCH (the bench target, default turnpost-core's
# pandoria), BENCH_VS_ROUNDS (default 2), BENCH_VS_CORE (default 1), BENCH_VS_ARGS (criterion
# arguments, default "--warm-up-time 1 --measurement-time 4"), BENCH_VS_WORKTREE (default
# /tmp/turnpost-bench-<sha>), BENCH_VS_TARGET (the old build's target directory, default
# /tmp/turnpost-bench-target-<sha>, kept so the next run builds little), BENCH_VS_OUT (the
# criterion results, default a fresh /tmp/turnpost-bench-vs.XXXX). A worktree the script made
# is removed again once the old bench is built. Needs git, cargo and jq.

set -euo pipefail

old=${1:-585e104}
filter=${2:-random game/4 players}
package=${BENCH_VS_PACKAGE:-turnpost-core}
bench=${BENCH_VS_BENCH:-pandoria}
rounds=${BENCH_VS_ROUNDS:-2}
core=${BENCH_VS_CORE:-1}
read -r -a criterion_args <<<"${BENCH_VS_ARGS:---warm-up-time 1 --measurement-time 4}"

root=$(git rev-parse --show-toplevel)
sha=$(git -C "$root" rev-parse --short "$old^{commit}")
worktree=${BENCH_VS_WORKTREE:-/tmp/turnpost-bench-$sha}
old_target=${BENCH_VS_TARGET:-/tmp/turnpost-bench-target-$sha}
out=${BENCH_VS_OUT:-$(mktemp -d /tmp/turnpost-bench-vs.XXXX)}

made_worktree=false
if [ ! -e "$worktree/.git" ]; then
    git -C "$root" worktree add --detach "$worktree" "$sha" >&2
    made_worktree=true
fi

# Builds the bench in $1 with target directory $2 and prints the binary's path.
build() {
    (cd "$1" && CARGO_TARGET_DIR=$2 cargo bench -p "$package" --bench "$bench" --no-run \
        --message-format=json) |
        jq -r --arg bench "$bench" 'select(.reason == "compiler-artifact" and .target.name == $bench
                      and .executable != null) | .executable' | tail -n 1
}

echo "building $sha in $worktree (target $old_target)" >&2
old_bin=$(build "$worktree" "$old_target")
if $made_worktree; then git -C "$root" worktree remove --force "$worktree"; fi
echo "building the working tree $root" >&2
new_bin=$(build "$root" "${CARGO_TARGET_DIR:-$root/target}")
[ -x "$old_bin" ] && [ -x "$new_bin" ] || { echo "a build gave no bench binary" >&2; exit 1; }

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$core"); fi

for round in $(seq 1 "$rounds"); do
    for side in old new; do
        bin=$old_bin
        [ "$side" = new ] && bin=$new_bin
        echo "round $round: $side ($bin)" >&2
        CRITERION_HOME="$out/$side-$round" "${pin[@]}" "$bin" --bench --noplot \
            "${criterion_args[@]}" "$filter" >"$out/$side-$round.log" 2>&1
    done
done

# One line per bench, side and round: id, side, median in µs.
for dir in "$out"/*-*/; do
    side=$(basename "$dir")
    side=${side%-*}
    find "$dir" -path '*/new/estimates.json' | while read -r estimates; do
        id=$(jq -r .full_id "$(dirname "$estimates")/benchmark.json")
        median=$(jq -r '.median.point_estimate / 1000' "$estimates")
        printf '%s\t%s\t%s\n' "$id" "$side" "$median"
    done
done | sort >"$out/medians.tsv"

echo
echo "$package bench $bench \"$filter\", $rounds alternating rounds pinned to core $core: $sha against the working tree ($(git -C "$root" rev-parse --short HEAD) + changes)"
echo
echo "| bench | $sha medians (µs) | working tree medians (µs) | new / old |"
echo "|---|---|---|---:|"
cut -f1 "$out/medians.tsv" | uniq | while read -r id; do
    list() { awk -F'\t' -v id="$id" -v side="$1" '$1 == id && $2 == side { printf "%s%.0f", sep, $3; sep = ", " }' "$out/medians.tsv"; }
    mid() { awk -F'\t' -v id="$id" -v side="$1" '$1 == id && $2 == side { print $3 }' "$out/medians.tsv" |
        sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
    o=$(mid old)
    n=$(mid new)
    ratio="—"
    if [ -n "$o" ] && [ -n "$n" ]; then ratio=$(awk -v o="$o" -v n="$n" 'BEGIN { printf "%.3f", n / o }'); fi
    echo "| $id | $(list old | grep . || echo —) | $(list new | grep . || echo —) | $ratio |"
done
echo
echo "criterion's results and logs: $out"
