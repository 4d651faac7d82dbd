#!/bin/sh
# Ctrl-C (SIGINT) stops `tabletop sim` cleanly: games in progress finish, the summary of every
# finished deal is printed and written, and the exit code is 130; a second Ctrl-C drops the games
# in progress and still summarises.
# Usage: interrupt_test.sh TABLETOP_BINARY OUT_DIR
set -u
bin=$1
out=$2
rm -rf "$out"
mkdir -p "$out"
"$bin" sim relativity -n 100000000 -j 2 --json "$out/summary.json" --csv "$out/games.csv" \
  >"$out/summary.txt" 2>"$out/stderr.txt" &
pid=$!
# Wait until games are being played (the CSV has rows), then interrupt.
for _ in $(seq 1 100); do
  [ "$({ wc -l <"$out/games.csv"; } 2>/dev/null || echo 0)" -gt 10 ] && break
  sleep 0.2
done
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || { echo "exit code $rc, expected 130"; cat "$out/stderr.txt"; exit 1; }
grep -q '"interrupted": true' "$out/summary.json" || { echo "summary not marked interrupted"; exit 1; }
deals=$(sed -n 's/^  "deals": \([0-9]*\),*$/\1/p' "$out/summary.json")
rows=$(($(wc -l <"$out/games.csv") - 1))
[ "$deals" -gt 0 ] && [ "$deals" -eq "$rows" ] ||
  { echo "summary has $deals deals, CSV $rows games"; exit 1; }
grep -q "interrupted: $deals of 100000000 deals finished" "$out/summary.txt" ||
  { echo "no interruption line"; cat "$out/summary.txt"; exit 1; }
echo "ok: stopped after $deals deals, every one summarised and written"

# A second Ctrl-C drops the games in progress instead of waiting for them: two searchers at
# 200,000 iterations a move take minutes for one Siege game, so without it this run would not end
# before the test's timeout. No deal finished, so the summary holds none, and it still is written.
rm -f "$out/long.json"
"$bin" sim siege -n 1000 -j 1 --progress off --no-quality --json "$out/long.json" \
  --agents ismcts:iterations=200000,ismcts:iterations=200000 -p players=2 \
  >"$out/long.txt" 2>"$out/long_stderr.txt" &
pid=$!
# Interrupt once the run catches SIGINT (bit 2 of SigCgt), as a person would once it is going:
# once the process is the program itself (/proc/PID/exe), not the shell's fork before the exec,
# whose caught signals are the shell's (an interrupt there ends the fork before the run starts).
real_bin=$(readlink -f "$bin")
for _ in $(seq 1 600); do
  caught=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
  [ "$(readlink -f "/proc/$pid/exe" 2>/dev/null)" = "$real_bin" ] && [ -n "$caught" ] &&
    [ $((0x$caught & 2)) -ne 0 ] && break
  sleep 0.1
done
kill -INT "$pid"
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || { echo "second Ctrl-C: exit code $rc, expected 130"; cat "$out/long_stderr.txt"; exit 1; }
grep -q '"interrupted": true' "$out/long.json" ||
  { echo "second Ctrl-C: summary not written or not marked interrupted"; cat "$out/long_stderr.txt"; exit 1; }
echo "ok: a second Ctrl-C dropped the game in progress and the summary was written"
