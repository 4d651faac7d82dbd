#!/usr/bin/env python3
"""scripts/tune (NTBEA over a searcher's options): on Relativity at a tiny budget, a run with one
job is reproducible from its seed (the evaluations and the summary byte for byte); every
evaluation is a real game whose winner decides its fitness; each dimension's counts add up to the
evaluations; the recommendation is a point of the space, its spec the base with the point's
options; --resume keeps the evaluations played and goes on to the new total; a malformed --space,
a player count the game does not offer and a log from another space are refused with the reason.

Usage: tune_test.py TABLETOP_BINARY OUT_DIR"""
import csv as csv_module
import io
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TUNE = os.path.join(ROOT, "scripts", "tune")


def tune(binary, out, *args, ok=True):
    cmd = [sys.executable, TUNE, "--bin", binary, "--game", "relativity", "--base",
           "ismcts:iterations=30", "--opponent", "random", "--seed", "5", "--out", out, *args]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if ok and done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stderr}")
    if not ok and done.returncode == 0:
        sys.exit(f"succeeded, expected a refusal: {' '.join(cmd)}")
    return done


def read(path):
    with open(path) as f:
        return f.read()


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")
    print(f"ok: {what}")


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    space = ["--space", "c=0.3,1.4", "--space", "prior=0,200,1000", "--space", "depth=0,4"]
    a, b = os.path.join(out_dir, "a"), os.path.join(out_dir, "b")
    tune(binary, a, *space, "--evaluations", "10", "--jobs", "1")
    tune(binary, b, *space, "--evaluations", "10", "--jobs", "1")
    def played(path):  # each game's CPU time left out
        return [{k: v for k, v in json.loads(l).items() if k != "seconds"}
                for l in read(path).splitlines()]
    check(played(a + ".jsonl") == played(b + ".jsonl"), "one job: the same evaluations from the seed")
    def summary_of(path):  # its command names its own --out
        return {k: v for k, v in json.loads(read(path)).items() if k != "command"}
    check(summary_of(a + ".json") == summary_of(b + ".json"), "one job: the same summary from the seed")

    summary = json.loads(read(a + ".json"))
    evaluations = [json.loads(l) for l in read(a + ".jsonl").splitlines()]
    check(len(evaluations) == 10 and summary["evaluations"] == 10, "ten evaluations")
    check(summary["space_size"] == 12, "the space has 2 x 3 x 2 points")
    for d in summary["dimensions"]:
        check(sum(v["count"] for v in d["values"]) == 10, f"{d['option']}: counts add up to 10")
    check([e["deal"] for e in evaluations] == list(range(10)), "deal i for evaluation i")
    check([e["seat"] for e in evaluations] == [i % 2 for i in range(10)], "seats rotate")
    for e in evaluations:
        want = 1.0 if e["winner"] == e["seat"] else (0.5 if e["winner"] < 0 else 0.0)
        check(e["fitness"] == want, f"deal {e['deal']}: fitness {e['fitness']} from the winner")
    # The evaluation is the game tabletop sim plays on that deal with those agents.
    e = evaluations[3]
    agents = ["random", "random"]
    agents[e["seat"]] = e["spec"]
    csv = subprocess.run([binary, "sim", "relativity", "-n", "1", "--first-deal", "3", "--seed", "5",
                          "-j", "1", "--no-quality", "--progress", "off", "--agents",
                          ",".join(agents), "--csv", "/dev/stdout"],
                         check=True, capture_output=True, text=True).stdout
    row = next(csv_module.DictReader(io.StringIO(csv[csv.find("deal,condition,"):])))
    check(int(row["sole_winner"]) == e["winner"], "deal 3's winner is tabletop sim's")
    rec = summary["recommended"]
    check(rec.startswith("ismcts:iterations=30,c="), f"recommended {rec} is the base with options")
    options = dict(o.split("=") for o in rec.split(":", 1)[1].split(",")[1:])
    check(options.keys() == {"c", "prior", "depth"} and options["c"] in ("0.3", "1.4")
          and options["prior"] in ("0", "200", "1000") and options["depth"] in ("0", "4"),
          "the recommendation is a point of the space")
    check(summary["top"][0]["spec"] == rec and len(summary["top"]) == 5, "the model's top five")

    tune(binary, a, *space, "--evaluations", "14", "--jobs", "2", "--resume")
    grown = [json.loads(l) for l in read(a + ".jsonl").splitlines()]
    check(grown[:10] == evaluations and len(grown) == 14, "--resume keeps ten and plays four more")
    # Two jobs log in the order games finish, so the four new deals may come in any order.
    check(sorted(e["deal"] for e in grown[10:]) == [10, 11, 12, 13], "on the deals after theirs")
    check(json.loads(read(a + ".json"))["evaluations"] == 14, "the summary counts all fourteen")

    bad = tune(binary, b, "--space", "c=0.3", ok=False)
    check("two values or more" in bad.stderr, "a --space of one value is refused")
    bad = tune(binary, b, *space, "--players", "3", ok=False)
    check("is played by 2 players" in bad.stderr, "a player count the game does not offer is refused")
    bad = tune(binary, a, "--space", "c=0.5,2", "--evaluations", "15", "--resume", ok=False)
    check("outside this --space" in bad.stderr, "a log from another space is refused")
    print("tune_test: all passed")


if __name__ == "__main__":
    main()
