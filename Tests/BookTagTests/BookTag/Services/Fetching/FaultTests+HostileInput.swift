import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

extension FaultTests {
    @Test(arguments: [
        "billion-laughs.xml", "quadratic-blowup.xml", "external-entity.xml", "external-dtd.xml", "parameter-entity.xml",
        "deep-nesting.xml", "invalid-utf8.xml",
    ])
    func hostileAnswersFailFastInBoundedMemoryWithoutLeaking(_ file: String) async throws {
        let marker = "BOOKTAG-E2E-MARKER-\(UUID().uuidString)"
        try marker.write(toFile: Self.markerPath, atomically: true, encoding: .utf8)
        let body = try Fixtures.data("hostile/\(file)")
        let server = try SyntheticGoodreads { request, _ in
            request.path == "/search/index.xml"
                ? LoopbackServer.Reply(headers: ["Content-Type": "application/xml"], body: body) : nil
        }
        let home = try Self.home(for: server)
        let measured = try await Self.timed(["add", "hostile", "--home", home.folder.path])
        #expect(measured.run.status == 76, "\(file): \(measured.run.status) \(measured.run.errors)")
        #expect(
            measured.run.errors.hasPrefix("error: ") && measured.run.errors.split(separator: "\n").count == 1,
            "\(file): \(measured.run.errors)")
        #expect(!measured.run.errors.contains(marker) && !measured.run.output.contains(marker))
        #expect(measured.seconds < 10, "\(file): \(measured.seconds) s")
        if let peak = measured.peakMegabytes {
            #expect(peak < 200, "\(file): \(peak) MB")
        }
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        Self.figure(
            String(
                format: "hostile %@: exit %d in %.3f s, peak %@", file, measured.run.status, measured.seconds,
                measured.peakMegabytes.map { String(format: "%.1f MB", $0) } ?? "not measured (no /usr/bin/time)"))
    }

    @Test func xssInEveryTextFieldRendersToInertHTML() async throws {
        var options = SyntheticGoodreads.Options()
        options.hostileText = Self.xss
        let server = try SyntheticGoodreads(options: options)
        let home = try Self.home(for: server)
        #expect(try await Self.booktag(["add", "xss"], home: home).status == 0)
        let first = try #require(try BookStore.open(home: home.home).books(of: TagName("xss")).first?.book.bookID)
        let shown = try await Self.booktag(["show", "--id", first.value], home: home)
        #expect(shown.status == 0 && !shown.output.contains("\u{1B}"))
        let made = try await Self.booktag(["collage", "xss", "--format", "html"], home: home)
        #expect(made.status == 0)
        let file = URL(fileURLWithPath: made.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"))
        let findings = HTMLAudit.scriptCapableMarkup(in: html)
        #expect(findings.isEmpty, "\(findings)")
        #expect(html.contains("&lt;script&gt;"), "the titles are there, escaped")
        Self.figure("xss: \(HTMLAudit.elementCount(in: html)) elements audited, \(findings.count) script-capable")

        guard let chromium = Chromium.available() else {
            Self.figure("xss: headless Chromium check skipped: \(Chromium.unavailableReason)")
            return
        }
        // A control page proves Chromium runs scripts here, so that silence means something.
        let control = home.folder.appendingPathComponent("control.html")
        try Data(
            "<html><head><title>t</title></head><body><script>document.title='PWN'+'ED-0'</script></body></html>".utf8
        ).write(to: control)
        #expect(
            try await chromium.dumpDOM(control).contains("PWNED-0"), "Chromium did not run the control page's script")
        let dom = try await chromium.dumpDOM(file)
        #expect(dom.contains("<main") && !dom.contains("PWNED-"), "a script ran in the collage page")
        Self.figure("xss: headless Chromium ran the control script and no script in the collage page")
    }
}
