#!/usr/bin/env bash
# The mutation audit of issue 34 as one command: each mutation below changes one behaviour
# that a test claims to check; the script applies it, runs the tests that should catch it,
# restores the source exactly and reports caught or missed.
#
#   scripts/mutants.sh                  # every mutation
#   scripts/mutants.sh NAME …           # only these (names: scripts/mutants.sh --list)
#   scripts/mutants.sh --no-baseline …  # skip the first run of the tests on unmutated code
#
# It never touches the working tree it is started from (others may be editing it): it
# checks out MUTANTS_REV (default HEAD, so commit what you want audited) into a separate git
# worktree and builds there with its own target directory. A trap restores the mutated file
# and removes the worktree however the run ends (Ctrl-C included); the target directory is
# kept, so the next run builds only what changed.
#
# Environment: MUTANTS_REV (commit, default HEAD), MUTANTS_WORKTREE (default
# /tmp/turnpost-mutants), MUTANTS_TARGET_DIR (default target/mutants in the repository; a
# CARGO_TARGET_DIR set for everyday builds is not used, so they never get mutated objects).
#
# Why not cargo-mutants: it generates its own mutants (hundreds for this workspace: every
# function body and operator it can replace) and runs the whole test suite for each, which on
# two cores is days, not minutes; and it cannot make the mutations the audit is about — a
# condition inside an SQL string, a value in a component data file, a dropped reply. These
# are named, one line each, and each runs only the tests that claim to cover it.
#
# Exit status: 0 when every mutation was caught, 1 when one was missed or could not be
# applied or built, 2 when the unmutated code already fails its tests.

set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rev=$(git -C "$repo" rev-parse --verify "${MUTANTS_REV:-HEAD}^{commit}")
worktree=${MUTANTS_WORKTREE:-/tmp/turnpost-mutants}
export CARGO_TARGET_DIR=${MUTANTS_TARGET_DIR:-$repo/target/mutants}
export CARGO_TERM_COLOR=never

# name | file | text to find (exactly once) | its replacement | tests (package:test …) | what it breaks
mutations=(
  "leader-counts-1|core/src/pandoria/rules.rs|_ if f.leader => 2,|_ if f.leader => 1,|turnpost-core:scenarios|a leader next to a scored region counts 1 figure instead of 2"
  "haunting-leader-counts-1|core/src/pandoria/rules.rs|weights[f.seat.index()] += if f.leader { 2 } else { 1 };|weights[f.seat.index()] += 1;|turnpost-core:scenarios|a haunting Spirits leader counts 1 figure instead of 2"
  "buy-without-closing|core/src/pandoria/turn.rs|&& (!self.turn.closed.is_empty()|&& (true|turnpost-core:scenarios|every player may buy a card without closing a region"
  "convert-per-region|core/src/pandoria/turn.rs|(_, Some(r)) => gains[s.seat.index()][r.index()] += s.gained,|(_, Some(r)) => self.gain(s.seat, r, s.gained, events),|turnpost-core:scenarios|resources over 10 convert after each region, not once after all regions of the resource"
  "pestilence-free|core/src/rtta/event.rs|Disaster::Pestilence => 3,|Disaster::Pestilence => 0,|turnpost-core:rtta_scenarios|Pestilence costs the opponents nothing"
  "engineering-points-5|assets/rtta/components.json|\"cost\": 40, \"points\": 6|\"cost\": 40, \"points\": 5|turnpost-core:rtta_scenarios|Engineering is worth 5 points instead of text 002's 6"
  "version-check|bot/src/store/mod.rs|WHERE game_id = ? AND version = ? AND status = 'active'|WHERE game_id = ? AND ? IS NOT NULL AND status = 'active'|turnpost-bot:store_version|an append does not check the game's version"
  "places-inversion|bot/src/table/play.rs|kept.iter().position(\|k\| *k == r).unwrap_or(0) as u8 + 1|kept.len() as u8 - kept.iter().position(\|k\| *k == r).unwrap_or(0) as u8|turnpost-bot:rated_end|the places of a game ended by scoring are stored upside down"
  "dropped-restart-reply|bot/src/discord/handler.rs|Interaction::Command(c) => c.create_response(&ctx.http, busy).await,|Interaction::Command(_) => Ok(()),|turnpost-bot:discord_shutdown|a command during shutdown gets no answer"
)

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
}

