import BookTag
import Foundation

/// The one style sheet and the one script the pages load (no inline script or style), served
/// with an ETag of this build, cached for good.
enum ServeAssets {
    /// The day theme's secondary text is 4.0:1 on its tiles, under WCAG's 4.5:1 for text (axe's
    /// color-contrast): the pages darken it to 5.1:1 on tiles, 6.5:1 on the paper. The collages
    /// keep the theme's, drawn large on the paper alone.
    static let dayMutedOnTiles = "#5c5549"

    static let css: String = {
        let day = CollageTheme.day
        let night = CollageTheme.night
        return """
            :root { --background: \(day.background.hex); --text: \(day.text.hex); --muted: \(Self.dayMutedOnTiles); --tile: \(day.tile.hex); --accent: \(day.accent.hex); --alert: #b3261e; --alert-text: #ffffff; }
            html.night { --background: \(night.background.hex); --text: \(night.text.hex); --muted: \(night.secondaryText.hex); --tile: \(night.tile.hex); --accent: \(night.accent.hex); --alert: #f2b8b5; --alert-text: #601410; }
            * { box-sizing: border-box; }
            body { margin: 0; background: var(--background); color: var(--text); font: 16px/1.5 system-ui, sans-serif; }
            a { color: var(--accent); }
            main { padding: 12px 16px 48px; max-width: 1100px; margin: 0 auto; }
            .bar { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; padding: 8px 16px; border-bottom: 2px solid var(--accent); }
            .language-switch { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: 14px; max-width: 100%; }
            .language-switch select { min-width: 0; max-width: 12em; }
            .bar .home { font-weight: 700; font-size: 20px; text-decoration: none; color: var(--text); }
            button, select, input { font: inherit; color: var(--text); background: var(--tile); border: 1px solid var(--muted); border-radius: 8px; padding: 8px 12px; min-height: 44px; }
            button { cursor: pointer; }
            button:disabled { opacity: 0.5; cursor: default; }
            button.danger { background: var(--alert); color: var(--alert-text); border-color: var(--alert); }
            :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
            h1 { margin: 8px 0; font-size: 28px; overflow-wrap: anywhere; }
            h2 { font-size: 20px; margin: 0 0 8px; }
            .facts { color: var(--muted); margin: 4px 0; }
            .reading progress { display: block; width: 100%; height: 8px; accent-color: var(--accent); }
            .alert { background: var(--alert); color: var(--alert-text); padding: 12px 16px; border-radius: 8px; }
            form.add { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; background: var(--tile); padding: 16px; border-radius: 12px; margin-bottom: 24px; }
            form.add input, form.add select { max-width: 100%; min-width: 0; }
            form.add input[type=radio], form.drop input[type=checkbox], form.download input[type=checkbox] { min-height: 0; }
            fieldset { border: 1px solid var(--muted); border-radius: 8px; display: grid; gap: 4px; }
            .row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; }
            ul.tags { list-style: none; padding: 0; display: grid; gap: 12px; }
            ul.tags li { background: var(--tile); border-radius: 12px; padding: 12px; }
            a.tag { display: flex; gap: 12px; align-items: center; text-decoration: none; color: var(--text); font-size: 20px; font-weight: 600; overflow-wrap: anywhere; }
            .strip { display: flex; gap: 2px; flex: none; }
            .strip img { width: 40px; height: 60px; object-fit: cover; border-radius: 3px; background: var(--background); }
            details.delete summary { cursor: pointer; color: var(--muted); min-height: 44px; padding-top: 10px; }
            .actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 16px 0; }
            .download { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
            .share { margin: 16px 0; }
            [hidden] { display: none !important; }
            .made ul, .import-link { margin: 8px 0 16px; }
            ul.collage { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: 16px; }
            ul.collage li { display: flex; flex-direction: column; }
            ul.collage img { width: 100%; aspect-ratio: 2 / 3; object-fit: contain; background: var(--tile); border-radius: 6px; }
            ul.collage .title { margin: 6px 0 0; font-weight: 600; overflow-wrap: anywhere; }
            ul.collage .title a { color: var(--text); text-decoration: none; }
            figure.poster { margin: 16px 0; }
            figure.poster img { display: block; max-width: min(100%, 360px); height: auto; border-radius: 8px; }
            .share-link input { display: block; width: 100%; max-width: 40em; margin: 4px 0 8px; }
            footer.shared { padding: 0 16px 24px; }
            progress.goal { display: block; width: 100%; max-width: 40em; height: 10px; accent-color: var(--accent); }
            form.goal { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
            form.goal input { width: 9em; }
            form.drop { display: flex; gap: 8px; align-items: center; margin-top: auto; font-size: 14px; }
            .stats { border-bottom: 2px solid var(--accent); padding-bottom: 12px; }
            .stats .headline { font-size: 22px; font-weight: 700; margin: 4px 0; }
            .charts { display: flex; flex-wrap: wrap; gap: 24px; }
            .charts figure { max-width: 100%; }
            .charts svg { max-width: 100%; height: auto; }
            figure { margin: 8px 0; }
            figcaption { color: var(--muted); font-size: 14px; }
            svg rect { fill: var(--accent); }
            svg text { fill: var(--text); font-size: 10px; text-anchor: middle; }
            svg text.label { fill: var(--muted); }
            \(CalendarSVG.style)
            .job { background: var(--tile); padding: 12px 16px; border-radius: 12px; }
            .job progress { width: 100%; height: 12px; accent-color: var(--accent); }
            .spinner { display: inline-block; width: 14px; height: 14px; border: 2px solid var(--muted); border-top-color: var(--accent); border-radius: 50%; animation: spin 1s linear infinite; vertical-align: -2px; }
            @keyframes spin { to { transform: rotate(360deg); } }
            @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
            article.book { display: grid; gap: 16px; }
            article.book img.cover { width: 200px; max-width: 60vw; border-radius: 6px; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
            dt { color: var(--muted); }
            dd { margin: 0; overflow-wrap: anywhere; }
            .description { max-width: 70ch; }
            @media (min-width: 700px) {
              ul.collage { grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); }
              article.book { grid-template-columns: 220px 1fr; }
              .row { grid-template-columns: auto 1fr auto 8em; align-items: center; }
            }

            """
    }()

