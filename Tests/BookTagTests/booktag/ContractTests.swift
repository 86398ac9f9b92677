import Foundation
import Testing

@testable import booktag

/// `docs/contract.md` is what users rely on: it names every command, configuration key and exit
/// status the tool has, and its links inside the page lead somewhere.
struct ContractTests {
    static func contract() throws -> String {
        try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/contract.md"), encoding: .utf8)
    }

    @Test func everyCommandIsInTheCommandList() throws {
        let contract = try Self.contract()
        let names = BookTagCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(names.count == 18)
        for name in names {
            #expect(
                contract.contains("\n- `\(name) ") || contract.contains("\n- `\(name)`"), "the contract lacks `\(name)`"
            )
        }
    }

    /// The list's keys are config.example.json's, which booktag reads without an unknown-key warning.
    @Test func theConfigurationListIsTheExampleFilesKeys() throws {
        let example = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("config.example.json")))
                as? [String: Any])
        var keys: Set<String> = []
        for (key, value) in example {
            if let section = value as? [String: Any] {
                keys.formUnion(section.keys.map { "\(key).\($0)" })
            } else {
                keys.insert(key)
            }
        }
        let section = try Self.contract().components(separatedBy: "## Configuration")[1].components(
            separatedBy: "\n## ")[0]
        let documented = Set(section.matches(of: #/\n- `([a-z.A-Z]+)`: /#).map { String($0.1) })
        #expect(documented == keys)
    }

    @Test func everyExitStatusIsInTheList() throws {
        let contract = try Self.contract()
        for status in [0] + CommandFailure.Status.allCases.map(\.exitStatus) {
            #expect(contract.contains("\n- **\(status)** "), "the contract lacks exit status \(status)")
        }
    }

    /// `[…](#anchor)` leads to a heading of the page, as GitHub names headings.
    @Test func linksWithinThePageLeadToHeadings() throws {
        let contract = try Self.contract()
        let anchors = Set(
            contract.matches(of: /\n#+ (.+)/).map { heading in
                String(heading.1).lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
                    .replacingOccurrences(of: " ", with: "-")
            })
        let links = contract.matches(of: /\]\(#([^)]+)\)/).map { String($0.1) }
        #expect(!links.isEmpty)
        for link in links {
            #expect(anchors.contains(link), "#\(link) leads nowhere")
        }
    }
}
