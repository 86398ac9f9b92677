import ArgumentParser
import BookTagTestSupport
import Foundation
import Synchronization

/// `booktag-bench serve-load`: concurrent clients for `booktag serve`, each a thread with one
/// kept-alive connection and blocking sockets, so that the clients cost the shared cores as
/// little as a client can (Benchmarks/serve.py's Python clients cost more than the server).
struct ServeLoad: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-load", abstract: "Concurrent GETs against booktag serve; prints one JSON document.")

    @Option(help: "The port on 127.0.0.1.") var port: Int
    @Option(help: "The access token.") var token: String
    @Option(help: "Paths asked in turn, comma-separated.") var paths: String
    @Option(help: "Clients at once.") var clients = 8
    @Option(help: "For how long.") var seconds: Double = 20

    struct Report: Encodable {
        let requests: Int
        let errors: [String]
        let seconds: Double
        let wallMilliseconds: [Double]
        let serverMilliseconds: [Double]
    }

    func run() throws {
        let paths = self.paths.split(separator: ",").map(String.init)
        let results = Mutex<[(wall: [Double], server: [Double], errors: [String])]>([])
        let deadline = Date().addingTimeInterval(seconds)
        let started = ContinuousClock.now
        let threads = (0..<clients).map { number in
            Thread { [port, token] in
                let outcome = Self.client(port: port, token: token, paths: paths, first: number) { Date() < deadline }
                results.withLock { $0.append(outcome) }
            }
        }
        for thread in threads { thread.start() }
        while results.withLock({ $0.count }) < clients { usleep(10_000) }
        let elapsed = ContinuousClock.now - started
        let all = results.withLock { $0 }
        let wall = all.flatMap(\.wall)
        let server = all.flatMap(\.server)
        let report = Report(
            requests: wall.count, errors: all.flatMap(\.errors),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            wallMilliseconds: [Self.percentile(wall, 0.5), Self.percentile(wall, 0.99)],
            serverMilliseconds: [Self.percentile(server, 0.5), Self.percentile(server, 0.99)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count - 1)).rounded()))]
    }

    /// Requests `paths` in turn on one kept-alive connection for as long as `keepGoing` says.
    static func client(port: Int, token: String, paths: [String], first: Int, while keepGoing: () -> Bool) -> (
        wall: [Double], server: [Double], errors: [String]
    ) {
        var wall: [Double] = []
        var server: [Double] = []
        var errors: [String] = []
        var socket = connect(port: port)
        var index = first
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while keepGoing() {
            let path = paths[index % paths.count]
            index += 1
            let request = Array(
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
            let started = ContinuousClock.now
            guard socket >= 0, send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count,
                let (status, timing) = readResponse(socket, &buffer)
            else {
                errors.append("\(path): connection failed")
                close(socket)
                socket = connect(port: port)
                continue
            }
            let elapsed = ContinuousClock.now - started
            wall.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            server.append(timing)
            if status != 200 { errors.append("\(path): \(status)") }
        }
        close(socket)
        return (wall, server, errors)
    }

    static func connect(port: Int) -> Int32 {
        (try? RawHTTP.connect(port: port, noDelay: true)) ?? -1
    }

    /// The status and the `Server-Timing` duration of one response read whole (Content-Length
    /// or chunked), or nil if the connection failed.
    static func readResponse(_ socket: Int32, _ buffer: inout [UInt8]) -> (Int, Double)? {
        var data: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            let read = recv(socket, &buffer, buffer.count, 0)
            guard read > 0 else { return nil }
            data += buffer[0..<read]
            headerEnd = find([13, 10, 13, 10], in: data)
        }
        let head = String(decoding: data[0..<headerEnd!], as: UTF8.self).lowercased()
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let timing =
            head.components(separatedBy: "server-timing: app;dur=").dropFirst().first.flatMap {
                Double($0.prefix { $0 == "." || $0.isNumber })
            } ?? 0
        var body = Array(data[(headerEnd! + 4)...])
        if let line = head.components(separatedBy: "content-length: ").dropFirst().first,
            let length = Int(line.prefix { $0.isNumber })
        {
            while body.count < length {
                let read = recv(socket, &buffer, buffer.count, 0)
                guard read > 0 else { return nil }
                body += buffer[0..<read]
            }
        } else if head.contains("transfer-encoding: chunked") {
            while find([48, 13, 10, 13, 10], in: body) == nil {  // "0\r\n\r\n"
                let read = recv(socket, &buffer, buffer.count, 0)
                guard read > 0 else { return nil }
                body += buffer[0..<read]
            }
        }
        return (status, timing)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }
}
