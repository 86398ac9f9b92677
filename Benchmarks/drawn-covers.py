#!/usr/bin/env python3
"""What a drawn cover costs an import: `booktag import` of a SYNTHETIC Goodreads export of 1 row
and of 400 rows against a loopback Open Library that finds none of them (so each of the 400 gets
a drawn cover), minimum interval 0, whole processes alternating, median of RUNS.

    python3 Benchmarks/drawn-covers.py --booktag .build/release/booktag
"""
import argparse
import http.server
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time


class NothingFound(http.server.BaseHTTPRequestHandler):
    def log_message(self, *_):
        pass

    def do_GET(self):
        body = json.dumps({"numFound": 0, "start": 0, "docs": []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
          "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
          "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies")


def export(path, rows):
    lines = [HEADER] + ['%d,"The Quiet Orchard %d",Mira Castell,"Castell, Mira",,,,4,3.9,P,Paperback,300,2001,2001,'
                        '2025/03/%02d,2024/01/01,,,read,,,,1,0' % (50_000_000 + i, i, 1 + i % 28) for i in range(rows)]
    with open(path, "w") as file:
        file.write("\r\n".join(lines) + "\r\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--booktag", default=".build/release/booktag")
    parser.add_argument("--rows", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NothingFound)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % server.server_address[1]
    work = tempfile.mkdtemp(prefix="booktag-drawn-bench-")
    try:
        sizes = (1, options.rows)
        for rows in sizes:
            export(os.path.join(work, "export-%d.csv" % rows), rows)
        times = {rows: [] for rows in sizes}
        for _ in range(options.runs):
            for rows in sizes:
                home = os.path.join(work, "home")
                shutil.rmtree(home, ignore_errors=True)
                os.makedirs(home)
                with open(os.path.join(home, "config.json"), "w") as file:
                    json.dump({"openlibrary": {"baseURL": base, "coversURL": base, "minRequestInterval": 0}}, file)
                start = time.perf_counter()
                subprocess.run([os.path.abspath(options.booktag), "import", os.path.join(work, "export-%d.csv" % rows),
                                "--shelf", "read", "--home", home], check=True, capture_output=True)
                times[rows].append((time.perf_counter() - start) * 1000)
        one, many = statistics.median(times[1]), statistics.median(times[options.rows])
        print("import of 1 row: %.0f ms; of %d rows, every cover drawn: %.0f ms; %.2f ms a drawn cover (median of %d)"
              % (one, options.rows, many, (many - one) / (options.rows - 1), options.runs))
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
