#!/bin/sh
# Ctrl-C (SIGINT) stops `tabletop sim` cleanly: games in progress finish, the summary of every
# finished deal is printed and written, and the exit code is 130.
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
  [ "$(wc -l <"$out/games.csv" 2>/dev/null || echo 0)" -gt 10 ] && break
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
