#!/usr/bin/env python3
"""booktag serve in a reader's hand, in Debian's headless Chromium over the DevTools protocol:
import a library export from the import page (the file chosen with DOM.setFileInputFiles, the
form posted as a browser posts it), share the collage (the Web Share API where the browser can,
a download where it cannot), the web app manifest and its icons (Page.getAppManifest), every
control reachable by keyboard, and axe-core over every page by day and night at phone and desktop
widths: no serious or critical violation. Prints FIGURE lines; any console error fails the run.

Run by Tests/BookTagTests/BookTagServe/ServeBrowserTests.swift; by hand:
  python3 Tests/browser/serve_reader.py --address URL --booktag BIN --home HOME --export FILE --axe axe.min.js \
      [--screenshots DIR]
"""
import argparse
import html.parser
import re
import base64
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request

from serve_flow import Browser, booktag

PHONE = (390, 844, True, "phone")
DESKTOP = (1280, 900, False, "desktop")


def viewport(browser, size):
    width, height, mobile, _ = size
    browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)


def import_from_the_page(browser, base, export, expected_tag):
    """Chooses the export in the import page's file field and posts the form; the job's page
    must show progress, then a link to the tag, whose page must show its covers."""
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    browser.navigate(base + "/")
    browser.click("p.import-link a")
    browser.wait_for("location.pathname === '/import' && document.querySelector('#import-file')", what="the import page")
    browser.call("DOM.enable")
    document = browser.call("DOM.getDocument", depth=0)
    node = browser.call("DOM.querySelector", nodeId=document["root"]["nodeId"], selector="#import-file")["nodeId"]
    browser.call("DOM.setFileInputFiles", files=[os.path.abspath(export)], nodeId=node)
    assert browser.evaluate("document.querySelector('#import-file').files.length") == 1, "the file was not chosen"
    browser.evaluate("document.querySelector('#import-year').value = '2024'")
    browser.click("form.add button[type=submit]")
    browser.wait_for("location.pathname === '/import' && location.search.startsWith('?job=')", what="the import's job page")
    state, lines = browser.follow_job("""(() => { const line = document.getElementById('job-line');
        return { line: line ? line.textContent : null, made: Array.from(document.querySelectorAll('section.made a')).map(a => a.textContent),
                 failed: document.getElementById('job-error') ? document.getElementById('job-error').textContent : null }; })()""",
        lambda state: state["made"], seconds=120, what="the import")
    assert state["made"] == [expected_tag], f"the import made {state['made']}"
    assert lines, "no progress was shown while the covers were found"
    browser.click("section.made a")
    browser.wait_for("location.pathname.startsWith('/tags/') && document.querySelectorAll('ul.collage li img').length > 0", what="the tag's covers")
    covers = browser.evaluate("document.querySelectorAll('ul.collage li img').length")
    loaded = browser.evaluate("""Promise.all(Array.from(document.images).map(i => fetch(i.src)
        .then(r => r.ok && r.headers.get('content-type').startsWith('image/')))).then(all => all.every(x => x))""")
    assert loaded, "a cover did not load"
    return covers, sorted(lines)


def share(browser, base, tag_path, downloads):
    """Headless Chromium cannot share files, so Share must download the image at the preset."""
    browser.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads, eventsEnabled=True)
    browser.navigate(base + tag_path)
    assert browser.evaluate("!document.getElementById('share-button').hidden"), "the Share button stayed hidden with script on"
    can_share = browser.evaluate("!!(navigator.canShare && navigator.canShare({ files: [new File(['x'], 'x.png', { type: 'image/png' })] }))")
    browser.evaluate("document.getElementById('download-size').value = 'story'")
    browser.click("#share-button")
    browser.wait_for("document.getElementById('share-status').textContent.length > 0 && !document.getElementById('share-button').disabled",
                     what="the share to finish")
    status = browser.evaluate("document.getElementById('share-status').textContent")
    if can_share:
        return f"shared through the Web Share API: {status}"
    deadline = time.time() + 30
    path = os.path.join(downloads, "booktag-story.png")
    while time.time() < deadline and not os.path.exists(path):
        time.sleep(0.1)
    assert os.path.exists(path), f"the fallback download did not arrive ({status!r}; {os.listdir(downloads)})"
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "the download is not a PNG"
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    assert (width, height) == (1080, 1920), f"the story preset is 1080x1920, not {width}x{height}"
    assert "downloaded" in status, f"the status says {status!r}"
    return f"downloaded a {width}x{height} PNG (this browser cannot share files): {status!r}"


