#!/usr/bin/env python3
"""scripts/ladder --extend: a Relativity entry (hard at 20 iterations against medium) grown from 2
deals to 6 by playing deals 2 to 5 alone is the entry a 6-deal run makes (every count, the share and
its interval), its command the whole run's and its parts the two commands that ran; an entry it
cannot grow (no deal sums, a different command, already as long, measured under another tuned
search line) is refused with the reason, and
the data left as it was. Round robins the same way: a tournament's win matrices from deals 0-1
and 2-4 added and rated by `tabletop rate` are the 5-deal run's ratings, and a ladder round robin
grown from 1 deal to 2 is rated on both deals' wins; `tabletop rate` names what is wrong with a
malformed matrix; `--levels` rates only the levels it names. An interrupted run (Ctrl-C: the lab
exits 130 with the summary of the deals it finished) is recorded with the deals it played, a whole
run's command and an --extend part's naming that count, and is grown again from there. An entry
measured at the lobby's budget grows at that budget under `--extend --hard lobby`.

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
    # the capped rate's sums over deals add up too (the capped share's interval is over deals)
    assert g["capped_sums"]["deals"] == 6 and g["capped_sums"]["t"] == 12, g
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
    # the entry names the tuned line its searches ran under (Relativity has none); one measured
    # under another line is another search's, and its deals are not added to this one's
    assert w["tuned"] == "" and g["tuned"] == "", (w, g)
    data = json.loads(before)
    data["games"]["relativity"]["2"]["versus"]["hard:medium"]["tuned"] = "mast=0.1"
    with open(grown, "w") as f:
        json.dump(data, f)
    done = ladder(binary, grown, "--versus-deals", "8", "--extend", ok=False)
    assert "measured under the tuned line 'mast=0.1'" in done.stderr, done.stderr
    data = json.loads(before)
    del data["games"]["relativity"]["2"]["versus"]["hard:medium"]["deal_sums"]
    with open(grown, "w") as f:
        json.dump(data, f)
    done = ladder(binary, grown, "--versus-deals", "8", "--extend", ok=False)
    assert "no deal_sums" in done.stderr, done.stderr
    with open(grown) as f:
        assert json.load(f) == data, "a refused --extend changed the data"
    print("ok: refused with the reason: as long already, another command, another tuned line, "
          "no deal_sums")
    at_lobby_budget(binary, out, before)
    round_robins(binary, out)
    interrupted(binary, out)


def at_lobby_budget(binary, out, six_deals):
    # an entry measured at the lobby's budget ("lobby_budget", here a stand-in of 20 iterations)
    # grows with `--extend --hard lobby` at that budget: no new bench, whose number of iterations
    # a loaded machine changes (Relativity's bench would say hundreds of thousands)
    path = os.path.join(out, "lobby.json")
    data = json.loads(six_deals)
    stand_in = {"iterations": 20, "expert": 160, "rate": 13, "search": "ismcts:iterations=20000",
                "command": "tabletop bench -i 20000 relativity -p players=2"}
    data["games"]["relativity"]["2"]["versus"]["hard:medium"]["lobby_budget"] = stand_in
    with open(path, "w") as f:
        json.dump(data, f)
    # the later --hard wins over ladder()'s own
    done = ladder(binary, path, "--hard", "lobby", "--versus-deals", "8", "--extend")
    assert "20 iterations the entries to extend were measured at" in done.stderr, done.stderr
    e = entry(path)
    assert e["deals"] == 8 and e["lobby_budget"] == stand_in, e
    assert e["spec"] == "ismcts:iterations=20" and "--first-deal 6" in e["parts"][-1], e
    print("ok: --extend --hard lobby grows an entry at the lobby budget it was measured at")


# A stand-in for `tabletop` that stops every `sim` run after STOP deals as Ctrl-C does: the lab's
# contract (src/sim/interrupt_test.sh checks it on the real binary) is exit code 130 and a summary
# of the deals finished, marked "interrupted". Asking the real binary for fewer deals gives that
# summary exactly, without timing a signal against a running game. Everything else is passed on.
STOPPING_BINARY = """#!{python}
import json, os, subprocess, sys
args = sys.argv[1:]
stop = int(os.environ.get("LADDER_TEST_STOP", "0"))
if not args or args[0] != "sim" or stop <= 0:
    os.execv({binary!r}, [{binary!r}] + args)
