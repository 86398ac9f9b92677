#!/usr/bin/env python3
"""The reader's flow through `booktag serve` in a real browser (Debian's headless Chromium),
driven over the Chrome DevTools protocol with nothing but Python's standard library.

With script on: add a tag from the form, watch its progress move, open a book, drop it with
replacement, reroll, print (a PDF made as a job), toggle night (then `booktag night status` must say
on), delete the tag.
With script off: the same flow through plain forms and the pages' refresh. Any console error,
uncaught exception or CSP violation fails the run. Optionally saves screenshots of the three
screens by day and night at phone and desktop widths.

Run by Tests/BookTagTests/BookTagServe/ServeBrowserTests.swift; by hand:
  python3 Tests/browser/serve_flow.py --address URL --booktag BIN --home HOME [--screenshots DIR]
"""
import argparse
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class WebSocket:
    """The client side of RFC 6455, enough for DevTools: text frames, masked, unfragmented out."""

    def __init__(self, url):
        assert url.startswith("ws://")
        host_port, _, path = url[5:].partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"DevTools refused the WebSocket: {head[:80]!r}")

    def _exact(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            data += chunk
        return data

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        message = b""
        while True:
            first, second = self._exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return message.decode()


class Browser:
    """One Chromium page: commands by id, events collected; console errors remembered."""

    def __init__(self, chromium, arguments=()):
        self.profile = tempfile.mkdtemp(prefix="booktag-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-port=0", "--remote-allow-origins=*", f"--user-data-dir={self.profile}", *arguments,
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline or self.process.poll() is not None:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port = open(port_file).read().split()[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events = []
        self.errors = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        # Every text the job's line shows, as the page shows it, kept across the reload a job's
        # end makes: polling alone misses lines when this machine is busy (follow_job).
        self.call("Page.addScriptToEvaluateOnNewDocument", source="""document.addEventListener("DOMContentLoaded", () => {
            const line = document.getElementById("job-line");
            if (!line) return;
            const keep = () => { const seen = JSON.parse(sessionStorage.getItem("booktag-lines") || "[]");
                seen.push(line.textContent); sessionStorage.setItem("booktag-lines", JSON.stringify(seen)); };
            keep();
            new MutationObserver(keep).observe(line, { childList: true, characterData: true, subtree: true });
        });""")

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _note(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            self.errors.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append("console.error: " + json.dumps(params.get("args", []))[:300])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            # Chromium asks every site for /favicon.ico: a 404 there is not the page's error.
            if "favicon.ico" not in entry.get("url", ""):
                self.errors.append(f"log: {entry.get('text')} {entry.get('url', '')}")
        self.events.append(event)

    def judge_console(self):
        """Drains the events left and judges the console: 0 when nothing was logged as an error,
        else 1, with the errors printed."""
        self.call("Runtime.evaluate", expression="1")
        if self.errors:
            print("console errors:\n" + "\n".join(self.errors), file=sys.stderr)
            return 1
        print("no console errors", flush=True)
        return 0

    def call(self, method, **params):
        self.next_id += 1
        wanted = self.next_id
        self.ws.send(json.dumps({"id": wanted, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._note(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {expression[:80]}: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    def navigate(self, url):
        self.call("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete' && location.href !== 'about:blank'")

    def wait_for(self, condition, seconds=60, what=None):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if self.evaluate(f"!!({condition})"):
                    return
            except RuntimeError:
                pass  # the page was between documents
            time.sleep(0.1)
        raise RuntimeError(f"timed out waiting for {what or condition}; at {self.evaluate('location.href')}")

    def follow_job(self, probe, finished, seconds=90, what="the job"):
        """Polls `probe` (a script whose value holds the job's progress `line`, and `failed` once
        it failed) every 0.1 s until `finished(state)`: that state and every line seen on the way,
        by the polls and, with script on, by the page's own record of its job line."""
        lines = set()
        self.evaluate("sessionStorage.removeItem('booktag-lines')")
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                state = self.evaluate(probe)
            except RuntimeError:
                state = None  # the page is being replaced
            if state and state.get("line"):
                lines.add(state["line"])
            if state and state.get("failed"):
                raise RuntimeError(f"{what} failed: {state['failed']}")
            if state and finished(state):
                lines.update(line for line in json.loads(self.evaluate("sessionStorage.getItem('booktag-lines')") or "[]") if line)
                return state, lines
            time.sleep(0.1)
        raise RuntimeError(f"{what} did not finish in {seconds} s")

    def click(self, selector):
        """Clicks like a person: the element must exist, be visible and be enabled."""
        ok = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e || e.disabled || e.getClientRects().length === 0) return false; e.click(); return true; }})()""")
        if not ok:
            raise RuntimeError(f"nothing to click at {selector} on {self.evaluate('location.href')}")

    def screenshot(self, path, width, height, mobile):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        time.sleep(0.3)
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))


def booktag(binary, home, *arguments):
    return subprocess.run([binary, *arguments, "--home", home], capture_output=True, text=True, timeout=60)


def flow(browser, address, binary, home, script):
    """The reader's whole flow; raises on the first thing that does not happen."""
    base = address.split("/?")[0]
    mode = "script on" if script else "script off"
    browser.call("Emulation.setScriptExecutionDisabled", value=not script)
    browser.navigate(address)
    browser.wait_for("document.querySelector('form.add')", what="the tags page")
    assert "token=" not in browser.evaluate("location.href"), "the token stayed in the address"

    # Add a tag from the form; its page shows progress, then the collage.
    browser.evaluate("document.querySelector('#add-tag').value = 'fantasy'")
    browser.click("input[name=from][value=openlibrary]")
    browser.click("form.add button[type=submit]")
    browser.wait_for("location.pathname === '/tags/fantasy'", what="the tag's page")
    _, seen_progress = browser.follow_job("""(() => { const line = document.getElementById('job-line');
        return { line: line ? line.textContent : null, books: document.querySelectorAll('ul.collage li').length }; })()""",
        lambda state: state["books"] >= 12 and not state["line"], seconds=90, what=f"{mode}: gathering the collage")
    assert seen_progress, f"{mode}: no progress was shown while the books were gathered"
    if script:
        assert len(seen_progress) >= 2, f"{mode}: the progress line never moved: {seen_progress}"
    books = browser.evaluate("Array.from(document.querySelectorAll('ul.collage li p.title a')).map(a => a.textContent)")
    assert len(books) == 12, f"{mode}: {len(books)} covers"
    # Each cover's text alternative is its title and author.
    alts = browser.evaluate("Array.from(document.querySelectorAll('ul.collage li a img')).map(i => i.alt)")
    assert all(alt.startswith(title + " by ") for alt, title in zip(alts, books)), f"{mode}: covers described as {alts[:3]}"
    # Covers below the fold load lazily: each address must answer with an image.
    assert browser.evaluate("""Promise.all(Array.from(document.images).map(i => fetch(i.src)
        .then(r => r.ok && r.headers.get('content-type').startsWith('image/')))).then(all => all.every(x => x))"""), f"{mode}: a cover did not load"

    # Open a book.
    browser.click("ul.collage li a")
    browser.wait_for("location.pathname.startsWith('/books/') && document.querySelector('h1')", what="a book's page")
    title = browser.evaluate("document.querySelector('h1').textContent")
    assert title == books[0], f"{mode}: opened {title!r}, not {books[0]!r}"
    browser.click("nav a")
    browser.wait_for("location.pathname === '/tags/fantasy' && document.querySelectorAll('ul.collage li').length === 12")

    # Drop it with replacement.
    first_id = browser.evaluate("document.querySelector('form.drop input[name=book]').value")
    assert browser.evaluate("document.querySelector('form.drop input[name=replace]').checked")
    browser.click("form.drop button")
    browser.wait_for(f"""location.pathname === '/tags/fantasy' && !document.getElementById('job')
        && document.querySelectorAll('ul.collage li').length === 12
        && !Array.from(document.querySelectorAll('form.drop input[name=book]')).some(i => i.value === {json.dumps(first_id)})""",
                     seconds=90, what=f"{mode}: the dropped book replaced")

    # Reroll.
    before = browser.evaluate("Array.from(document.querySelectorAll('form.drop input[name=book]')).map(i => i.value).join()")
    browser.click("section.actions form button")
    browser.wait_for(f"""!document.getElementById('job') && document.querySelectorAll('ul.collage li').length === 12
        && Array.from(document.querySelectorAll('form.drop input[name=book]')).map(i => i.value).join() !== {json.dumps(before)}""",
                     seconds=90, what=f"{mode}: other books after reroll")

    # Print: a job that first asks Open Library for the originals, then a PDF to download.
    browser.evaluate("document.querySelector('#print-paper').value = 'a3'")
    browser.click("form[aria-labelledby=print-heading] button[type=submit]")
    state, seen_progress = browser.follow_job("""(() => { const line = document.getElementById('job-line');
        const link = document.querySelector('section[aria-labelledby=print-ready] a[download]');
        return { line: line ? line.textContent : null, ready: link ? link.getAttribute('href') : null,
                 failed: (document.getElementById('job-error') || {}).textContent }; })()""",
        lambda state: state["ready"], seconds=90, what=f"{mode}: the print")
    assert seen_progress, f"{mode}: no progress was shown while the print was made"
    head = browser.evaluate(f"""fetch({json.dumps(state["ready"])}).then(r => r.ok && r.headers.get('content-type') === 'application/pdf'
        ? r.arrayBuffer().then(b => String.fromCharCode(...new Uint8Array(b.slice(0, 5)))) : 'HTTP ' + r.status)""")
    assert head == "%PDF-", f"{mode}: the print's link gave {head!r}"

    # Night, the same preference as the command line's.
    browser.click("form.night-switch button")
    browser.wait_for("document.documentElement.classList.contains('night')", what="night mode")
    status = booktag(binary, home, "night", "status")
    assert status.stdout.strip() == "night mode: on", f"{mode}: booktag night status says {status.stdout!r}"
    browser.click("form.night-switch button")
    browser.wait_for("document.documentElement.classList.contains('day')", what="day mode")

    # Delete the tag, after its confirmation.
    browser.navigate(base + "/")
    browser.click("details.delete summary")
    browser.click("details.delete form button")
    browser.wait_for("location.pathname === '/' && document.querySelector('p.empty')", what=f"{mode}: the tag deleted")
    listed = booktag(binary, home, "list", "--json")
    assert json.loads(listed.stdout or "[]") == [], f"{mode}: booktag list still shows {listed.stdout!r}"


def screenshots(browser, address, binary, home, folder):
    """The three screens by day and night, at phone and desktop widths."""
    base = address.split("/?")[0]
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    browser.navigate(address)
    if not json.loads(booktag(binary, home, "list", "--json").stdout or "[]"):
        browser.evaluate("document.querySelector('#add-tag').value = 'fantasy'")
        browser.click("input[name=from][value=openlibrary]")
        browser.click("form.add button[type=submit]")
        browser.wait_for("document.querySelectorAll('ul.collage li').length === 12 && !document.getElementById('job')", seconds=90)
    book = browser.evaluate("fetch('/api/tags/fantasy').then(r => r.json()).then(b => '/books/' + b[0].source + '/' + b[0].id)")
    os.makedirs(folder, exist_ok=True)
    for night in (False, True):
        booktag(binary, home, "night", "on" if night else "off")
        for name, path in (("tags", "/"), ("tag", "/tags/fantasy"), ("book", book)):
            for width, height, mobile, size in ((390, 844, True, "phone"), (1280, 900, False, "desktop")):
                browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
                browser.navigate(base + path)
                browser.wait_for("Array.from(document.images).every(i => i.complete || i.loading === 'lazy')")
                browser.screenshot(os.path.join(folder, f"serve-{name}-{'night' if night else 'day'}-{size}.png"), width, height, mobile)
    booktag(binary, home, "night", "off")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", required=True, help="the first line booktag serve printed")
    parser.add_argument("--booktag", required=True)
    parser.add_argument("--home", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--screenshots", help="a folder for the screenshots (none without it)")
    parser.add_argument("--skip-flow", action="store_true", help="screenshots only")
    arguments = parser.parse_args()
    browser = Browser(arguments.chromium)
    try:
        if not arguments.skip_flow:
            for script in (True, False):
                flow(browser, arguments.address, arguments.booktag, arguments.home, script)
                print(f"flow with script {'on' if script else 'off'}: passed", flush=True)
        if arguments.screenshots:
            screenshots(browser, arguments.address, arguments.booktag, arguments.home, arguments.screenshots)
            print(f"screenshots in {arguments.screenshots}", flush=True)
        return browser.judge_console()
    except (RuntimeError, AssertionError) as error:
        print(f"browser flow failed: {error}", file=sys.stderr)
        if browser.errors:
            print("console errors:\n" + "\n".join(browser.errors), file=sys.stderr)
        return 1
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
