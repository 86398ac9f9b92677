#!/usr/bin/env python3
"""Where the time of one booktag command goes, split into its parts, for any build (no
instrumentation needed, so a build of an older commit can be split the same way).

Each command runs RUNS times under `perf record -g` (Linux perf, Debian's linux-perf). Every
sample is given to the first part whose pattern appears in its call stack (dynamic loading
first: a symbol look-up made while Pango loads is loading, not text), and each part's share of
the samples is turned into milliseconds of CPU time per run. The wall time is the median of
separate runs without perf. CPU time can exceed wall time where work runs on both cores
(cover decoding beside font set-up, PNG strips).

    python3 Benchmarks/parts.py --build before=/tmp/old/booktag --build now=.build/release/booktag \\
        --home HOME -- collage bench --format png
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

# (part, pattern searched in the stack's symbols and libraries), first match wins.
PARTS = [
    ("kernel: exec, exit, fresh memory", None),  # samples whose stack is kernel only
    ("library initialisers (Swift runtime, Foundation, glib)", r"_dl_init|call_init"),
    ("dynamic loading (start, dlopen)", r"ld-linux|_dl_|dlopen|dl_open"),
    ("fonts: fontconfig set-up", r"FcInit|FcConfig|FcFontSet|libexpat|FcCache|FcDir"),
    ("text: Pango, HarfBuzz, FreeType", r"pango_|hb_|FT_|libfreetype|libharfbuzz|libpango|libcairo|libpixman|cairo_|booktag_text"),
    ("argument parsing", r"parseAsRoot"),
    ("store open and migration check", r"A5StoreC4open|BookStore.*open|GRDB.*Migrat|DatabaseQueue.*path"),
    ("config and preferences", r"Preferences|Configuration|BookTagConfig|HomeV7resolve"),
    # Encoding before decoding: libjpeg does both, and its frames carry no names (stripped);
    # scaling before decoding: the Swift function that scales takes a DecodedCover.
    ("encoding", r"deflate|booktag_png_encode|filter_row|rgb_row|booktag_jpeg_encode|jpeg_write|jpeg_finish_compress|adler32|crc32|libz\.so"),
    ("cover scaling", r"booktag_scale|bilinear|box_reduce"),
    ("cover decoding", r"booktag_jpeg_decode|booktag_png_decode|DecodedCover|libjpeg|libpng16"),
    ("writing the file", r"AtomicFile|PreparedCollage|fsync|syncfs"),
    ("store reads", r"GRDB|sqlite3"),
    ("Swift runtime: type and conformance look-ups", r"swift_conformsToProtocol|swift_getTypeByMangled|__swift_instantiate"),
    ("table and output", r"TextTable|DisplayWidth|Terminal|Reporter"),
]
OTHER = "everything else (booktag and Swift code)"


def perf_parts(binary, home, arguments, runs):
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "perf.data")
        command = " ".join(["'%s'" % binary] + ["'%s'" % a for a in arguments] + ["--home", "'%s'" % home])
        script = "for i in $(seq %d); do %s > /dev/null 2>&1; done" % (runs, command)
        subprocess.run(["perf", "record", "-q", "-g", "-F", "10000", "-o", data, "--", "sh", "-c", script],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        name = os.path.basename(binary)[:15]
        out = subprocess.run(["perf", "script", "-i", data, "-F", "comm,ip,sym,dso"],
                             capture_output=True, text=True, check=True).stdout
    counts = {part: 0 for part, _ in PARTS}
    counts[OTHER] = 0
    total = 0
    for block in out.split("\n\n"):
        lines = [line.strip() for line in block.strip().split("\n") if line.strip()]
        if not lines or lines[0].split()[0] == "sh" or lines[0].split()[0] == "seq":
            continue
        frames = lines[1:]
        total += 1
        if all("kernel.kallsyms" in frame for frame in frames):
            counts[PARTS[0][0]] += 1
            continue
        stack = "\n".join(frames)
        for part, pattern in PARTS[1:]:
            if re.search(pattern, stack):
                counts[part] += 1
                break
        else:
            counts[OTHER] += 1
    return counts, total, name


def task_clock(binary, home, arguments, runs):
    """CPU milliseconds per run and the median wall time, from perf stat and separate runs."""
    result = subprocess.run(["perf", "stat", "-x", ",", "-e", "task-clock", "-r", str(runs), binary] + arguments + ["--home", home],
                            capture_output=True, text=True)
    cpu = float(result.stderr.strip().split("\n")[-1].split(",")[0])
    walls, floors = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(["/bin/true"])
        floors.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        subprocess.run([binary] + arguments + ["--home", home], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append((time.perf_counter() - start) * 1000)
    # The harness's own cost (spawning /bin/true) is taken off the wall time.
    return cpu, statistics.median(walls) - statistics.median(floors)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a booktag binary")
    parser.add_argument("--home", required=True, help="a booktag home (each build gets its own copy)")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("arguments", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    arguments = [a for a in options.arguments if a != "--"]
    columns = []
    with tempfile.TemporaryDirectory() as scratch:
        for build in options.build:
            name, path = build.split("=", 1)
            home = os.path.join(scratch, name)
            subprocess.run(["cp", "-a", options.home, home], check=True)
            subprocess.run([path] + arguments + ["--home", home], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # migrate, warm
            counts, total, _ = perf_parts(os.path.abspath(path), home, arguments, options.runs)
            cpu, wall = task_clock(path, home, arguments, options.runs)
            columns.append((name, counts, total, cpu, wall))
    print("booktag %s; CPU ms per run by part (perf samples x task-clock), %d runs" % (" ".join(arguments), options.runs))
    print("| part | " + " | ".join(name for name, *_ in columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    for part in [p for p, _ in PARTS] + [OTHER]:
        cells = ["%.1f" % (counts[part] / total * cpu if total else 0) for _, counts, total, cpu, _ in columns]
        print("| %s | %s |" % (part, " | ".join(cells)))
    print("| **CPU time** | " + " | ".join("**%.1f**" % cpu for *_, cpu, _ in columns) + " |")
    print("| off CPU (wall − CPU: waiting on the disk or a lock; negative: both cores at work) | "
          + " | ".join("%.1f" % (wall - cpu) for *_, cpu, wall in columns) + " |")
    print("| **wall time (median, less the harness's /bin/true)** | " + " | ".join("**%.1f**" % wall for *_, wall in columns) + " |")


if __name__ == "__main__":
    main()
