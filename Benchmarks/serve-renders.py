#!/usr/bin/env python3
"""`/api/tags` while collages render: does a render hold up the requests behind it?

For each build, side by side and interleaved round by round: `booktag serve` on a home of N tags
(made as Benchmarks/startup.py makes it, plus the bundled recording's 12-cover "fantasy"), then
  1. /api/tags alone: RUNS sequential requests, p50 and p99 wall latency;
  2. the same, one every PAUSE seconds for SECONDS, while RENDERS threads download `/api/tags/fantasy/collage.png?size=4k&stats=1` back
     to back (each request renders the collage anew), with the renders finished a second in that time.

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


def latencies(server, runs, until=None, pause=0.0):
    connection = server.connection()
    values = []
    while len(values) < runs if until is None else time.perf_counter() < until:
        start = time.perf_counter()
        connection.request("GET", "/api/tags", headers=server.headers())
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise SystemExit("/api/tags answered %d" % response.status)
        values.append((time.perf_counter() - start) * 1000)
        time.sleep(pause)
    return values


def renderer(server, until, counts, index):
    connection = server.connection()
    while time.perf_counter() < until:
        connection.request("GET", "/api/tags/fantasy/collage.png?size=4k&stats=1", headers=server.headers())
        response = connection.getresponse()
        response.read()
        if response.status == 200 and time.perf_counter() < until:
            counts[index] += 1


def measure(booktag, home, runs, renders, seconds, pause):
    server = Server(booktag, home)
    try:
        latencies(server, 20)  # warm-up
        alone = latencies(server, runs)
        began = time.perf_counter()
        counts = [0] * renders
        threads = [threading.Thread(target=renderer, args=(server, began + seconds, counts, i)) for i in range(renders)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every renderer has a request in flight
        loaded = latencies(server, runs, until=began + seconds, pause=pause)
        for thread in threads:
            thread.join()
        return alone, loaded, sum(counts), seconds
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a booktag binary")
    parser.add_argument("--tags", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--renders", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=8, help="how long the renders run")
    parser.add_argument("--pause", type=float, default=0.02, help="seconds between two /api/tags while rendering")
    arguments = parser.parse_args()
    builds = [build.split("=", 1) for build in arguments.build]
    with tempfile.TemporaryDirectory() as folder:
        template = os.path.join(folder, "template")
        make_home(template, arguments.tags)
        subprocess.run([builds[0][1], "add", "fantasy", "--home", template, "--quiet",
                        "--replay", os.path.join(ROOT, "fixtures", "openlibrary-replay")], check=True, stdout=subprocess.DEVNULL)
        print("%d tags; /api/tags, %d requests alone, then for %g s while %d threads render 4k story collages; %d rounds"
              % (arguments.tags, arguments.runs, arguments.seconds, arguments.renders, arguments.rounds))
        print("%-10s %5s %10s %10s %14s %14s %10s" % ("build", "round", "alone p50", "alone p99", "rendering p50", "rendering p99", "renders/s"))
        for round_number in range(arguments.rounds):
            for name, booktag in builds:
                home = os.path.join(folder, "%s-%d" % (name, round_number))
                subprocess.run(["cp", "-a", template, home], check=True)
                alone, loaded, renders, elapsed = measure(booktag, home, arguments.runs, arguments.renders, arguments.seconds, arguments.pause)
                print("%-10s %5d %8.2f ms %8.2f ms %12.2f ms %12.2f ms %10.2f" % (
                    name, round_number + 1, percentile(alone, 0.5), percentile(alone, 0.99),
                    percentile(loaded, 0.5), percentile(loaded, 0.99), renders / elapsed))


if __name__ == "__main__":
    main()
