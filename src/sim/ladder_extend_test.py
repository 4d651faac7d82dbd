#!/usr/bin/env python3
"""scripts/ladder --extend: a Relativity entry (hard at 20 iterations against medium) grown from 2
deals to 6 by playing deals 2 to 5 alone is the entry a 6-deal run makes (every count, the share and
its interval), its command the whole run's and its parts the two commands that ran; an entry it
cannot grow (no deal sums, a different command, already as long) is refused with the reason, and
the data left as it was. Round robins the same way: a tournament's win matrices from deals 0-1
and 2-4 added and rated by `tabletop rate` are the 5-deal run's ratings, and a ladder round robin
grown from 1 deal to 2 is rated on both deals' wins; `tabletop rate` names what is wrong with a
malformed matrix; `--levels` rates only the levels it names.

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
    assert "no deal_sums" in done.stderr, done.stderr
    with open(grown) as f:
        assert json.load(f) == data, "a refused --extend changed the data"
    print("ok: refused with the reason: as long already, another command, no deal_sums")
    round_robins(binary, out)


def sim_tournament(binary, out, name, *args):
    path = os.path.join(out, name)
    subprocess.run([binary, "sim", "relativity", "--seed", "3", "-j", "2", "--tournament",
                    "--agents", "random,greedy,ismcts:iterations=20", "-p", "max_plies=1000",
                    "--json", path, *args], check=True, capture_output=True)
    with open(path) as f:
        return json.load(f)["tournament"]


def rate(binary, matrix_json):
    done = subprocess.run([binary, "rate", "-"], input=matrix_json, capture_output=True, text=True)
    return done


def round_robins(binary, out):
    # tabletop sim --tournament from deal K and tabletop rate: deals 0-1 and 2-4 added and rated
    # are the 5-deal round robin (these three agents are deterministic: the same games).
    whole = sim_tournament(binary, out, "t5.json", "-n", "5")
    head = sim_tournament(binary, out, "t2.json", "-n", "2")
    tail = sim_tournament(binary, out, "t3.json", "-n", "3", "--first-deal", "2")
    summed = [[x + y for x, y in zip(a, b)] for a, b in zip(head["wins"], tail["wins"])]
    assert summed == whole["wins"], (summed, whole["wins"])
    done = rate(binary, json.dumps({"agents": whole["agents"], "wins": summed}))
    assert done.returncode == 0, done.stderr
    rated = json.loads(done.stdout)
    for r, w in zip(rated["ratings"], whole["ratings"]):
        assert r["agent"] == w["agent"] and abs(r["elo"] - w["elo"]) < 1e-9, (r, w)
        assert all(abs(x - y) < 1e-9 for x, y in zip(r["elo_95"], w["elo_95"])), (r, w)
    print(f"ok: a round robin's deals 0-1 and 2-4, added and rated, are its 5-deal run: "
          f"{[round(w['elo']) for w in whole['ratings']]}")

    # tabletop rate refuses a malformed matrix with one line that names the problem
    for text, problem in (('{"agents": ["a"], "wins": [[0]]}', "at least two"),
                          ('{"agents": ["a", "b"], "wins": [[0, 1]]}', "one row per agent"),
                          ('{"agents": ["a", "b"], "wins": [[0, -1], [2, 0]]}', "wins[0][1]"),
                          ('{"agents": ["a", "b"], "wins": [[0, 1], [2]]}', "row 1"),
                          ('[1, 2]', "not a win matrix"), ('{"agents": [', "not valid JSON")):
        done = rate(binary, text)
        assert done.returncode == 2 and problem in done.stderr, (text, done.returncode,
                                                                 done.stderr)
    print("ok: tabletop rate names what is wrong with a malformed matrix")

    # scripts/ladder --extend on a round robin: 1 deal, then grown to 2
    path = os.path.join(out, "rr.json")
    args = ["--game", "relativity", "--hard", "20", "--expert", "40", "--seed", "3", "--threads",
            "2"]
    for extra in (["--deals", "1"], ["--deals", "2", "--extend"]):
        done = subprocess.run([sys.executable, LADDER, "--bin", binary, *args, "--out", path,
                               *extra], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    with open(path) as f:
        e = json.load(f)["games"]["relativity"]["2"]
    assert e["deals"] == 2 and len(e["parts"]) == 2 and " -n 2 " in e["command"], e
    assert "--first-deal 1" in e["parts"][1], e["parts"]
    # six pairs of levels, each seated both ways: twelve games a deal, each a win or two halves
    assert sum(map(sum, e["win_matrix"])) == 24, e["win_matrix"]
    levels = ("easy", "medium", "hard", "expert")  # the matrix's order
    done = rate(binary, json.dumps({"agents": [e["ratings"][lv]["spec"] for lv in levels],
                                    "wins": e["win_matrix"]}))
    rated = json.loads(done.stdout)["ratings"]
    assert [round(r["elo"]) for r in rated] == [e["ratings"][lv]["elo"] for lv in levels], (
        rated, e)
    print("ok: a round robin grown from 1 deal to 2 is rated on both deals' wins")

    # --levels: a round robin of some levels only (given out of order: played in the lobby's),
    # its entry naming them, its matrix theirs; a bad list is refused with the reason
    path = os.path.join(out, "rr3.json")
    done = subprocess.run([sys.executable, LADDER, "--bin", binary, *args, "--out", path,
                           "--deals", "1", "--levels", "hard,easy,medium"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with open(path) as f:
        e = json.load(f)["games"]["relativity"]["2"]
    assert e["levels"] == ["easy", "medium", "hard"] and sorted(e["ratings"]) == sorted(
        e["levels"]), e
    assert "--agents random,greedy,ismcts:iterations=20 " in e["command"], e["command"]
    # three pairs, each seated both ways: six games
    assert len(e["win_matrix"]) == 3 and sum(map(sum, e["win_matrix"])) == 6, e["win_matrix"]
    for bad in ("hard", "easy,godlike", "easy,easy"):
        done = subprocess.run([sys.executable, LADDER, "--bin", binary, *args, "--out", path,
                               "--levels", bad], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode != 0 and "--levels" in done.stderr, (bad, done.stderr)
    print("ok: --levels plays and rates the levels named, in the lobby's order, and refuses a bad list")


if __name__ == "__main__":
    main()
