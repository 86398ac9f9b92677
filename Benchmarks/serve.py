#!/usr/bin/env python3
"""`booktag serve` under load, on a home of N tags x 12 books (made as Benchmarks/startup.py makes it).

1. The tags page alone: its server time (the `Server-Timing` header: the request inside booktag,
   from the access checks to the last byte handed to the server) and its wall time, over RUNS
   sequential requests on one kept-alive connection.
2. CLIENTS concurrent clients (threads, each its own kept-alive connection) asking for a tag's
   page and /api/tags in turn for SECONDS: errors, throughput, p50 and p99 wall latency.
3. The same while `add` jobs run back to back (each a new tag from the bundled Open Library
   recording, replayed: gathering, cover checks, the collage drawn and stored).

    python3 Benchmarks/serve.py --booktag .build/release/booktag
    python3 Benchmarks/serve.py --booktag .build/release/booktag --load-client Benchmarks/.build/release/booktag-bench

The clients are processes on the same 2 cores as the server: wall latency includes waiting for a
core behind them; the server time (`Server-Timing`) is the time inside booktag alone.
"""
import argparse
import http.client
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from startup import make_home  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Server:
    def __init__(self, booktag, home):
        self.process = subprocess.Popen(
            [booktag, "serve", "--port", "0", "--home", home, "--replay", os.path.join(ROOT, "fixtures", "openlibrary-replay")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        address = self.process.stdout.readline().strip()
        if not address.startswith("http://"):
            raise SystemExit("booktag serve did not start: %r" % address)
        host_port = address[len("http://"):].split("/")[0]
        self.host, self.port = host_port.rsplit(":", 1)
        self.token = address.split("token=")[1]

    def connection(self):
        return http.client.HTTPConnection(self.host, int(self.port), timeout=30)

    def headers(self, extra=None):
        headers = {"Authorization": "Bearer " + self.token}
        headers.update(extra or {})
        return headers

    def stop(self):
        self.process.terminate()
        self.process.wait(30)


def timed_get(connection, server, path):
    start = time.perf_counter()
    connection.request("GET", path, headers=server.headers())
    response = connection.getresponse()
    response.read()
    return response, (time.perf_counter() - start) * 1000


def tags_page(server, runs):
    connection = server.connection()
    server_ms, wall_ms = [], []
    for _ in range(runs):
        response, elapsed = timed_get(connection, server, "/")
        if response.status != 200:
            raise SystemExit("GET / answered %d" % response.status)
        timing = response.getheader("Server-Timing", "")
        server_ms.append(float(timing.split("dur=")[1]))
        wall_ms.append(elapsed)
    return server_ms, wall_ms


def client_process(address, token, paths, number, stop_at, queue):
    """One client (its own process, so clients do not share Python's lock): requests in turn
    until `stop_at`; wall and server milliseconds, and errors."""
    host, port = address
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"Authorization": "Bearer " + token}
    index, wall, inside, failed = number, [], [], []
    while time.time() < stop_at:
        path = paths[index % len(paths)]
        index += 1
        try:
            start = time.perf_counter()
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            wall.append((time.perf_counter() - start) * 1000)
            inside.append(float(response.getheader("Server-Timing", "dur=0").split("dur=")[1]))
            if response.status != 200:
                failed.append("%s: %d" % (path, response.status))
        except (OSError, http.client.HTTPException) as error:
            failed.append("%s: %s" % (path, error))
            connection = http.client.HTTPConnection(host, int(port), timeout=30)
    queue.put((wall, inside, failed))


def load(server, clients, seconds, paths, client=None):
    if client:
        # booktag-bench serve-load: threads with blocking sockets, far cheaper than Python's clients.
        answer = subprocess.run(
            [client, "serve-load", "--port", server.port, "--token", server.token, "--paths", ",".join(paths),
             "--clients", str(clients), "--seconds", str(seconds)], capture_output=True, text=True, check=True)
        report = json.loads(answer.stdout)
        return report["wallMilliseconds"], report["serverMilliseconds"], report["errors"], report["seconds"], report["requests"]
    queue = multiprocessing.Queue()
    stop_at = time.time() + seconds
    workers = [multiprocessing.Process(target=client_process, args=((server.host, server.port), server.token, paths, n, stop_at, queue))
               for n in range(clients)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - started
    wall = [value for result in results for value in result[0]]
    inside = [value for result in results for value in result[1]]
    errors = [value for result in results for value in result[2]]
    return [percentile(wall, 0.5), percentile(wall, 0.99)], [percentile(inside, 0.5), percentile(inside, 0.99)], errors, elapsed, len(wall)


def add_jobs(server, stop_event, finished, failures):
    """`add` jobs back to back until told to stop: the recording's "science fiction", then its removal."""
    connection = server.connection()
    try:
        while not stop_event.is_set():
            body = json.dumps({"tag": "science fiction", "source": "openlibrary"})
            connection.request("POST", "/api/tags", body=body, headers=server.headers({"Content-Type": "application/json"}))
            response = connection.getresponse()
            answer = json.loads(response.read() or b"{}")
            if response.status != 202:
                raise RuntimeError("POST /api/tags answered %d: %s" % (response.status, answer))
            while True:
                connection.request("GET", "/api/jobs/" + answer["job"], headers=server.headers())
                state = json.loads(connection.getresponse().read())
                if state["state"] != "running":
                    break
                time.sleep(0.02)
            if state["state"] != "done":
                raise RuntimeError("an add job failed: %s" % state.get("error"))
            finished.append(1)
            connection.request("DELETE", "/api/tags/science%20fiction", headers=server.headers())
            connection.getresponse().read()
    except Exception as error:  # a thread's exception would otherwise vanish
        failures.append(str(error))


def report(name, wall, inside, errors, elapsed, count):
    print("%-22s %6d requests  %d errors  %5.0f req/s  wall p50 %5.2f ms p99 %6.2f ms  server p50 %5.2f ms p99 %6.2f ms" % (
        name, count, len(errors), count / elapsed, wall[0], wall[1], inside[0], inside[1]))
    for error in errors[:5]:
        print("    " + error)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--booktag", default=os.path.join(ROOT, ".build", "release", "booktag"))
    parser.add_argument("--tags", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--load-client", help="booktag-bench (release) for the clients; without it, Python processes")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="booktag-serve-bench-") as folder:
        home = os.path.join(folder, "home")
        make_home(home, arguments.tags)
        subprocess.run([arguments.booktag, "list", "--home", home], stdout=subprocess.DEVNULL, check=True)  # migrates
        server = Server(arguments.booktag, home)
        try:
            server_ms, wall_ms = tags_page(server, arguments.runs)
            print("tags page of %d tags, %d requests: server time median %.2f ms, p99 %.2f ms; wall median %.2f ms" % (
                arguments.tags, arguments.runs, statistics.median(server_ms), percentile(server_ms, 0.99), statistics.median(wall_ms)))
            paths = ["/tags/tag%2000000", "/api/tags"]
            report("%d clients" % arguments.clients, *load(server, arguments.clients, arguments.seconds, paths, arguments.load_client))
            stop_event, finished, failures = threading.Event(), [], []
            adder = threading.Thread(target=add_jobs, args=(server, stop_event, finished, failures))
            adder.start()
            result = load(server, arguments.clients, arguments.seconds, paths, arguments.load_client)
            stop_event.set()
            adder.join()
            report("%d clients + add jobs" % arguments.clients, *result)
            print("    (%d add jobs finished meanwhile, each followed by its delete)" % len(finished))
            if failures:
                raise SystemExit("the add jobs stopped: " + failures[0])
        finally:
            server.stop()


if __name__ == "__main__":
    main()