field() { # field N of a mutation line ("\|" inside a field is a literal bar)
  local line=${1//\\|/$'\x1f'} parts
  IFS='|' read -r -a parts <<<"$line"
  printf '%s' "${parts[$2]//$'\x1f'/|}"
}

if [[ ${1:-} == --list ]]; then
  for m in "${mutations[@]}"; do printf '%-26s %s\n' "$(field "$m" 0)" "$(field "$m" 5)"; done
  exit 0
fi
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  usage
  exit 0
fi
baseline=1
if [[ ${1:-} == --no-baseline ]]; then
  baseline=0
  shift
fi
selected=("$@")
for name in "${selected[@]}"; do
  known=0
  for m in "${mutations[@]}"; do [[ $(field "$m" 0) == "$name" ]] && known=1; done
  if [[ $known -eq 0 ]]; then
    echo "no mutation is called $name (see --list)" >&2
    exit 2
  fi
done

mutated_file=""
backup=""
log=""
cleanup() {
  local status=$?
  if [[ -n $mutated_file && -n $backup && -f $backup ]]; then
    cp "$backup" "$worktree/$mutated_file"
    echo "restored $mutated_file" >&2
  fi
  if [[ -d $worktree ]]; then
    if ! git -C "$worktree" diff --quiet; then
      echo "the worktree differs from $rev after restoring:" >&2
      git -C "$worktree" diff --stat >&2
      status=3
    fi
    git -C "$repo" worktree remove --force "$worktree" || true
  fi
  rm -f "$backup" "$log"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ -e $worktree ]]; then
  git -C "$repo" worktree remove --force "$worktree" 2>/dev/null || {
    echo "$worktree exists and is not a worktree of $repo; set MUTANTS_WORKTREE" >&2
    exit 2
  }
fi
git -C "$repo" worktree add --quiet --detach "$worktree" "$rev"
backup=$(mktemp)
log=$(mktemp)
echo "auditing $(git -C "$repo" log -1 --format='%h %s' "$rev" | cut -c1-90)"
echo "worktree $worktree, target $CARGO_TARGET_DIR"

# Runs the tests `package:test …`; returns cargo's status. Output goes to $log.
run_tests() {
  local status=0 spec
  for spec in $1; do
    (cd "$worktree" && cargo test --quiet -p "${spec%%:*}" --test "${spec#*:}") >>"$log" 2>&1 || status=$?
    [[ $status -ne 0 ]] && return $status
  done
  return 0
}

# Whether cargo failed before any test ran (the mutant does not build).
did_not_build() {
  grep -q 'could not compile' "$log"
}

started=$SECONDS
all_tests=""
for m in "${mutations[@]}"; do
  for spec in $(field "$m" 4); do
    [[ " $all_tests " == *" $spec "* ]] || all_tests+=" $spec"
  done
done
if [[ $baseline -eq 1 ]]; then
  echo "baseline: the unmutated code must pass$all_tests"
  if ! run_tests "$all_tests"; then
    tail -40 "$log" >&2
    echo "the unmutated code fails its tests: nothing to audit" >&2
    exit 2
  fi
  printf '  passed (%ds)\n' $((SECONDS - started))
fi

caught=0
missed=0
broken=0
for m in "${mutations[@]}"; do
  name=$(field "$m" 0)
  if [[ ${#selected[@]} -gt 0 && " ${selected[*]} " != *" $name "* ]]; then
    continue
  fi
  file=$(field "$m" 1)
  find=$(field "$m" 2)
  replace=$(field "$m" 3)
  tests=$(field "$m" 4)
  what=$(field "$m" 5)
  t0=$SECONDS
  cp "$worktree/$file" "$backup"
  mutated_file=$file
  if ! FIND=$find REPLACE=$replace python3 - "$worktree/$file" <<'PY'
import os, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
find, replace = os.environ["FIND"], os.environ["REPLACE"]
n = text.count(find)
if n != 1:
    sys.exit(f"found {n} times, not once: {find}")
open(path, "w", encoding="utf-8").write(text.replace(find, replace))
PY
  then
    verdict="NOT APPLIED (the code changed: update the mutation)"
    broken=$((broken + 1))
  else
    : >"$log"
    if run_tests "$tests"; then
      verdict="MISSED"
      missed=$((missed + 1))
    elif did_not_build; then
      verdict="DOES NOT BUILD"
      broken=$((broken + 1))
    else
      verdict="caught"
      caught=$((caught + 1))
      # The failing tests, and the scenario files (with the line) that failed in them.
      failing=$(grep -E '^    [A-Za-z0-9_:]+$' "$log" | sed 's/^ *//' | sort -u | paste -sd ',' - || true)
      files=$(grep -oE '^[a-z0-9-]+\.txt: line [0-9]+' "$log" | sort -u || true)
      [[ -n $failing ]] && verdict+=" by $failing"
      if [[ -n $files ]]; then
        count=$(wc -l <<<"$files")
        verdict+=" ($(head -3 <<<"$files" | paste -sd ',' -)"
        [[ $count -gt 3 ]] && verdict+=" and $((count - 3)) more scenarios"
        verdict+=")"
      fi
    fi
  fi
  cp "$backup" "$worktree/$file"
  mutated_file=""
  git -C "$worktree" diff --quiet -- "$file" || {
    echo "could not restore $file" >&2
    exit 3
  }
  line=$(printf '%-26s %-36s %4ds  %s' "$name" "$tests" $((SECONDS - t0)) "$verdict")
  echo "$line"
  echo "    ($what)"
done

echo
echo "$caught caught, $missed missed, $broken not applied or not built; $((SECONDS - started)) s in all"
[[ $missed -eq 0 && $broken -eq 0 ]]
