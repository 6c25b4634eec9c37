#!/usr/bin/env bash
# Runs the README's systemd unit (turnpost@.service, section "Several processes") under a
# real systemd, end to end: one command for a person, NOT run by CI (it needs root, a network
# for debootstrap on the first run, and a few minutes).
#
#   sudo scripts/systemd-check.sh
#
# What it does:
#   1. builds the debug binary `target/debug/turnpost` and the test `systemd_units` (a debug
#      build is enough to check the unit; no release build);
#   2. makes a Debian bookworm root file system with systemd once (debootstrap, ~50 s), kept in
#      $TURNPOST_NSPAWN_ROOT (default /var/tmp/turnpost-nspawn/root) and reused later;
#   3. copies the binary to ROOT/usr/local/bin/turnpost and writes the unit exactly as the
#      README shows it (the ```ini block of "### Several processes") to
#      ROOT/etc/systemd/system/turnpost@.service;
#   4. boots that root with `systemd-nspawn -b` (systemd as the container's PID 1; the
#      container shares the host's network, so 127.0.0.1 is the same on both sides);
#   5. runs `cargo test -p turnpost-bot --test systemd_units` with TURNPOST_SYSTEMD_CHECK=1 and
#      the container's PID: the test starts a throwaway PostgreSQL and the fake Discord on the
#      host, writes /var/lib/turnpost/.env (and the per-instance env files) into the root, and
#      drives `systemctl` / `journalctl` in the container through `nsenter`;
#   6. powers the container off again, whatever happened (trap).
#
# The host needs no systemd of its own (`--register=no --keep-unit`: nothing asks a host
# systemd or machined for anything), only root, systemd-container, debootstrap and nsenter
# (util-linux); missing packages are installed with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=${TURNPOST_NSPAWN_ROOT:-/var/tmp/turnpost-nspawn/root}
MIRROR=${TURNPOST_NSPAWN_MIRROR:-http://deb.debian.org/debian}
MACHINE=turnpost-check
# The mark of a finished debootstrap (an interrupted one is started again from scratch).
DONE_MARK="$ROOT/.turnpost-rootfs-done"

if [ "$(id -u)" != 0 ]; then
    echo "systemd-check: run as root (systemd-nspawn and debootstrap need it)" >&2
    exit 1
fi

# Tools: systemd-nspawn (systemd-container), debootstrap, nsenter (util-linux).
missing=()
command -v systemd-nspawn >/dev/null 2>&1 || missing+=(systemd-container)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v nsenter >/dev/null 2>&1 || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# 1. The binary the container runs and the test that checks it (the test compares the two).
cargo build -p turnpost-bot --bin turnpost
cargo test -p turnpost-bot --test systemd_units --no-run

# 2. The root file system, made once.
if [ ! -e "$DONE_MARK" ]; then
    rm -rf "$ROOT"
    mkdir -p "$(dirname "$ROOT")"
    debootstrap --variant=minbase --include=systemd,dbus,ca-certificates \
        bookworm "$ROOT" "$MIRROR"
    touch "$DONE_MARK"
fi

# 3. The binary, the README's unit, and no env files of an earlier run (the test writes them).
install -m 0755 target/debug/turnpost "$ROOT/usr/local/bin/turnpost"
unit=$(awk '
    /^### Several processes/ { section = 1; next }
    section && /^##/ { exit }
    section && /^```ini$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }
' README.md)
if [ -z "$unit" ]; then
    echo "systemd-check: no \`\`\`ini block in README.md's \"### Several processes\"" >&2
    exit 1
fi
printf '%s\n' "$unit" >"$ROOT/etc/systemd/system/turnpost@.service"
mkdir -p "$ROOT/var/lib/turnpost"
rm -f "$ROOT"/var/lib/turnpost/.env "$ROOT"/var/lib/turnpost/*.env
rm -f "$ROOT"/etc/systemd/system/multi-user.target.wants/turnpost@*.service
echo "systemd-check: the unit under test (from README.md):"
sed 's/^/    /' "$ROOT/etc/systemd/system/turnpost@.service"

# 4. Boot. The container's systemd ends up as the nspawn process's only child (a short-lived
# helper comes first).
log=$(mktemp /tmp/turnpost-nspawn-XXXXXX.log)
systemd-nspawn -D "$ROOT" -b --register=no --keep-unit --console=pipe -M "$MACHINE" \
    </dev/null >"$log" 2>&1 &
nspawn=$!
init=

# The nspawn process's child that runs systemd, if there is one yet.
container_init() {
    local child
    for child in $(cat "/proc/$nspawn/task/$nspawn/children" 2>/dev/null); do
        if [ "$(cat "/proc/$child/comm" 2>/dev/null)" = systemd ]; then
            echo "$child"
            return
        fi
    done
}

# 6. However this ends: power the container off, and if it does not go within 30 s, kill
# the nspawn process and its children (ours, by their ids).
cleanup() {
    local status=$?
    [ -n "$init" ] || init=$(container_init)
    if [ -n "$init" ] && kill -0 "$init" 2>/dev/null; then
        nsenter -t "$init" -a systemctl poweroff >/dev/null 2>&1 || true
    fi
    for _ in $(seq 60); do
        kill -0 "$nspawn" 2>/dev/null || break
        sleep 0.5
    done
    if kill -0 "$nspawn" 2>/dev/null; then
        echo "systemd-check: the container did not power off; killing systemd-nspawn $nspawn" >&2
        local children
        children=$(cat "/proc/$nspawn/task/$nspawn/children" 2>/dev/null || true)
        kill -KILL "$nspawn" 2>/dev/null || true
        for child in $children $init; do
            kill -KILL "$child" 2>/dev/null || true
        done
    fi
    wait "$nspawn" 2>/dev/null || true
    if [ "$status" != 0 ]; then
        echo "systemd-check: FAILED ($status); the container's console said:" >&2
        sed 's/^/    /' "$log" >&2
    fi
    rm -f "$log"
}
trap cleanup EXIT

for _ in $(seq 60); do
    init=$(container_init)
    [ -n "$init" ] && break
    kill -0 "$nspawn" 2>/dev/null || { echo "systemd-check: systemd-nspawn exited" >&2; exit 1; }
    sleep 0.5
done
[ -n "$init" ] || { echo "systemd-check: no systemd in the container" >&2; exit 1; }
# "running" (or "degraded": some unit of the minimal root failed; the test lists them).
state=$(timeout 120 nsenter -t "$init" -a systemctl is-system-running --wait || true)
echo "systemd-check: container booted, systemd PID $init (host), state: $state"
case "$state" in
running | degraded) ;;
*)
    echo "systemd-check: the container's systemd did not come up" >&2
    exit 1
    ;;
esac

# 5. The check itself.
TURNPOST_SYSTEMD_CHECK=1 TURNPOST_NSPAWN_PID="$init" TURNPOST_NSPAWN_ROOT="$ROOT" \
    cargo test -p turnpost-bot --test systemd_units -- --nocapture
echo "systemd-check: passed"
