import MizanFormats

/// A command's arguments, read one by one: flags with values, bare flags, and
/// positionals. Anything left unread is an error, so an unknown option never
/// passes silently.
struct Arguments {
    private var items: [String]
    let command: String

    init(command: String, _ items: [String]) {
        self.command = command
        self.items = items
    }

    var wantsHelp: Bool { items.contains("--help") || items.contains("-h") }

    /// The value after `name`, if the flag is present.
    mutating func value(_ name: String) throws(UsageError) -> String? {
        guard let index = items.firstIndex(of: name) else { return nil }
        guard index + 1 < items.count, !items[index + 1].hasPrefix("--") else {
            throw UsageError("\(command): \(name) needs a value")
        }
        let value = items[index + 1]
        items.removeSubrange(index...(index + 1))
        try once(name)
        return value
    }

    /// A folder option's value, without the slashes it ends with (`out/` is `out`, so that the
    /// paths made from it read `out/summary.json`); `/` stays `/`.
    mutating func folder(_ name: String) throws(UsageError) -> String? {
        guard var path = try value(name) else { return nil }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Every value of a repeatable option (`--family A --family B`), in order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        while let index = items.firstIndex(of: name) {
            guard index + 1 < items.count, !items[index + 1].hasPrefix("--") else {
                throw UsageError("\(command): \(name) needs a value")
            }
            values.append(items[index + 1])
            items.removeSubrange(index...(index + 1))
        }
        return values
    }

    mutating func flag(_ name: String) throws(UsageError) -> Bool {
        guard let index = items.firstIndex(of: name) else { return false }
        items.remove(at: index)
        try once(name)
        return true
    }

    /// An option read must not be left over: given twice, it is an error that says so.
    private func once(_ name: String) throws(UsageError) {
        if items.contains(name) { throw UsageError("\(command): \(name) is given twice; give it once") }
    }

    mutating func integer<T: FixedWidthInteger>(_ name: String, in range: ClosedRange<T>) throws(UsageError) -> T? {
        guard let text = try value(name) else { return nil }
        guard let number = T(text), range.contains(number) else {
            throw UsageError("\(command): \(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = DecimalNumber.read(text), range.contains(number) else {
            throw UsageError("\(command): \(name) expects a number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// The next positional argument, if any.
    mutating func positional() -> String? {
        guard let index = items.firstIndex(where: { !$0.hasPrefix("-") }) else { return nil }
        return items.remove(at: index)
    }

    /// Fails on anything not read. An option of the command's that another
    /// mode or setting takes (`elsewhere`: the option, and who takes it) is
    /// named as such, not as unknown; an unexpected argument gets `hint`'s advice, if any.
    func finish(elsewhere: [(option: String, takenBy: String)] = [], unexpected hint: (String) -> String? = { _ in nil }) throws(UsageError) {
        guard let first = items.first else { return }
        if let other = elsewhere.first(where: { $0.option == first }) {
            throw UsageError("\(command): \(first) is taken by \(other.takenBy), not here")
        }
        if first.hasPrefix("-") { throw UsageError("\(command): unknown option '\(first)'") }
        throw UsageError("\(command): unexpected argument '\(first)'" + (hint(first).map { "; " + $0 } ?? ""))
    }
}

/// A mistake in how a command was called: printed with the command's usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
