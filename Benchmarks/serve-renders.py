#!/usr/bin/env python3
"""`/api/tags` while collages render: does a render hold up the requests behind it?

For each build, side by side and interleaved round by round: `booktag serve` on a home of N tags
(made as Benchmarks/startup.py makes it, plus the bundled recording's 12-cover "fantasy"), then
  1. /api/tags alone: RUNS sequential requests, p50 and p99 wall latency;
  2. the same while RENDERS threads download `/api/tags/fantasy/collage.png?size=4k&stats=1` back
     to back (each request renders the collage anew), with how many renders finished.

    python3 Benchmarks/serve-renders.py --build before=/tmp/booktag-before --build after=.build/static/release/booktag

A server that renders on the threads that answer requests makes /api/tags wait for a render to
end; one that renders elsewhere answers it while the renders go on (the two cores are shared,
so it is slower than alone, but not by a render's length).
"""
import argparse
import os
import subprocess
import tempfile
import threading
import time

from serve import ROOT, Server, percentile
from startup import make_home


def latencies(server, runs):
    connection = server.connection()
    values = []
    for _ in range(runs):
        start = time.perf_counter()
        connection.request("GET", "/api/tags", headers=server.headers())
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise SystemExit("/api/tags answered %d" % response.status)
        values.append((time.perf_counter() - start) * 1000)
    return values


def renderer(server, stop, counts, index):
    connection = server.connection()
    while not stop.is_set():
        connection.request("GET", "/api/tags/fantasy/collage.png?size=4k&stats=1", headers=server.headers())
        response = connection.getresponse()
        response.read()
        if response.status == 200:
            counts[index] += 1


def measure(booktag, home, runs, renders):
    server = Server(booktag, home)
    try:
        latencies(server, 20)  # warm-up
        alone = latencies(server, runs)
        stop, counts = threading.Event(), [0] * renders
        threads = [threading.Thread(target=renderer, args=(server, stop, counts, i)) for i in range(renders)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every renderer has a request in flight
        started = time.perf_counter()
        loaded = latencies(server, runs)
        elapsed = time.perf_counter() - started
        stop.set()
        for thread in threads:
            thread.join()
        return alone, loaded, sum(counts), elapsed
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a booktag binary")
    parser.add_argument("--tags", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--renders", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    builds = [build.split("=", 1) for build in arguments.build]
    with tempfile.TemporaryDirectory() as folder:
        template = os.path.join(folder, "template")
        make_home(template, arguments.tags)
        subprocess.run([builds[0][1], "add", "fantasy", "--home", template, "--quiet",
                        "--replay", os.path.join(ROOT, "fixtures", "openlibrary-replay")], check=True, stdout=subprocess.DEVNULL)
        print("%d tags; /api/tags, %d requests alone, then %d while %d threads render 4k story collages; %d rounds"
              % (arguments.tags, arguments.runs, arguments.runs, arguments.renders, arguments.rounds))
        print("%-10s %5s %10s %10s %14s %14s %10s" % ("build", "round", "alone p50", "alone p99", "rendering p50", "rendering p99", "renders/s"))
        for round_number in range(arguments.rounds):
            for name, booktag in builds:
                home = os.path.join(folder, "%s-%d" % (name, round_number))
                subprocess.run(["cp", "-a", template, home], check=True)
                alone, loaded, renders, elapsed = measure(booktag, home, arguments.runs, arguments.renders)
                print("%-10s %5d %8.2f ms %8.2f ms %12.2f ms %12.2f ms %10.2f" % (
                    name, round_number + 1, percentile(alone, 0.5), percentile(alone, 0.99),
                    percentile(loaded, 0.5), percentile(loaded, 0.99), renders / elapsed))


if __name__ == "__main__":
    main()
