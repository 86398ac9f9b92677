#!/usr/bin/env python3
"""`booktag serve` behind real reverse proxies under /booktag/, driven in headless Chromium.

Three ways in, each a real proxy on loopback:
  caddy   Debian's Caddy over HTTPS (its internal CA), docs/guide.md's `handle_path` block as
          written: the prefix stripped, said in X-Forwarded-Prefix
  nginx   Debian's nginx over HTTPS (a throwaway self-signed certificate), the guide's
          `location` block as written: the prefix stripped, said in X-Forwarded-Prefix
  based   nginx over plain HTTP passing the path on whole to a serve started with --base-path
Through each: the token link lands on /booktag/, the cookie's path is /booktag (Secure over
HTTPS, not over HTTP), every same-origin address a page names or loads is under /booktag/, the
manifest's id, scope and start URL are, a form post is redirected under it, and axe-core finds
no serious or critical violation on any page. No console error anywhere. And an e-reader
through each: KOReader's statistics Cloud sync (WebDAV, Basic auth) and progress sync (kosync),
request for request, under /booktag/dav/ and /booktag/kosync.

Run by Tests/BookTagTests/BookTagServe/ServeProxyBrowserTests.swift; by hand:
  python3 Tests/browser/serve_proxied.py --stripped URL --based URL --guide docs/guide.md \
      --axe .build/axe/axe.min.js
(--stripped: the address a serve that trusts 127.0.0.1 printed; --based: one started with
--base-path /booktag, that trusts 127.0.0.1 too. Each home holds a tag.)
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request

from serve_flow import Browser

PREFIX = "/booktag"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def guide_block(guide, opening):
    """The fenced block of docs/guide.md whose first line starts with `opening`, as written."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", open(guide, encoding="utf-8").read(), re.S | re.M)
    found = [block for block in blocks if block.startswith(opening)]
    assert len(found) == 1, f"docs/guide.md has {len(found)} blocks starting {opening!r}"
    return found[0]


