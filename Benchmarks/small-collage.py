#!/usr/bin/env python3
"""The commands a reader types first, for two or more booktag builds side by side: `add fantasy`
from the bundled Open Library recording into a fresh home, then `collage fantasy` (12 covers) as
PNG and as JPEG on a home each build made itself. Runs are interleaved build by build; the median
wall time is printed with its ratio to the first build.

    python3 Benchmarks/small-collage.py --build 0.4.0=/tmp/old/booktag --build now=.build/release/booktag

Wall time is taken around subprocess.run (spawn, exec, wait), by startup.py's timer.
"""
import argparse
import os
import shutil
import tempfile

from startup import fresh_copies, interleaved, wall  # the same timing, turns and copies as startup.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPLAY = os.path.join(ROOT, "fixtures", "openlibrary-replay")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a booktag binary (first: the baseline)")
    parser.add_argument("--runs", type=int, default=30)
    options = parser.parse_args()
    builds = [entry.split("=", 1) for entry in options.build]
    work = tempfile.mkdtemp(prefix="booktag-small-")
    try:
        builds = fresh_copies(builds, work)
        homes = {}
        for name, binary in builds:
            homes[name] = os.path.join(work, "home-" + name)
            wall([binary, "add", "fantasy", "--replay", REPLAY, "--home", homes[name]])
        output = os.path.join(work, "out")

        def add(name, binary):
            home = os.path.join(work, "fresh-" + name)
            shutil.rmtree(home, ignore_errors=True)
            return wall([binary, "add", "fantasy", "--replay", REPLAY, "--home", home])

        commands = [
            ("add fantasy --replay (fresh home)", add),
            ("collage fantasy (PNG)", lambda name, binary: wall([binary, "collage", "fantasy", "--home", homes[name]])),
            ("collage fantasy --format jpeg", lambda name, binary: wall(
                [binary, "collage", "fantasy", "--format", "jpeg", "--output", output + name + ".jpg", "--home", homes[name]])),
        ]
        print("12 covers from the bundled recording; median of %d interleaved runs" % options.runs)
        print("%-36s" % "command" + "".join(" %11s" % name for name, _ in builds) + "".join(" %9s" % ("÷ " + name) for name, _ in builds[1:]))
        for label, run in commands:
            medians = interleaved(builds, options.runs, run, warm_up=2)
            line = "%-36s" % label + "".join(" %8.2f ms" % value for value in medians)
            line += "".join(" %9.2f" % (value / medians[0]) for value in medians[1:])
            print(line, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
