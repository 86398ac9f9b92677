#!/usr/bin/env python3
"""Whole-process times of the commands people type most, for two or more booktag builds side by side.

A home of N tags x 12 books is made in the store format of the oldest booktag (schema v1, from
fixtures/homes/v1: its rows copied under new tag names, so every build reads the same data), then
each build gets its own copy, which a newer build migrates on its first run (not timed). Each
command runs RUNS times per build, the builds interleaved run by run, and the median wall time is
printed with its ratio to the first build (the "÷" columns).

    python3 Benchmarks/startup.py --build before=/tmp/old/booktag --build now=.build/release/booktag

--home TEMPLATE times a home made elsewhere instead (a copy for each build), such as one an earlier
release made with a collage per tag: `list` then also finds 1,000 collage files.

Wall time is taken around subprocess.run (spawn, exec, wait); /bin/true is timed the same way as the floor.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
V1_HOME = os.path.join(ROOT, "fixtures", "homes", "v1")


def make_home(folder, tags):
    """A v1 home with `tags` tags of 12 books each (copies of the fixture's 'fantasy' rows)."""
    shutil.copytree(V1_HOME, folder)
    db = sqlite3.connect(os.path.join(folder, "booktag.sqlite"))
    books = db.execute(
        "SELECT position, goodreadsID, workID, title, authorID, authorName, imageURL, averageRating, ratingsCount,"
        " originalPublicationYear, coverPath FROM tagBook WHERE tagId = 1 ORDER BY position").fetchall()
    created = db.execute("SELECT createdAt, lastFetchedAt FROM tag WHERE id = 1").fetchone()
    for number in range(tags - 2):
        name = "tag %05d" % number
        cursor = db.execute(
            "INSERT INTO tag (key, name, createdAt, lastFetchedAt, totalResults, pageSize, startPage, bookCount)"
            " VALUES (?, ?, ?, ?, 52, 20, 1, ?)", (name, name, created[0], created[1], len(books)))
        db.executemany(
            "INSERT INTO tagBook (tagId, position, goodreadsID, workID, title, authorID, authorName, imageURL, averageRating,"
            " ratingsCount, originalPublicationYear, coverPath) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(cursor.lastrowid,) + book for book in books])
    db.commit()
    db.close()


def wall(arguments):
    start = time.perf_counter_ns()
    result = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if result.returncode != 0:
        raise SystemExit("failed (%d): %s" % (result.returncode, " ".join(arguments)))
    return elapsed


def fresh_copies(builds, folder):
    """The builds as copies made now in `folder`: an executable that has sat in the page cache for a
    while starts 5-7 % slower than a fresh copy of the same bytes (a build timed against a `cp` of
    itself), which would favour whichever build was made last."""
    copies = []
    for number, (name, binary) in enumerate(builds):
        copy = os.path.join(folder, "booktag-%d" % number)
        shutil.copy2(binary, copy)
        copies.append((name, copy))
    return copies


def interleaved(builds, runs, run, warm_up=0):
    """Each build's median of `runs` calls of run(name, binary), the builds taking turns."""
    samples = {name: [] for name, _ in builds}
    for turn in range(warm_up + runs):
        for name, binary in builds:
            elapsed = run(name, binary)
            if turn >= warm_up:
                samples[name].append(elapsed)
    return [statistics.median(samples[name]) for name, _ in builds]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a booktag binary (first: the baseline)")
    parser.add_argument("--tags", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--home", help="a home to copy for each build instead of making one (its tags: --tags is ignored)")
    options = parser.parse_args()
    builds = [entry.split("=", 1) for entry in options.build]
    work = tempfile.mkdtemp(prefix="booktag-startup-")
    try:
        template = os.path.join(work, "template")
        if options.home:
            shutil.copytree(options.home, template)
            db = sqlite3.connect(os.path.join(template, "booktag.sqlite"))
            options.tags = db.execute("SELECT count(*) FROM tag").fetchone()[0]
            db.close()
        else:
            make_home(template, options.tags)
        builds = fresh_copies(builds, work)
        homes = {}
        for name, binary in builds:
            homes[name] = os.path.join(work, "home-" + name)
            shutil.copytree(template, homes[name])
            wall([binary, "list", "--home", homes[name]])  # migrates, once, untimed
        commands = [
            ("--version", lambda home: ["--version"]),
            ("list", lambda home: ["list", "--home", home]),
            ("list --json", lambda home: ["list", "--json", "--home", home]),
            ("books fantasy", lambda home: ["books", "fantasy", "--home", home]),
            ("show --id 5100000 (stored)", lambda home: ["show", "--id", "5100000", "--home", home]),
        ]
        floor = statistics.median(wall(["/bin/true"]) for _ in range(options.runs))
        print("%d tags x 12 books; median of %d interleaved runs; /bin/true %.2f ms" % (options.tags, options.runs, floor))
        print("%-28s" % "command" + "".join(" %13s" % name for name, _ in builds) + "".join(" %13s" % ("÷ " + name) for name, _ in builds[1:]))
        for label, arguments in commands:
            medians = interleaved(builds, options.runs, lambda name, binary: wall([binary] + arguments(homes[name])))
            line = "%-28s" % label + "".join(" %10.2f ms" % value for value in medians)
            line += "".join(" %13.2f" % (value / medians[0]) for value in medians[1:])
            print(line, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