    /// Live progress for a page that follows a job: the job's events move the bar and the line,
    /// and the page reloads when the job ends (without it, the page refreshes itself); and the
    /// tag page's Share button.
    static let script = """
        "use strict";
        (function () {
          var section = document.getElementById("job");
          if (section && window.EventSource) {
            var bar = document.getElementById("job-bar");
            var line = document.getElementById("job-line");
            var source = new EventSource(section.dataset.events);
            var show = function (event) {
              var data = JSON.parse(event.data);
              if (line && data.line) { line.textContent = data.line; }
              if (bar && data.wanted) { bar.max = data.wanted; bar.value = Math.min(data.found, data.wanted); }
            };
            ["page", "cover", "skipped", "wait", "retry", "import"].forEach(function (name) { source.addEventListener(name, show); });
            var end = function () { source.close(); window.location.reload(); };
            source.addEventListener("done", end);
            source.addEventListener("failed", end);
          } else if (document.querySelector(".busy")) {
            window.setTimeout(function () { window.location.reload(); }, 2000);
          }

          // Share: the image at the chosen preset handed to the system's share sheet as a file
          // where the browser can (a phone), downloaded where it cannot.
          var share = document.getElementById("share-button");
          if (share && window.fetch && window.File) {
            var form = share.form;
            var status = document.getElementById("share-status");
            share.hidden = false;
            share.addEventListener("click", function () {
              var params = new URLSearchParams();
              new FormData(form).forEach(function (value, key) { if (key !== "download") { params.append(key, value); } });
              var name = "booktag-" + (form.elements.size.value || "collage") + ".png";
              share.disabled = true;
              status.textContent = status.dataset.drawing;
              fetch(form.action + "?" + params.toString(), { credentials: "same-origin" }).then(function (response) {
                if (!response.ok) { return response.json().then(function (body) { throw new Error(body.error || response.statusText); }); }
                return response.blob();
              }).then(function (blob) {
                var file = new File([blob], name, { type: "image/png" });
                if (navigator.canShare && navigator.share && navigator.canShare({ files: [file] })) {
                  return navigator.share({ files: [file], title: document.title }).then(function () { status.textContent = status.dataset.shared; });
                }
                var link = document.createElement("a");
                link.href = URL.createObjectURL(blob);
                link.download = name;
                document.body.appendChild(link);
                link.click();
                link.remove();
                window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
                status.textContent = status.dataset.downloaded.replace("%s", name);
              }).catch(function (error) {
                status.textContent = error && error.name === "AbortError" ? status.dataset.notShared : status.dataset.failed.replace("%s", error && error.message);
              }).then(function () { share.disabled = false; });
            });
          }
        })();

        """
}

extension ServeAssets {
    /// FNV-1a of the text: changes when the asset does.
    static func etag(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
