import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// The e-readers that sync into `booktag serve`: KOReader's statistics (WebDAV) and its
    /// progress sync, each device with a name and a password of its own.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "devices",
            abstract: "Add, list or remove the e-readers that sync into 'booktag serve'.",
            discussion: """
                A device logs in to serve with its name and a password made by 'devices add', shown \
                once and kept only as a salted hash. In KOReader, add a WebDAV cloud with the address \
                http://HOST:PORT/dav/ (under a base path, http://HOST:PORT/BASE/dav/) for the \
                statistics' Cloud sync, and set the progress sync's custom server to \
                http://HOST:PORT/kosync, with the device's name and password. Prefer HTTPS through \
                a reverse proxy (see the README). Removing a device revokes it at once; the \
                readings it sent stay.

                Examples:
                  booktag devices add kobo
                  booktag devices list
                  booktag devices remove kobo
                """,
            subcommands: [Add.self, List.self, Remove.self]
        )

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add", abstract: "Add a device and print its new password (shown once).")

            @OptionGroup var global: GlobalOptions
            @Argument(help: "The device's name, also its user name: letters, digits, '-', '_' or '.'.")
            var name: String
            @Flag(help: "Print one JSON document: {\"name\", \"password\"}.") var json = false

            func run() throws {
                let session = Session(global)
                let (device, password) = try DeviceRegistry(store: try session.openStore()).add(name)
                if json {
                    try JSONOutput.print(["name": device.name, "password": password])
                } else {
                    print("device: \(device.name)")
                    print("user name: \(device.name)")
                    print("password: \(password)")
                    session.reporter.note(
                        "the password is shown this once: type it into KOReader now ('devices remove' and 'add' make a new one)"
                    )
                }
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List the devices and when each last synced.")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print one JSON document.") var json = false

            func run() throws {
                let session = Session(global)
                let devices = try DeviceRegistry(store: try session.openStore()).list()
                if json {
                    try JSONOutput.print(devices.map(DeviceJSON.init))
                    return
                }
                guard !devices.isEmpty else {
                    session.reporter.note("no devices yet: 'booktag devices add NAME' adds one")
                    return
                }
                let rows = devices.map { device in
                    [
                        device.name, LocalTimestamp.string(from: device.createdAt),
                        device.lastSyncAt.map(LocalTimestamp.string(from:)) ?? "never",
                    ]
                }
                let table = TextTable(headers: ["DEVICE", "ADDED", "LAST SYNC"], rows: rows, flexibleColumns: [0])
                print(table.render(width: Terminal.width, palette: session.palette))
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Revoke a device at once; the readings it sent stay.")

            @OptionGroup var global: GlobalOptions
            @Argument(help: "The device's name.") var name: String

            func run() throws {
                let session = Session(global)
                try DeviceRegistry(store: try session.openStore()).remove(name)
                session.reporter.note("removed the device \(Terminal.safe(name)): it can no longer sync")
            }
        }
    }
}

/// A device as `devices list --json` prints it.
struct DeviceJSON: Encodable {
    var name: String
    var createdAt: String
    var lastSyncAt: String?

    init(_ device: Device) {
        name = device.name
        createdAt = ISO8601DateFormatter().string(from: device.createdAt)
        lastSyncAt = device.lastSyncAt.map { ISO8601DateFormatter().string(from: $0) }
    }
}
