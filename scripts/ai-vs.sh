#!/usr/bin/env bash
# The strong AI of an old commit against the working tree's, in one process (issue 33).
#
#   scripts/ai-vs.sh [OLD-COMMIT] -- [ai-vs arguments]
#   scripts/ai-vs.sh 55e2890 -- --game pandoria --games 200 --ms 20
#   scripts/ai-vs.sh 55e2890 -- --game rtta --games 200 --ms 5
#
# The old commit is checked out into a git worktree under /tmp (its workspace version is set
# to 0.0.0-old there, so Cargo can hold both versions of turnpost-core in one build); a small
# crate under /tmp depends on both (`old` and `new`, renamed path dependencies) and builds
# scripts/ai-vs/main.rs (what it plays and reports is described there) in release mode with
# its own target directory; then it runs with the given arguments. Both AIs play in the same
# process on the same core, so a busy machine slows both alike; run it with `nice` in the
# background when other work must go on.
#
# Environment: AI_VS_WORKTREE (default /tmp/turnpost-ai-old-<sha>), AI_VS_CRATE (default
# /tmp/turnpost-ai-vs), AI_VS_TARGET (default /tmp/turnpost-ai-vs-target, kept so the next
# run builds little). A worktree the script made is removed again once the program is built.

set -euo pipefail

old=${1:-55e2890}
[ "${2:-}" = "--" ] && shift 2 || shift $(($# > 0 ? 1 : 0))
root=$(git rev-parse --show-toplevel)
sha=$(git -C "$root" rev-parse --short "$old^{commit}")
worktree=${AI_VS_WORKTREE:-/tmp/turnpost-ai-old-$sha}
crate=${AI_VS_CRATE:-/tmp/turnpost-ai-vs}
target=${AI_VS_TARGET:-/tmp/turnpost-ai-vs-target}

made_worktree=false
if [ ! -e "$worktree/.git" ]; then
    git -C "$root" worktree add --detach "$worktree" "$sha" >&2
    made_worktree=true
fi
# Two packages of one name and version cannot share a lock file: the old one is renumbered.
sed -i 's/^version = "[^"]*"$/version = "0.0.0-old"/' "$worktree/Cargo.toml"

mkdir -p "$crate"
cat >"$crate/Cargo.toml" <<TOML
[package]
name = "turnpost-ai-vs"
version = "0.0.0"
edition = "2024"
publish = false

[[bin]]
name = "ai-vs"
path = "$root/scripts/ai-vs/main.rs"

[dependencies]
new = { package = "turnpost-core", path = "$root/core" }
old = { package = "turnpost-core", path = "$worktree/core" }

[profile.release]
debug = false

[workspace]
TOML
(cd "$crate" && CARGO_TARGET_DIR=$target cargo build --release --quiet)
if $made_worktree; then git -C "$root" worktree remove --force "$worktree"; fi
exec "$target/release/ai-vs" "$@"
