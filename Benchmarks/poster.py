#!/usr/bin/env python3
"""The story poster (`collage TAG --size story --stats`) of two or more booktag builds side by side.

The home is the shelf recording's year (`booktag add my 2025 --shelf 12345/read --year 2025
--count all --replay fixtures/shelf-replay`, synthetic), made by the first build so that every
build draws the same 12 books; each build gets its own copy, which a newer build migrates first
(not timed). Where the store keeps when reads began (v9), each read is given a start 3 to 20 days
before its finish (synthetic), so the poster's reading calendar has ranges to draw, as a
StoryGraph or Hardcover year does. Each build draws the poster RUNS times, builds interleaved run
by run, with and without --stats; the median wall time and the ratio to the first build print.

    python3 Benchmarks/poster.py --build before=/tmp/old/booktag --build now=.build/release/booktag
"""
import argparse
import datetime
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import tempfile

from stats import wall as run  # a whole process's wall time, in ms; stops on a failure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "my 2025"


def add_starts(home):
    """A start 3 to 20 days before each finish, where the store has the column (synthetic)."""
    db = sqlite3.connect(os.path.join(home, "booktag.sqlite"))
    if "readStarts" not in [row[1] for row in db.execute("PRAGMA table_info(book)")]:
        return False
    generator = random.Random(2025)
    for source_id, finish in db.execute("SELECT sourceID, dateRead FROM book WHERE dateRead IS NOT NULL").fetchall():
        day = datetime.date.fromisoformat(finish) - datetime.timedelta(days=generator.randint(3, 20))
        db.execute("UPDATE book SET readStarts = ? WHERE sourceID = ?", ("%s/%s" % (day.isoformat(), finish), source_id))
    db.commit()
    db.close()
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH to a booktag binary")
    parser.add_argument("--runs", type=int, default=21)
    options = parser.parse_args()
    builds = [(name, os.path.abspath(path)) for name, path in (b.split("=", 1) for b in options.build)]
    work = tempfile.mkdtemp(prefix="booktag-poster-bench-")
    try:
        made = os.path.join(work, "made")
        subprocess.run([builds[0][1], "add", TAG, "--shelf", "12345/read", "--year", "2025", "--count", "all",
                        "--replay", os.path.join(ROOT, "fixtures", "shelf-replay"), "--home", made],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        homes = {}
        for name, binary in builds:
            home = os.path.join(work, name)
            shutil.copytree(made, home)
            run([binary, "list", "--home", home])  # migrates a copy a newer build reads
            ranges = add_starts(home)
            stats = json.loads(subprocess.run([binary, "stats", TAG, "--json", "--home", home],
                                              capture_output=True, text=True, check=True).stdout)
            homes[name] = home
            print("%s: %s; %d books; calendar: %s" % (
                name, binary, stats["books"],
                "%d reading days from read ranges" % stats["readingDays"] if stats.get("readingDays") else "none"))
        times = {(name, stats): [] for name, _ in builds for stats in (False, True)}
        for _ in range(options.runs):
            for name, binary in builds:
                for stats in (False, True):
                    output = os.path.join(work, "%s-%d.png" % (name, stats))
                    arguments = [binary, "collage", TAG, "--size", "story", "--output", output, "--home", homes[name]]
                    times[(name, stats)].append(run(arguments + (["--stats"] if stats else [])))
        first = builds[0][0]
        print("median of %d runs, ms (÷ %s)" % (options.runs, first))
        for stats in (False, True):
            base = statistics.median(times[(first, stats)])
            row = ["story%s" % (" --stats" if stats else "")]
            for name, _ in builds:
                value = statistics.median(times[(name, stats)])
                row.append("%s %.1f (%.2f×)" % (name, value, value / base))
            print("  ".join(row))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
