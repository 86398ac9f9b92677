#!/usr/bin/env python3
"""`booktag import statistics.sqlite3` of a big KOReader database, and `stats` of its tag beside
the same tag without its time, as whole processes.

The database is SYNTHETIC, made here in KOReader's schema (20221111): BOOKS books (default 40)
read one after another through 2025, ROWS page rows in all (default 50,000), a row a page turn
of 20 to 150 s at evening and morning hours. Open Library is a stand-in on 127.0.0.1 that knows
no book, so every cover is drawn (the import's own work, no waiting on a network). The import is
timed once per run with its peak memory (the child's maximum resident set); then `stats TAG
--json` against a copy of the home whose `readingInterval` rows are deleted, interleaved,
median of RUNS.

    python3 Benchmarks/koreader.py --booktag .build/release/booktag
"""
import argparse
import http.server
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time

from stats import wall


def database(path, books, rows):
    generator = random.Random(2025)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
            last_open integer, highlights integer, pages integer, series text, language text, md5 text,
            total_read_time integer, total_read_pages integer);
        CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
            start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
            total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time));
        PRAGMA user_version = 20221111;""")
    per_book = rows // books
    start = 1735711200  # 2025-01-01 06:00 UTC
    step = (365 * 86400 - 86400) // rows
    for book in range(1, books + 1):
        db.execute("INSERT INTO book (id, title, authors, pages, md5) VALUES (?, ?, ?, ?, ?)",
                   (book, "Synthetic Book %d" % book, "Author %d" % (book % 17), per_book, "%032x" % book))
        for page in range(1, per_book + 1):
            db.execute("INSERT INTO page_stat_data VALUES (?, ?, ?, ?, ?)",
                       (book, page, start, generator.randint(20, 150), per_book))
            start += step
    db.commit()
    db.close()


class NoBooks(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"numFound": 0, "start": 0, "docs": []}).encode()
        self.send_response(200 if self.path.startswith("/search.json") else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--booktag", required=True)
    parser.add_argument("--books", type=int, default=40)
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    booktag = os.path.abspath(options.booktag)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NoBooks)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d" % server.server_address[1]
    folder = tempfile.mkdtemp()
    try:
        file = os.path.join(folder, "statistics.sqlite3")
        database(file, options.books, options.rows)
        print("database: %d books, %d rows, %.1f MiB (synthetic)" % (
            options.books, options.rows, os.path.getsize(file) / 1048576))
        config = {"openlibrary": {"baseURL": url, "coversURL": url, "minRequestInterval": 0.05}}
        imports, peaks = [], []
        for run in range(options.runs):
            home = os.path.join(folder, "home-%d" % run)
            os.makedirs(home)
            with open(os.path.join(home, "config.json"), "w") as out:
                json.dump(config, out)
            command = ["/usr/bin/time", "-f", "%M", booktag, "import", file, "--tag", "koreader", "--quiet",
                       "--home", home]
            began = time.perf_counter()
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            imports.append(time.perf_counter() - began)
            if result.returncode != 0:
                raise SystemExit("import failed: %s" % result.stderr)
            peaks.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
        print("import: median %.2f s, peak %.0f MB (runs: %s)" % (
            statistics.median(imports), max(peaks), ", ".join("%.2f" % value for value in imports)))
        timed = os.path.join(folder, "home-0")
        untimed = os.path.join(folder, "untimed")
        shutil.copytree(timed, untimed)
        db = sqlite3.connect(os.path.join(untimed, "booktag.sqlite"))
        for table in ("readingInterval", "readingDay", "readingSessions"):
            db.execute("DELETE FROM %s" % table)
        db.commit()
        db.close()
        with_time, without_time = [], []
        for _ in range(options.runs * 2):
            with_time.append(wall([booktag, "stats", "koreader", "--json", "--home", timed]))
            without_time.append(wall([booktag, "stats", "koreader", "--json", "--home", untimed]))
        a, b = statistics.median(with_time), statistics.median(without_time)
        print("stats --json: with its time %.1f ms, without %.1f ms: %.2fx" % (a, b, a / b))
    finally:
        server.shutdown()
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
