#!/usr/bin/env python3
"""An e-reader's statistics sync into `booktag serve` (WebDAV `PUT /dav/statistics.sqlite3`),
against the same database imported by hand (`booktag import`, after copying it off the device).

The database is SYNTHETIC, made by koreader.py's generator in KOReader's schema: BOOKS books
(default 40) read through 2025, ROWS page rows (default 100,000). Open Library is a stand-in on
127.0.0.1 that knows no book, so every cover is drawn. For each run, a new home and server: the
PUT's answer (the upload streamed to disk, checked and kept as the device's readings), then the
time until the tags are current (the sync's job done: `koreader 2025` listed with its books),
then the same again from the same device (a re-sync: the readings replaced, the tags replaced).
Beside it, `booktag import FILE --prefix koreader` of the same file in a new home. Medians of RUNS.

    python3 Benchmarks/devices.py --booktag .build/release/booktag
"""
import argparse
import base64
import http.server
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

from koreader import NoBooks, database


def request(url, method="GET", headers=None, body=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body, method=method, headers=headers or {}),
                                    timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def tag_state(origin, token, name):
    """The tag's lastFetched and book count, or None while it does not exist."""
    status, body = request(origin + "/api/tags", headers={"Authorization": "Bearer " + token})
    assert status == 200, body
    for tag in json.loads(body):
        if tag["name"] == name:
            return tag.get("lastFetched"), tag["books"]
    return None


def sync(origin, token, device, data, before):
    """PUT the database; returns (seconds to the answer, seconds until `koreader 2025` changed)."""
    began = time.perf_counter()
    status, body = request(origin + "/dav/statistics.sqlite3", "PUT", {
        "Authorization": "Basic " + base64.b64encode(device.encode()).decode(),
        "Content-Length": str(len(data))}, data)
    answered = time.perf_counter() - began
    assert status in (201, 204), (status, body)
    while True:
        state = tag_state(origin, token, "koreader 2025")
        if state is not None and state != before:
            return answered, time.perf_counter() - began, state
        if time.perf_counter() - began > 600:
            raise SystemExit("the sync did not finish in 10 minutes")
        time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--booktag", required=True)
    parser.add_argument("--books", type=int, default=40)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    booktag = os.path.abspath(options.booktag)
    library = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NoBooks)
    threading.Thread(target=library.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d" % library.server_address[1]
    folder = tempfile.mkdtemp()
    try:
        file = os.path.join(folder, "statistics.sqlite3")
        database(file, options.books, options.rows)
        data = open(file, "rb").read()
        print("database: %d books, %d rows, %.1f MiB (synthetic)" % (options.books, options.rows, len(data) / 1048576))
        config = {"openlibrary": {"baseURL": url, "coversURL": url, "minRequestInterval": 0.05}}
        figures = {"first PUT answered": [], "first sync, tags current": [], "re-sync PUT answered": [],
                   "re-sync, tags current": [], "import by hand": []}
        for run in range(options.runs):
            home = os.path.join(folder, "home-%d" % run)
            os.makedirs(home)
            with open(os.path.join(home, "config.json"), "w") as out:
                json.dump(config, out)
            added = subprocess.run([booktag, "devices", "add", "kobo", "--json", "--home", home],
                                   capture_output=True, text=True, check=True)
            device = "kobo:" + json.loads(added.stdout)["password"]
            server = subprocess.Popen([booktag, "serve", "--port", "0", "--home", home], stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True)
            try:
                address = server.stdout.readline().strip()
                origin, token = address.split("/?token=")
                answered, current, state = sync(origin, token, device, data, None)
                figures["first PUT answered"].append(answered)
                figures["first sync, tags current"].append(current)
                time.sleep(1.1)  # lastFetched is in seconds' resolution: a re-sync must change it
                answered, current, _ = sync(origin, token, device, data, state)
                figures["re-sync PUT answered"].append(answered)
                figures["re-sync, tags current"].append(current)
            finally:
                server.terminate()
                server.wait(30)
            by_hand = os.path.join(folder, "by-hand-%d" % run)
            os.makedirs(by_hand)
            with open(os.path.join(by_hand, "config.json"), "w") as out:
                json.dump(config, out)
            began = time.perf_counter()
            subprocess.run([booktag, "import", file, "--prefix", "koreader", "--quiet", "--home", by_hand],
                           stdout=subprocess.DEVNULL, check=True)
            figures["import by hand"].append(time.perf_counter() - began)
        for name, values in figures.items():
            print("%-26s median %.2f s (runs: %s)" % (name, statistics.median(values),
                                                       ", ".join("%.2f" % value for value in values)))
    finally:
        library.shutdown()
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