def wait_listening(port, process, log, what):
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited: {open(log).read()[-600:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port}")


def start_caddy(work, guide, upstream):
    port = free_port()
    block = guide_block(guide, "books.example.org {").replace("127.0.0.1:8080", upstream)
    site = block.replace("books.example.org {", f"https://127.0.0.1:{port} {{\n    tls internal", 1)
    config = os.path.join(work, "Caddyfile")
    with open(config, "w") as file:
        file.write("{\n    admin off\n    skip_install_trust\n    auto_https disable_redirects\n"
                   f"    storage file_system {work}/caddy-data\n}}\n" + site)
    log = os.path.join(work, "caddy.log")
    environment = dict(os.environ, HOME=work, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work)
    process = subprocess.Popen(["caddy", "run", "--config", config, "--adapter", "caddyfile"], env=environment,
                               stdout=open(log, "w"), stderr=subprocess.STDOUT)
    wait_listening(port, process, log, "Caddy")
    return process, f"https://127.0.0.1:{port}"


def start_nginx(work, guide, stripped_upstream, based_upstream):
    https, plain = free_port(), free_port()
    location = guide_block(guide, "location /booktag/ {").replace("127.0.0.1:8080", stripped_upstream)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", f"{work}/key.pem", "-out", f"{work}/cert.pem"],
                   check=True, capture_output=True)
    temp = "".join(f"    {kind}_temp_path {work}/nginx-{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as file:
        file.write(f"""daemon off;
master_process off;
pid {work}/nginx.pid;
error_log {work}/nginx.log;
events {{}}
http {{
    access_log off;
{temp}    server {{
        listen 127.0.0.1:{https} ssl;
        ssl_certificate {work}/cert.pem;
        ssl_certificate_key {work}/key.pem;
{location}    }}
    server {{
        listen 127.0.0.1:{plain};
        location /booktag/ {{
            proxy_pass http://{based_upstream};
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_buffering off;
        }}
    }}
}}
""")
    log = os.path.join(work, "nginx.log")
    process = subprocess.Popen(["nginx", "-c", config, "-p", work], stdout=open(log, "a"), stderr=subprocess.STDOUT)
    wait_listening(https, process, log, "nginx")
    wait_listening(plain, process, log, "nginx")
    return process, f"https://127.0.0.1:{https}", f"http://127.0.0.1:{plain}"


def addresses_outside(browser, origin):
    """Every same-origin address the page names (links, forms, assets, data-events, the
    manifest link) or loaded, that is not under the prefix."""
    return browser.evaluate("""(() => {
        const named = [];
        for (const [selector, attribute] of [['a[href]', 'href'], ['form[action]', 'action'], ['link[href]', 'href'],
                ['script[src]', 'src'], ['img[src]', 'src'], ['source[srcset]', 'srcset'], ['[data-events]', 'data-events']]) {
            for (const element of document.querySelectorAll(selector)) named.push(element.getAttribute(attribute));
        }
        const loaded = performance.getEntriesByType('resource').map(entry => entry.name);
        return named.concat(loaded).map(address => new URL(address, location.href))
            .filter(url => url.origin === %s && !url.pathname.startsWith('%s/'))
            .map(url => url.href);
    })()""" % (json.dumps(origin), PREFIX))


def through(browser, name, origin, address, axe_source):
    """The checks through one way in; returns what it found, or raises on the first failure."""
    token = urllib.parse.parse_qs(urllib.parse.urlparse(address).query)["token"][0]
    browser.call("Network.clearBrowserCookies")
    browser.navigate(f"{origin}{PREFIX}/?token={token}")
    path = browser.evaluate("location.pathname + location.search")
    assert path == f"{PREFIX}/", f"{name}: the token link ended at {path}, not {PREFIX}/"
    cookies = browser.call("Network.getCookies", urls=[f"{origin}{PREFIX}/"])["cookies"]
    assert len(cookies) == 1, f"{name}: cookies {cookies}"
    secure = origin.startswith("https:")
    assert cookies[0]["path"] == PREFIX and cookies[0]["secure"] == secure and cookies[0]["httpOnly"], \
        f"{name}: the cookie is {cookies[0]}"

    manifest = browser.call("Page.getAppManifest")
    assert not manifest.get("errors"), f"{name}: the manifest has errors: {manifest['errors']}"
    data = json.loads(manifest["data"])
    for key in ("id", "scope", "start_url"):
        assert urllib.parse.urljoin(manifest["url"], data[key]) == f"{origin}{PREFIX}/", f"{name}: manifest {key} {data[key]!r}"
    icons = browser.evaluate("Promise.all(%s.map(src => fetch(new URL(src, %s)).then(r => r.status)))"
                             % (json.dumps([icon["src"] for icon in data["icons"]]), json.dumps(manifest["url"])))
    assert set(icons) == {200}, f"{name}: the manifest's icons answered {icons}"

    tag = browser.evaluate("document.querySelector('ul.tags a, .tags a[href*=\"/tags/\"]').getAttribute('href')")
    browser.navigate(origin + tag)
    api = f"{PREFIX}/api{tag[len(PREFIX):]}"
    book = browser.evaluate(f"fetch({json.dumps(api)}).then(r => r.json()).then(b => '{PREFIX}/books/' + b[0].source + '/' + b[0].id)")
    pages = [("tags", f"{PREFIX}/"), ("tag", tag), ("book", book), ("import", f"{PREFIX}/import")]
    outside = {}
    for page, page_path in pages:
        browser.navigate(origin + page_path)
        browser.wait_for("Array.from(document.images).every(i => i.complete || i.loading === 'lazy')")
        assert browser.evaluate("location.pathname") == page_path, f"{name}: {page_path} moved"
        assert browser.evaluate("document.title") and not browser.evaluate("document.title.startsWith('Error')"), \
            f"{name}: {page_path} is an error page"
        found = addresses_outside(browser, origin)
        if found:
            outside[page] = found

    # A form post (night mode's switch, from the tag page) comes back under the prefix.
    browser.navigate(origin + tag)
    night = browser.evaluate("document.documentElement.classList.contains('night')")
    browser.evaluate("document.querySelector('form.night-switch').submit(); true")
    browser.wait_for(f"document.readyState === 'complete' && document.documentElement.classList.contains('night') === {json.dumps(not night)}",
                     what=f"{name}: the night switch's answer")
    after = browser.evaluate("location.pathname")
    assert after == tag, f"{name}: the night switch's post ended at {after}, not {tag}"
    browser.evaluate("document.querySelector('form.night-switch').submit(); true")
    browser.wait_for(f"document.readyState === 'complete' && document.documentElement.classList.contains('night') === {json.dumps(night)}",
                     what=f"{name}: the night switch back")

    # A print job started from the tag page's form is followed under the prefix, and its PDF too.
    browser.navigate(origin + tag)
    browser.click("form[aria-labelledby=print-heading] button[type=submit]")
    browser.wait_for("document.querySelector('section[aria-labelledby=print-ready] a[download]')", seconds=90,
                     what=f"{name}: the print")
    ready = browser.evaluate("location.pathname + location.search")
    assert ready.startswith(tag + "?job="), f"{name}: the print job's page is {ready}"
    link = browser.evaluate("document.querySelector('section[aria-labelledby=print-ready] a[download]').getAttribute('href')")
    assert link.startswith(f"{PREFIX}/api/prints/"), f"{name}: the print's link is {link}"
    head = browser.evaluate(f"""fetch({json.dumps(link)}).then(r => r.ok ? r.arrayBuffer()
        .then(b => String.fromCharCode(...new Uint8Array(b.slice(0, 5)))) : 'HTTP ' + r.status)""")
    assert head == "%PDF-", f"{name}: the print's link gave {head!r}"
    pages.append(("print", ready))

    violations = []
    for page, page_path in pages:
        browser.navigate(origin + page_path)
        browser.wait_for("Array.from(document.images).every(i => i.complete || i.loading === 'lazy')")
        browser.evaluate(axe_source + "\n;true")
        result = browser.evaluate("""axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ' at ' + v.nodes[0].target.join(' ')))""")
        violations += [f"{page}: {violation}" for violation in result]
    assert not outside, f"{name}: addresses outside {PREFIX}/: {outside}"
    assert not violations, f"{name}: axe-core: {violations}"
    return f"{len(pages)} pages, cookie Path={PREFIX}{'; Secure' if secure else ''}, manifest scope {data['scope']}, axe-core clean"


def device_request(url, method, headers, body=None):
    """One request as KOReader's clients send it; the proxies' certificates are their own. The
    headers answered are looked up by name in any case."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    context = ssl._create_unverified_context()
    try:
        with urllib.request.urlopen(request, context=context, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def through_device(origin, credentials, statistics):
    """KOReader's two sync clients through a proxy: the folder chosen, the statistics sent, a
    position pushed and read back, and a wrong password refused."""
    user, password = credentials.split(":", 1)
    basic = {"Authorization": "Basic " + base64.b64encode(credentials.encode()).decode()}
    dav = f"{origin}{PREFIX}/dav"
    status, headers, body = device_request(dav + "/", "PROPFIND", dict(basic, Depth="1", **{
        "Content-Type": "application/xml"}),
        b'<?xml version="1.0"?><a:propfind xmlns:a="DAV:"><a:prop><a:resourcetype/></a:prop></a:propfind>')
    assert status == 207, f"PROPFIND: {status} {body[:200]!r}"
    assert re.search(rb"<[a-zA-Z]+:response>", body) and f"<d:href>{PREFIX}/dav/</d:href>".encode() in body, body
    status, _, _ = device_request(dav + "/statistics.sqlite3", "GET", basic)
    assert status == 404, f"GET statistics: {status}"
    data = open(statistics, "rb").read()
    status, _, body = device_request(dav + "/statistics.sqlite3", "PUT", dict(basic, **{
        "Content-Length": str(len(data))}), data)
    assert status in (201, 204), f"PUT statistics: {status} {body[:200]!r}"
    wrong = {"Authorization": "Basic " + base64.b64encode(f"{user}:not-it".encode()).decode()}
    status, headers, _ = device_request(dav + "/", "PROPFIND", dict(wrong, Depth="0"), b"")
    assert status == 401 and (headers.get("WWW-Authenticate") or "").startswith("Basic"), f"wrong password: {status}"
    sync = {"x-auth-user": user, "x-auth-key": hashlib.md5(password.encode()).hexdigest(),
            "accept": "application/vnd.koreader.v1+json"}
    kosync = f"{origin}{PREFIX}/kosync"
    document = "5ee88058c4346a122c4ccf80e36b1dc8"
    position = json.dumps({"document": document, "progress": "/body/DocFragment[3]", "percentage": 0.25,
                           "device": "Kobo Libra 2", "device_id": "A1"}).encode()
    for method, path, body in (("GET", "/users/auth", None), ("PUT", "/syncs/progress", position),
                               ("GET", f"/syncs/progress/{document}", None)):
        extra = {"Content-Type": "application/json"} if body else {}
        status, headers, answer = device_request(kosync + path, method, dict(sync, **extra), body)
        assert status == 200, f"{method} {path}: {status} {answer[:200]!r}"
        assert headers.get("Content-Type") == "application/json", f"{path}: {headers.get('Content-Type')}"
    assert json.loads(answer)["percentage"] == 0.25, answer
    return f"statistics sent, progress read back"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stripped", required=True, help="the address a serve trusting 127.0.0.1 printed")
    parser.add_argument("--based", required=True, help="the address a serve with --base-path /booktag printed")
    parser.add_argument("--guide", required=True)
    parser.add_argument("--axe", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--stripped-device", help="USER:PASSWORD of a device of the --stripped serve's home")
    parser.add_argument("--based-device", help="USER:PASSWORD of a device of the --based serve's home")
    parser.add_argument("--statistics", help="a KOReader statistics database the devices send")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="booktag-proxies-")
    upstream = lambda address: urllib.parse.urlparse(address).netloc
    proxies = []
    browser = None
    try:
        caddy, caddy_origin = start_caddy(work, arguments.guide, upstream(arguments.stripped))
        proxies.append(caddy)
        nginx, nginx_origin, based_origin = start_nginx(work, arguments.guide, upstream(arguments.stripped),
                                                        upstream(arguments.based))
        proxies.append(nginx)
        # The proxies' certificates are their own (Caddy's internal CA, nginx's self-signed one).
        browser = Browser(arguments.chromium, ["--ignore-certificate-errors"])
        browser.call("Network.enable")
        with open(arguments.axe, encoding="utf-8") as file:
            axe_source = file.read()
        for name, origin, address in (("caddy", caddy_origin, arguments.stripped), ("nginx", nginx_origin, arguments.stripped),
                                      ("based", based_origin, arguments.based)):
            print(f"{name} ({origin}{PREFIX}/): passed ({through(browser, name, origin, address, axe_source)})", flush=True)
            device = arguments.based_device if name == "based" else arguments.stripped_device
            if device and arguments.statistics:
                print(f"{name} e-reader: passed ({through_device(origin, device, arguments.statistics)})", flush=True)
        return browser.judge_console()
    except (RuntimeError, AssertionError, KeyError, subprocess.CalledProcessError) as error:
        print(f"proxied flow failed: {error}", file=sys.stderr)
        for log in ("caddy.log", "nginx.log"):
            path = os.path.join(work, log)
            if os.path.exists(path):
                print(f"{log}: {open(path).read()[-800:]}", file=sys.stderr)
        if browser and browser.errors:
            print("console errors:\n" + "\n".join(browser.errors), file=sys.stderr)
        return 1
    finally:
        if browser:
            browser.close()
        for process in proxies:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
