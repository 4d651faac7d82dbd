#!/bin/sh
# The lab's report in a real browser: makes two reports (a paired variant comparison with capped
# games, and a tournament), opens each in headless Chromium, and checks that the page ran (its
# script counts the charts into <body data-charts>), that the charts are there, that the page is
# no wider than the window (long lines wrap), that no two labels of a chart overlap (measured by
# the page itself in the browser) and that the browser logged no console error. The screenshots stay in OUT for people to look at.
# Usage: report_browser_test.sh TABLETOP_BINARY OUT_DIR
set -eu
bin=$1
out=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "chromium is not installed (scripts/install-deps installs it)"
  exit 77
fi
rm -rf "$out"
mkdir -p "$out"

check() {  # check NAME MIN_CHARTS
  name=$1
  min=$2
  page="file://$out/$name/index.html"
  # Each run gets its own profile so parallel tests do not share one.
  flags="--headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run
         --disable-dev-shm-usage --enable-logging=stderr --v=0 --user-data-dir=$out/profile-$name"
  # shellcheck disable=SC2086
  timeout 120 "$browser" $flags --window-size=1100,2400 --dump-dom "$page" >"$out/$name.dom" 2>"$out/$name.log" || {
    echo "chromium failed on $page"; cat "$out/$name.log"; exit 1; }
  # shellcheck disable=SC2086
  timeout 120 "$browser" $flags --window-size=1100,2400 --screenshot="$out/$name.png" "$page" \
    >/dev/null 2>>"$out/$name.log" || { echo "chromium screenshot failed"; exit 1; }
  charts=$(sed -n 's/.*data-charts="\([0-9]*\)".*/\1/p' "$out/$name.dom" | head -n 1)
  if [ -z "$charts" ]; then
    echo "$name: the page's script did not run (no data-charts on <body>)"; exit 1
  fi
  if [ "$charts" -lt "$min" ]; then
    echo "$name: $charts charts, expected at least $min"; exit 1
  fi
  width=$(sed -n 's/.*data-width="\([0-9]*\)".*/\1/p' "$out/$name.dom" | head -n 1)
  if [ -z "$width" ] || [ "$width" -gt 1100 ]; then
    echo "$name: the page is ${width:-?} px wide in a 1100 px window (a line does not wrap)"; exit 1
  fi
  overlaps=$(sed -n 's/.*data-overlaps="\([0-9]*\)".*/\1/p' "$out/$name.dom" | head -n 1)
  if [ "$overlaps" != 0 ]; then
    echo "$name: $overlaps pairs of chart labels overlap:"
    sed -n 's/.*data-overlapping="\([^"]*\)".*/\1/p' "$out/$name.dom"; exit 1
  fi
  svgs=$(grep -o '<svg class="chart"' "$out/$name.dom" | wc -l)
  [ "$svgs" -eq "$charts" ] || { echo "$name: $svgs svg elements but $charts counted"; exit 1; }
  if grep -E 'CONSOLE|Uncaught' "$out/$name.log" | grep -qiE 'error|uncaught'; then
    echo "$name: console errors:"; grep -E 'CONSOLE|Uncaught' "$out/$name.log"; exit 1
  fi
  [ -s "$out/$name.png" ] || { echo "$name: no screenshot"; exit 1; }
  echo "$name: $charts charts, $width px wide, no overlapping labels, no console error;" \
    "screenshot $out/$name.png"
}

"$bin" sim relativity -n 30 -j 2 --rotate --agents random,greedy --sweep max_plies=10000,40 \
  --report "$out/variants" >"$out/variants.txt"
# variants: per condition seats + agents + plies (3 each, 2 conditions), then the differences.
check variants 7
grep -q 'capped' "$out/variants/index.html"
ls "$out/variants/records/"*.json >/dev/null
"$bin" replay --quiet "$out/variants/records/0-longest.json"

"$bin" sim relativity -n 8 -j 2 --tournament --agents random,greedy,greedy:samples=2 \
  --report "$out/tournament" >"$out/tournament.txt"
check tournament 4
grep -q 'Tournament ratings' "$out/tournament/index.html"
# A variant search: its rounds, then the two finalists with the quality tables and trajectories.
"$bin" sim relativity -n 6 -j 2 --agents random --search max_plies=20..80/20 \
  --target 'decisive >= 90%' --report "$out/search" >"$out/search.txt"
check search 6
grep -q 'Variant search' "$out/search/index.html"
grep -q 'Game quality' "$out/search/index.html"
# Culture Wars' long parameter line wraps (it made the page 1,987 px wide).
"$bin" sim culture-wars -n 2 -j 2 --agents random -p max_rounds=2 --report "$out/params" \
  >"$out/params.txt"
check params 1
echo ok