class Preview(html.parser.HTMLParser):
    """What a chat app reads of a page for its preview card: the Open Graph and Twitter tags."""

    def __init__(self):
        super().__init__()
        self.tags = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("property") or attrs.get("name") or ""
        if tag == "meta" and (name.startswith("og:") or name.startswith("twitter:")):
            self.tags[name] = attrs.get("content", "")


def fetch_as_a_stranger(url):
    """A request with no cookie and no token, as a chat app's preview fetcher makes it."""
    request = urllib.request.Request(url, headers={"User-Agent": "booktag-preview-test/1 (like a chat app)"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()


def share_link(browser, base, tag_path, token_address):
    """Makes the tag's link with the tag page's button, then opens it as a stranger would (the
    cookie cleared): it renders, every image loads, nothing else of the home answers, and a chat
    app's preview card finds its title and an absolute poster. Returns the link."""
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    browser.navigate(base + tag_path)
    browser.click("section.share-link button[type=submit]")
    browser.wait_for("document.getElementById('share-address')", what="the link on the tag page")
    link = browser.evaluate("document.getElementById('share-address').value")
    assert re.fullmatch(re.escape(base) + r"/s/[A-Za-z0-9_-]{24}", link), f"the link is {link!r}"
    browser.call("Network.clearBrowserCookies")
    browser.navigate(link)
    browser.evaluate("document.querySelectorAll('img').forEach(i => i.loading = 'eager'); true")
    browser.wait_for("Array.from(document.images).every(i => i.complete)", what="the shared page's images")
    page = browser.evaluate("""({ images: document.images.length, broken: Array.from(document.images)
            .filter(i => i.naturalWidth === 0).map(i => i.src),
        poster: (document.querySelector('figure.poster img') || {}).naturalHeight,
        forms: document.forms.length, scripts: document.scripts.length,
        links: document.querySelectorAll('a[href]').length, heading: document.querySelector('h1').textContent })""")
    assert page["images"] > 12 and not page["broken"], f"images that did not load: {page}"
    assert page["poster"] == 1920 and page["forms"] == 0 and page["scripts"] == 0 and page["links"] == 0, page
    statuses = browser.evaluate("""Promise.all(%s.map(p => fetch(p, { redirect: 'manual' }).then(r => p + ' ' + r.status)))"""
                                % json.dumps(["/", tag_path, "/api/tags", "/api" + tag_path, "/import", "/manifest.webmanifest"]))
    assert all(line.endswith(" 401") for line in statuses), f"the stranger reached more: {statuses}"
    # Those refusals are what is asked for; Chromium logs each as a failed load.
    browser.call("Runtime.evaluate", expression="1")
    browser.errors = [e for e in browser.errors if not ("status of 401" in e and e.startswith("log: Failed to load resource"))]
    status, kind, body = fetch_as_a_stranger(link)
    assert status == 200 and kind.startswith("text/html"), (status, kind)
    card = Preview()
    card.feed(body.decode("utf-8"))
    tags = card.tags
    assert tags.get("og:title") == page["heading"] and tags.get("og:url") == link, tags
    assert tags.get("og:image") == link + "/poster.png" and tags.get("twitter:card") == "summary_large_image", tags
    status, kind, image = fetch_as_a_stranger(tags["og:image"])
    width, height = int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")
    assert status == 200 and kind == "image/png" and image[:8] == b"\x89PNG\r\n\x1a\n", (status, kind)
    assert (width, height) == (1080, 1920) == (int(tags["og:image:width"]), int(tags["og:image:height"])), (width, height)
    browser.navigate(token_address)  # the reader's cookie again
    return link, f"{page['images']} images loaded, 6 other addresses 401, preview {tags['og:title']!r} with a {width}x{height} poster"


def stop_sharing(browser, base, tag_path, link):
    """The tag page's Stop sharing: the link is 404 at once, its poster too."""
    browser.navigate(base + tag_path)
    browser.click("section.share-link button[type=submit]")
    browser.wait_for("document.querySelector('section.share-link') && !document.getElementById('share-address')",
                     what="the link to go")
    for url in (link, link + "/poster.png"):
        status, _, _ = fetch_as_a_stranger(url)
        assert status == 404, f"{url} answers {status} after Stop sharing"


def languages(browser, base, pages, home, screenshots):
    """Every page at phone width in German, French and Chinese (each browser's Accept-Language)
    and in the pseudo-language (every message accented and 40 % longer, set as the pages'
    language): each says its `lang`, and nothing on it is wider than the screen. With screenshots
    asked for, the tag page at phone width in German and in Chinese."""
    preferences = os.path.join(home, "preferences.json")
    kept = json.load(open(preferences)) if os.path.exists(preferences) else {}
    agent = browser.evaluate("navigator.userAgent")
    # A shared link's page is in its maker's language, whatever the reader's.
    checked = [(name, path) for name, path in pages if name != "shared"]
    overflowing = []
    viewport(browser, PHONE)
    try:
        for language in ("de", "fr", "zh-Hans", "qps-ploc"):
            if language == "qps-ploc":
                with open(preferences, "w") as file:
                    json.dump({**kept, "language": language}, file)
            else:
                browser.call("Emulation.setUserAgentOverride", userAgent=agent, acceptLanguage=language)
            for name, path in checked:
                browser.navigate(base + path)
                said = browser.evaluate("""({ lang: document.documentElement.lang,
                    wide: document.documentElement.scrollWidth - window.innerWidth,
                    over: Array.from(document.querySelectorAll('main *, header *')).filter(e => {
                        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1); })
                        .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + (e.textContent || '').trim().slice(0, 40)).slice(0, 3) })""")
                assert said["lang"] == language, f"{name} in {language}: lang={said['lang']}"
                if said["wide"] > 0 or said["over"]:
                    overflowing.append(f"{name} in {language}: {said['wide']} px too wide {said['over']}")
            if screenshots and language in ("de", "zh-Hans"):
                browser.navigate(base + dict(pages)["tag"])
                browser.screenshot(os.path.join(screenshots, f"serve-tag-{language}-phone.png"), *PHONE[:3])
    finally:
        with open(preferences, "w") as file:
            json.dump(kept, file)
        browser.call("Emulation.setUserAgentOverride", userAgent=agent, acceptLanguage="en-US")
    assert not overflowing, "wider than a phone: " + "; ".join(overflowing)
    return len(checked) * 4


def manifest(browser, base):
    browser.navigate(base + "/")
    result = browser.call("Page.getAppManifest")
    errors = result.get("errors", [])
    assert result.get("url", "").endswith("/manifest.webmanifest"), f"no manifest linked: {result.get('url')!r}"
    assert not errors, f"the manifest has errors: {errors}"
    data = json.loads(result["data"])
    assert data["display"] == "standalone" and data["start_url"] == "/", data
    sizes = {icon["sizes"]: icon for icon in data["icons"]}
    assert "192x192" in sizes and "512x512" in sizes and any(i["purpose"] == "maskable" for i in data["icons"]), data["icons"]
    checked = browser.evaluate("""Promise.all(%s.map(src => fetch(src).then(r => r.blob()).then(b => createImageBitmap(b))
        .then(i => i.width + 'x' + i.height)))""" % json.dumps([i["src"] for i in data["icons"]] + ["/icons/apple-touch-icon.png"]))
    for icon, drawn in zip(data["icons"], checked):
        assert icon["sizes"] == drawn, f"{icon['src']} is {drawn}, not {icon['sizes']}"
    assert checked[-1] == "180x180", checked
    theme = browser.evaluate("document.querySelector('meta[name=theme-color]').content")
    assert theme.lower() == data["theme_color"].lower(), (theme, data["theme_color"])
    return data, checked


def keyboard(browser, base, path):
    """Tabs through the page: every visible control must take the focus, with an outline."""
    viewport(browser, DESKTOP)
    browser.navigate(base + path)
    # A radio group is one stop (its arrow keys choose within it), as in every browser; what a
    # closed disclosure holds is reached by opening it from its summary.
    controls = """Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary'))
        .filter(e => !e.disabled && e.getClientRects().length > 0 && e.type !== 'hidden')
        .filter(e => e.tagName === 'SUMMARY' || !e.closest('details:not([open])'))
        .filter((e, i, all) => e.type !== 'radio' || all.findIndex(o => o.type === 'radio' && o.name === e.name) === i)"""
    wanted = browser.evaluate(controls + ".length")
    browser.evaluate("window.__reached = new Set(); document.addEventListener('focusin', e => window.__reached.add(e.target), true); true")
    outlines = set()
    for _ in range(wanted + 5):
        for kind in ("keyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", type=kind, key="Tab", code="Tab", windowsVirtualKeyCode=9)
        focused = browser.evaluate("""(() => { const e = document.activeElement; if (!e || e === document.body) return null;
            const style = getComputedStyle(e); return [e.outerHTML.slice(0, 120), style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0]; })()""")
        if focused and not focused[1]:
            outlines.add(focused[0])
    missed = browser.evaluate(controls + ".filter(e => !(e.type === 'radio' ? Array.from(window.__reached).some(r => r.name === e.name) : window.__reached.has(e))).map(e => e.outerHTML.slice(0, 100))")
    assert not missed, f"{path}: not reached by Tab: {missed}"
    assert not outlines, f"{path}: no visible focus on {sorted(outlines)[:3]}"
    return wanted


def axe(browser, base, pages, source, binary, home, screenshots):
    """axe-core on every page, by day and night, at both widths; returns the serious and
    critical violations found (none is the bar) and how many runs there were."""
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    found = []
    runs = 0
    for night in (False, True):
        booktag(binary, home, "night", "on" if night else "off")
        for name, path in pages:
            for size in (PHONE, DESKTOP):
                viewport(browser, size)
                browser.navigate(base + path)
                browser.wait_for("Array.from(document.images).every(i => i.complete || i.loading === 'lazy')")
                browser.evaluate(source + "\n;true")
                result = browser.evaluate("""axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations
                    .filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3) })))""")
                runs += 1
                for violation in result:
                    found.append(f"{name} {'night' if night else 'day'} {size[3]}: {violation['id']} ({violation['impact']}) at {violation['nodes']}")
                if screenshots and name in ("import", "tag"):
                    os.makedirs(screenshots, exist_ok=True)
                    if name == "tag":
                        browser.evaluate("document.querySelector('section.stats').scrollIntoView()")
                        browser.screenshot(os.path.join(screenshots, f"serve-year-{'night' if night else 'day'}-{size[3]}.png"),
                                           size[0], size[1], size[2])
                        browser.evaluate("document.querySelector('section.share').scrollIntoView()")
                    browser.screenshot(os.path.join(screenshots, f"serve-{'share' if name == 'tag' else name}-{'night' if night else 'day'}-{size[3]}.png"),
                                       size[0], size[1], size[2])
    booktag(binary, home, "night", "off")
    return found, runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", required=True)
    parser.add_argument("--booktag", required=True)
    parser.add_argument("--home", required=True)
    parser.add_argument("--export", required=True, help="a StoryGraph export whose 2024 reads the server's Open Library knows")
    parser.add_argument("--tag", default="read 2024")
    parser.add_argument("--axe", required=True, help="axe.min.js")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    base = arguments.address.split("/?")[0]
    downloads = tempfile.mkdtemp(prefix="booktag-downloads-")
    browser = Browser(arguments.chromium)
    try:
        browser.navigate(arguments.address)  # the token becomes the cookie
        viewport(browser, PHONE)
        covers, lines = import_from_the_page(browser, base, arguments.export, arguments.tag)
        print(f"import from the page: passed ({covers} covers; progress {len(lines)} lines, last {lines[-1]!r})", flush=True)
        tag_path = browser.evaluate("location.pathname")
        calendar = browser.evaluate("""(() => { const svg = Array.from(document.querySelectorAll('figure.calendar svg[role=img]'))
                .find(s => getComputedStyle(s).display !== 'none');
            return svg ? { name: svg.getAttribute('aria-label'), caption: document.querySelector('figure.calendar figcaption').textContent,
                           days: svg.querySelectorAll('rect.day').length, reading: svg.querySelectorAll('rect.day:not(.l0)').length } : null; })()""")
        assert calendar and calendar["name"] == calendar["caption"] and "reading on" in calendar["name"], f"the calendar: {calendar}"
        assert calendar["days"] == 366 and calendar["reading"] > 0, f"the calendar's days: {calendar}"
        print(f"calendar: passed ({calendar['name']!r}, {calendar['reading']} days shaded)", flush=True)
        print(f"share: passed ({share(browser, base, tag_path, downloads)})", flush=True)
        data, icons = manifest(browser, base)
        print(f"manifest: passed (no errors; icons {', '.join(icons)}; theme {data['theme_color']})", flush=True)
        link, seen = share_link(browser, base, tag_path, arguments.address)
        print(f"share link: passed ({seen})", flush=True)
        book = browser.evaluate(f"fetch('/api{tag_path}').then(r => r.json()).then(b => '/books/' + b[0].source + '/' + b[0].id)")
        pages = [("tags", "/"), ("tag", tag_path), ("book", book), ("import", "/import"), ("shared", link[len(base):]),
                 ("error", "/tags/no%20such%20tag")]
        reached = {name: keyboard(browser, base, path) for name, path in pages}
        print(f"keyboard: passed (every control reached by Tab with a visible focus: {reached})", flush=True)
        with open(arguments.axe, encoding="utf-8") as file:
            source = file.read()
        version = re.search(r"axe v([0-9.]+)", source[:200]).group(1)
        violations, runs = axe(browser, base, pages, source, arguments.booktag, arguments.home, arguments.screenshots)
        print(f"FIGURE: axe-core {version}: {len(violations)} serious or critical violations over {runs} runs "
              f"({len(pages)} pages x day/night x 390/1280 px)", flush=True)
        if violations:
            print("violations:\n" + "\n".join(violations), file=sys.stderr)
            return 1
        checked = languages(browser, base, pages, arguments.home, arguments.screenshots)
        print(f"languages: passed ({checked} pages in de, fr, zh-Hans and the pseudo-language at 390 px, none wider)", flush=True)
        stop_sharing(browser, base, tag_path, link)
        print("stop sharing: passed (the link and its poster 404 at once)", flush=True)
        browser.call("Runtime.evaluate", expression="1")
        # The error page answers 404 on purpose; Chromium logs that status for the document.
        browser.errors = [e for e in browser.errors if not (e.startswith("log: Failed to load resource") and e.endswith(pages[-1][1]))]
        return browser.judge_console()
    except (RuntimeError, AssertionError, KeyError) as error:
        print(f"reader's flow failed: {error!r}", file=sys.stderr)
        if browser.errors:
            print("console errors:\n" + "\n".join(browser.errors), file=sys.stderr)
        return 1
    finally:
        browser.close()
        shutil.rmtree(downloads, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
