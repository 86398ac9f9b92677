extension BookTagConfiguration {
    /// `serve.*`: the base path, checked as `--base-path` is, and the trusted proxies' addresses.
    static func read(_ settings: inout ServeSettings, _ value: Any, _ path: String, with reader: ConfigReader)
        throws(ConfigError)
    {
        try reader.section(value, at: path) { (key, value, path) throws(ConfigError) -> Bool in
            switch key {
            case "basePath":
                guard let base = ServeSettings.basePath(try reader.text(value, path)) else {
                    throw .invalidValue(
                        file: reader.file, key: path, expected: "a path such as \"/booktag\", without \"..\"")
                }
                settings.basePath = base
            case "trustedProxies":
                let texts = (value as? [Any])?.compactMap { $0 as? String }
                guard let texts, texts.count == (value as? [Any])?.count else {
                    throw .wrongType(file: reader.file, key: path, expected: "a list of addresses")
                }
                settings.trustedProxies = try texts.map { (text) throws(ConfigError) -> AddressRange in
                    guard let range = AddressRange(text) else {
                        throw .invalidValue(
                            file: reader.file, key: path,
                            expected: "IP addresses or ranges such as \"127.0.0.1\" or \"172.16.0.0/12\"")
                    }
                    return range
                }
            default: return false
            }
            return true
        }
    }
}