i = args.index("-n")
asked = int(args[i + 1])
args[i + 1] = str(min(asked, stop))
done = subprocess.run([{binary!r}] + args)
if done.returncode != 0 or stop >= asked:
    sys.exit(done.returncode)
out = args[args.index("--json") + 1]
with open(out) as f:
    summary = json.load(f)
summary["interrupted"] = True
with open(out, "w") as f:
    json.dump(summary, f)
sys.exit(130)
"""


def interrupted(binary, out):
    stopping = os.path.join(out, "stopping-tabletop")
    with open(stopping, "w") as f:
        f.write(STOPPING_BINARY.format(python=sys.executable, binary=os.path.abspath(binary)))
    os.chmod(stopping, 0o755)

    def run(path, stop, *args):
        env = dict(os.environ, LADDER_TEST_STOP=str(stop))
        done = subprocess.run([sys.executable, LADDER, "--bin", stopping, "--game", "relativity",
                               "--hard", "20", "--expert", "40", "--seed", "3", "--threads", "2",
                               "--out", path, *args], cwd=ROOT, capture_output=True, text=True,
                              env=env)
        assert done.returncode == 0, done.stderr
        with open(path) as f:
            return json.load(f)["games"]["relativity"]["2"]

    # versus: a whole run asked for 6 deals, stopped after 3, is the 3-deal run
    versus = ["--versus", "hard:medium", "--no-round-robin"]
    three = run(os.path.join(out, "v3.json"), 0, *versus, "--versus-deals", "3")
    path = os.path.join(out, "v-stopped.json")
    e = run(path, 3, *versus, "--versus-deals", "6")["versus"]["hard:medium"]
    assert e == three["versus"]["hard:medium"], (e, three)
    assert " -n 3 " in e["command"] and "parts" not in e, e
    # grown to 8 and stopped after 2 of the 5 it lacks: 5 deals, the part names the 2 it played
    e = run(path, 2, *versus, "--versus-deals", "8", "--extend")["versus"]["hard:medium"]
    assert e["deals"] == 5 and " -n 5 " in e["command"], e
    assert len(e["parts"]) == 2 and " -n 2 --seed 3 --first-deal 3 " in e["parts"][1], e["parts"]
    five = run(os.path.join(out, "v5.json"), 0, *versus, "--versus-deals", "5")
    w = five["versus"]["hard:medium"]
    for k in ("games", "decisive", "capped", "wins", "share", "low", "high"):
        assert abs(e[k] - w[k]) < 1e-9, (k, e[k], w[k])
    # and grown again from there, whole this time: the 3 deals it still lacks
    e = run(path, 0, *versus, "--versus-deals", "8", "--extend")["versus"]["hard:medium"]
    assert e["deals"] == 8 and len(e["parts"]) == 3, e
    assert " -n 3 --seed 3 --first-deal 5 " in e["parts"][2], e["parts"]
    print(f"ok: interrupted versus runs record the deals they played: 6 asked, 3 played; grown to "
          f"8, 2 played (5, as the 5-deal run: {w['wins']} of {w['decisive']}); then to 8")

    # a round robin asked for 3 deals, stopped after 1; grown to 3, stopped after 1 more
    path = os.path.join(out, "rr-stopped.json")
    e = run(path, 1, "--deals", "3")
    assert e["deals"] == 1 and " -n 1 " in e["command"] and "parts" not in e, e
    assert sum(map(sum, e["win_matrix"])) == 12, e["win_matrix"]
    e = run(path, 1, "--deals", "3", "--extend")
    assert e["deals"] == 2 and " -n 2 " in e["command"], e
    assert " -n 1 --seed 3 --first-deal 1 " in e["parts"][1], e["parts"]
    assert sum(map(sum, e["win_matrix"])) == 24, e["win_matrix"]
    print("ok: an interrupted round robin records the deals it played, whole and grown")


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
