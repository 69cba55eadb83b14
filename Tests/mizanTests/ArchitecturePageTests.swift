import Foundation
import Testing

/// docs/architecture.md §8 is the tree's map: its module table names every
/// target of `Package.swift` that is not a test, with the imports the manifest
/// declares, and every file its tables name exists.
@Suite struct ArchitecturePageTests {
    static func page() throws -> String {
        try String(contentsOfFile: RepositoryTests.root + "/docs/architecture.md", encoding: .utf8)
    }

    /// The rows of §8's module table: module and imports.
    static func moduleRows() throws -> [String: Set<String>] {
        let page = try page()
        let layout = try #require(page.range(of: "## 8. Layout")).upperBound
        let end = page.range(of: "### Where things live", range: layout..<page.endIndex)?.lowerBound ?? page.endIndex
        var rows: [String: Set<String>] = [:]
        for line in page[layout..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let imports = cells[3] == "-" ? [] : cells[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[name] = Set(imports)
        }
        return rows
    }

    @Test func theModuleTableListsEveryTargetThatIsNotATestWithItsDeclaredImports() throws {
        let rows = try Self.moduleRows()
        let manifest = try String(contentsOfFile: RepositoryTests.root + "/Package.swift", encoding: .utf8)
        let system = try Regex(#"\.systemLibrary\(\s*name:\s*"([^"]+)""#)
        var targets = try RepositoryTests.targets().filter { !$0.folder.hasPrefix("Tests/") || $0.name == "MizanTestSupport" }
            .reduce(into: [String: Set<String>]()) { $0[$1.name] = Set($1.dependencies.map { $0 == "mizan_bench" ? "mizan-bench" : $0 }) }
        for match in manifest.matches(of: system) { targets[String(match.output[1].substring ?? "")] = [] }
        #expect(targets.count >= 15)
        #expect(Set(rows.keys) == Set(targets.keys), "architecture.md lists \(rows.keys.sorted()), Package.swift declares \(targets.keys.sorted())")
        for (name, imports) in targets where rows[name] != nil {
            #expect(rows[name] == imports, "\(name): architecture.md says \(rows[name]?.sorted() ?? []), Package.swift \(imports.sorted())")
        }
    }

    @Test func everyFileThePageNamesExists() throws {
        let page = try Self.page()
        let cited = try Regex(#"`((?:Sources|Tests|Benchmarks|examples|Plugins)/[^`]+)`"#)
        let paths = page.matches(of: cited).map { String($0.output[1].substring ?? "") }
        #expect(paths.count >= 40, "the tables of where endings, radio behaviour and formats live")
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: RepositoryTests.root + "/" + path), "docs/architecture.md names \(path)")
        }
    }
}
