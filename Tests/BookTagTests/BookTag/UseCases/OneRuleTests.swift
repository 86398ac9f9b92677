import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe
@testable import booktag

/// Every rule is defined once, in the library, and both faces refuse the same bad request with
/// the same words: the command line as one `error:` line and its exit status, serve's API as
/// `{"error"}` and its HTTP status. Each case runs the built booktag and the API in process.
@Suite struct OneRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let arguments: [String]
        let method: HTTPRequest.Method
        let uri: String
        let body: String?
        let exitStatus: Int32
        let httpStatus: HTTPResponse.Status
        /// What the library advises, which each face words its own way.
        var advice: Advice? = nil
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(
            rule: "count range", arguments: ["add", "t", "--count", "0"], method: .post, uri: "/api/tags",
            body: #"{"tag":"t","count":0}"#, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "count range, above", arguments: ["add", "t", "--count", "101"], method: .post, uri: "/api/tags",
            body: #"{"tag":"t","count":101}"#, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "a year needs a shelf", arguments: ["add", "t", "--year", "2025"], method: .post, uri: "/api/tags",
            body: #"{"tag":"t","year":2025}"#, exitStatus: 64, httpStatus: .badRequest,
            advice: .importTheExportForTheYear),
        Case(
            rule: "a four-digit year", arguments: ["add", "t", "--shelf", "12345", "--year", "99"], method: .post,
            uri: "/api/tags", body: #"{"tag":"t","shelf":"12345","year":99}"#, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "an Open Library reading-log shelf",
            arguments: ["add", "t", "--shelf", "12345/read", "--source", "openlibrary"], method: .post,
            uri: "/api/tags", body: #"{"tag":"t","shelf":"12345/read","source":"openlibrary"}"#, exitStatus: 64,
            httpStatus: .badRequest),
        Case(
            rule: "a shelf reference", arguments: ["add", "t", "--shelf", "robin"], method: .post, uri: "/api/tags",
            body: #"{"tag":"t","shelf":"robin"}"#, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "a tag name", arguments: ["add", " "], method: .post, uri: "/api/tags", body: #"{"tag":" "}"#,
            exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "drop names a book", arguments: ["drop", "t"], method: .post, uri: "/api/tags/t/drop",
            body: #"{"books":[]}"#, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "drop at most 100", arguments: ["drop", "t"] + (1...101).map(String.init), method: .post,
            uri: "/api/tags/t/drop",
            body: #"{"books":[\#((1...101).map { "\"\($0)\"" }.joined(separator: ","))]}"#, exitStatus: 64,
            httpStatus: .badRequest),
        Case(
            rule: "columns range", arguments: ["collage", "t", "--columns", "0"], method: .get,
            uri: "/api/tags/t/collage.png?columns=0", body: nil, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "title or no title", arguments: ["collage", "t", "--title", "x", "--no-title"], method: .get,
            uri: "/api/tags/t/collage.png?title=x&no-title=1", body: nil, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "a size", arguments: ["collage", "t", "--size", "huge"], method: .get,
            uri: "/api/tags/t/collage.png?size=huge", body: nil, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "a colour", arguments: ["collage", "t", "--background", "nocolour"], method: .get,
            uri: "/api/tags/t/collage.png?background=nocolour", body: nil, exitStatus: 64, httpStatus: .badRequest),
        Case(
            rule: "an unknown tag", arguments: ["books", "nope"], method: .get, uri: "/api/tags/nope", body: nil,
            exitStatus: 66, httpStatus: .notFound,
            advice: .listTheTags),
    ]

    @Test(arguments: cases)
    func bothFacesRefuseWithTheSameWords(_ rule: Case) async throws {
        let home = try TemporaryHome()
        let run = try await BooktagProcess.run(
            rule.arguments + ["--home", home.folder.path, "--replay", Fixtures.openLibraryReplay.path])
        #expect(run.status == rule.exitStatus, "\(run.errors)")
        let errorLines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        try #require(errorLines.count == 1, "\(run.errors)")

        let workspace = Workspace(
            home: home.home, requests: .replay(Fixtures.openLibraryReplay),
            network: { _ in throw FetchError.cannotReach(host: "the network, which these tests never use") })
        let router = ServeRoutes.buildRouter(
            access: ServeAccess(host: "127.0.0.1", port: 80, token: ServeRouteTests.token), workspace: workspace,
            store: try workspace.openStore(), jobs: JobRegistry())
        let answer = try await Application(router: router).test(.router) { client in
            try await client.execute(
                uri: rule.uri, method: rule.method, headers: ServeRouteTests.jsonHeaders,
                body: rule.body.map { ByteBuffer(string: $0) })
        }
        #expect(answer.status == rule.httpStatus)
        let message = try #require(try ServeRouteTests.json(answer)["error"] as? String)
        // The library's words are the same on both; each face then words the advice its own way
        // (and a usage error on the command line adds where to read more).
        let formWords = rule.advice?.formWords ?? ""
        let commandLineWords = rule.advice?.commandLineWords ?? ""
        #expect(message.hasSuffix(formWords), "API: \(message)")
        let libraryWords = String(message.dropLast(formWords.count))
        #expect(
            errorLines[0].hasPrefix("error: \(libraryWords)\(commandLineWords)"),
            "CLI: \(errorLines[0])\nAPI: \(message)")
        #expect(
            !libraryWords.contains("--") && !libraryWords.contains("booktag "),
            "the library's words name no option or command: \(libraryWords)")
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }
}
