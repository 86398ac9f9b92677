#!/usr/bin/env python3
"""`booktag stats` on a big tag, and what `--stats` adds to a story poster, as whole processes.

1. A home with one shelf tag of N books (default 20,000) with pages, the reader's stars and read
   days: the shelf recording's home (made by `booktag add` from fixtures/shelf-replay), its rows
   copied under new ids with varied pages, stars and days (synthetic). `booktag stats TAG` and
   `booktag stats TAG --json` are timed, median of RUNS, beside `booktag books TAG --json` (one
   query and a print of the same rows, for scale).
2. On the shelf recording's home, `booktag collage TAG --size story` with and without `--stats`,
   interleaved, median of RUNS: the cost of the numbers and charts.

    python3 Benchmarks/stats.py --booktag .build/release/booktag
"""
import argparse
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wall(arguments):
    start = time.perf_counter_ns()
    result = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if result.returncode != 0:
        raise SystemExit("failed (%d): %s\n%s" % (result.returncode, " ".join(arguments), result.stderr.decode()))
    return elapsed


def shelf_home(booktag, folder):
    home = os.path.join(folder, "shelf")
    subprocess.run([booktag, "add", "my 2025", "--shelf", "12345/read", "--year", "2025", "--count", "all",
                    "--replay", os.path.join(ROOT, "fixtures", "shelf-replay"), "--home", home],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return home


def grow(home, books):
    """The tag's rows copied until it holds `books` (synthetic ids, pages, stars and days)."""
    db = sqlite3.connect(os.path.join(home, "booktag.sqlite"))
    tag = db.execute("SELECT id FROM tag").fetchone()[0]
    columns = [row[1] for row in db.execute("PRAGMA table_info(tagBook)") if row[1] not in ("id",)]
    book_columns = [row[1] for row in db.execute("PRAGMA table_info(book)")]
    rows = db.execute("SELECT %s FROM tagBook WHERE tagId = ? ORDER BY position" % ", ".join(columns), (tag,)).fetchall()
    details = {row[book_columns.index("sourceID")]: row for row in db.execute("SELECT * FROM book")}
    generator = random.Random(2025)
    position = len(rows)
    next_id = 90_000_000
    tag_rows, book_rows = [], []
    while position < books:
        template = rows[position % len(rows)]
        row = list(template)
        source_id = str(next_id)
        next_id += 1
        row[columns.index("position")] = position
        row[columns.index("sourceID")] = source_id
        row[columns.index("title")] = "%s %d" % (template[columns.index("title")], position)
        tag_rows.append(row)
        detail = list(details[template[columns.index("sourceID")]])
        detail[book_columns.index("sourceID")] = source_id
        detail[book_columns.index("pageCount")] = generator.choice([None, generator.randint(40, 1500)])
        detail[book_columns.index("myRating")] = generator.randint(0, 5)
        detail[book_columns.index("dateRead")] = "2025-%02d-%02d" % (generator.randint(1, 12), generator.randint(1, 28))
        if "readDates" in book_columns:  # store v8: every day read, here the one
            detail[book_columns.index("readDates")] = detail[book_columns.index("dateRead")]
        book_rows.append(detail)
        position += 1
    db.executemany("INSERT INTO tagBook (%s) VALUES (%s)" % (", ".join(columns), ", ".join("?" * len(columns))), tag_rows)
    db.executemany("INSERT INTO book VALUES (%s)" % ", ".join("?" * len(book_columns)), book_rows)
    db.execute("UPDATE tag SET bookCount = ?", (books,))
    db.commit()
    db.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--booktag", default=os.path.join(ROOT, ".build", "release", "booktag"))
    parser.add_argument("--books", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=21)
    options = parser.parse_args()
    booktag = os.path.abspath(options.booktag)
    work = tempfile.mkdtemp(prefix="booktag-stats-bench-")
    try:
        small = shelf_home(booktag, work)
        big = os.path.join(work, "big")
        shutil.copytree(small, big)
        grow(big, options.books)
        floor = statistics.median(wall(["/bin/true"]) for _ in range(options.runs))
        print("booktag %s; median of %d runs; /bin/true %.2f ms" % (booktag, options.runs, floor))
        for label, arguments in [("stats", ["stats", "my 2025"]), ("stats --json", ["stats", "my 2025", "--json"]),
                                 ("books --json (for scale)", ["books", "my 2025", "--json"])]:
            times = [wall([booktag] + arguments + ["--home", big]) for _ in range(options.runs)]
            print("%-28s %d books: %8.2f ms" % (label, options.books, statistics.median(times)))
        plain, stats = [], []
        for _ in range(options.runs):
            plain.append(wall([booktag, "collage", "my 2025", "--size", "story", "--home", small]))
            stats.append(wall([booktag, "collage", "my 2025", "--size", "story", "--stats", "--home", small]))
        a, b = statistics.median(plain), statistics.median(stats)
        print("collage --size story, 12 covers: %.1f ms; with --stats: %.1f ms (%.2f×)" % (a, b, b / a))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
