#!/usr/bin/env python3
"""scripts/ladder --extend: a Relativity entry (hard at 20 iterations against medium) grown from 2
deals to 6 by playing deals 2 to 5 alone is the entry a 6-deal run makes (every count, the share and
its interval), its command the whole run's and its parts the two commands that ran; an entry it
cannot grow (no deal sums, a different command, already as long) is refused with the reason, and
the data left as it was.

Usage: ladder_extend_test.py TABLETOP_BINARY OUT_DIR"""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LADDER = os.path.join(ROOT, "scripts", "ladder")


def ladder(binary, out, *args, ok=True):
    cmd = [sys.executable, LADDER, "--bin", binary, "--game", "relativity", "--versus",
           "hard:medium", "--hard", "20", "--seed", "3", "--no-round-robin", "--threads", "2", "--out", out, *args]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if ok and done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stderr}")
    if not ok and done.returncode == 0:
        sys.exit(f"succeeded, expected a refusal: {' '.join(cmd)}")
    return done


def entry(path):
    with open(path) as f:
        return json.load(f)["games"]["relativity"]["2"]["versus"]["hard:medium"]


def main():
    binary, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    whole, grown = os.path.join(out, "whole.json"), os.path.join(out, "grown.json")
    ladder(binary, whole, "--versus-deals", "6")
    ladder(binary, grown, "--versus-deals", "2")
    two = entry(grown)
    ladder(binary, grown, "--versus-deals", "6", "--extend")
    w, g = entry(whole), entry(grown)
    assert g["deals"] == 6 and g["games"] == 12, g
    parts = g.pop("parts")
    assert parts == [two["command"], two["command"].replace("-n 2 --seed 3", "-n 4 --seed 3 "
                                                            "--first-deal 2")], parts
    for k in ("deal_sums", "low", "high", "share"):
        assert w[k] == g[k] or abs(w[k] - g[k]) < 1e-9 if not isinstance(w[k], dict) else all(
            abs(w[k][x] - g[k][x]) < 1e-9 for x in w[k]), (k, w[k], g[k])
        g[k] = w[k]
    assert g == w, (g, w)
    # seed 3's six deals: the agents' wins cluster by deal (design effect 2), so the interval
    # tests the sums' cross terms, not the share alone
    m = w["deal_sums"]
    p = m["s"] / m["t"]
    assert (m["ss"] - 2 * p * m["st"] + p * p * m["tt"]) / (m["t"] * p * (1 - p)) > 1.5, m
    print(f"ok: grown 2 -> 6 deals equals the 6-deal run: {w['wins']} of {w['decisive']} decisive, "
          f"[{w['low']}, {w['high']}]")

    # Refusals: already as long; a different command (another seed); no deal sums.
    with open(grown) as f:
        before = f.read()
    for args, reason in ((["--versus-deals", "6"], "already has 6 deals"),
                         (["--versus-deals", "8", "--seed", "4"], "its command differs"),):
        done = ladder(binary, grown, *args, "--extend", ok=False)
        assert reason in done.stderr, (args, done.stderr)
    data = json.loads(before)
    del data["games"]["relativity"]["2"]["versus"]["hard:medium"]["deal_sums"]
    with open(grown, "w") as f:
        json.dump(data, f)
    done = ladder(binary, grown, "--versus-deals", "8", "--extend", ok=False)
    assert "no deal sums" in done.stderr, done.stderr
    with open(grown) as f:
        assert json.load(f) == data, "a refused --extend changed the data"
    print("ok: refused with the reason: as long already, another command, no deal sums")


if __name__ == "__main__":
    main()
