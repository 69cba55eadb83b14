import Foundation
import Testing

/// `Fuzz/Package.swift` builds the main package's library folders again (under
/// the fuzzer's flags): each library it names is a symlink to that folder and
/// declares the same dependencies as in the main `Package.swift`.
@Suite struct FuzzPackageTests {
    static func libraries(_ manifest: String) throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: RepositoryTests.root + "/" + manifest, encoding: .utf8)
        let pattern = try Regex(#"\.(?:target|systemLibrary)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var libraries: [String: Set<String>] = [:]
        for match in text.matches(of: pattern) {
            let name = String(match.output[1].substring ?? "")
            let list = match.output[2].substring.map(String.init) ?? ""
            libraries[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty })
        }
        return libraries
    }

    @Test func everyLibraryOfTheFuzzPackageIsTheMainPackagesFolderWithItsDependencies() throws {
        let main = try Self.libraries("Package.swift")
        let fuzz = try Self.libraries("Fuzz/Package.swift")
        let shared = fuzz.keys.filter { main[$0] != nil }.sorted()
        #expect(shared.count >= 6, "the fuzz package builds the libraries the codecs and readers live in: \(shared)")
        for name in shared {
            #expect(fuzz[name] == main[name], "\(name): Fuzz/Package.swift declares \(fuzz[name]?.sorted() ?? []), Package.swift \(main[name]?.sorted() ?? [])")
            let link = RepositoryTests.root + "/Fuzz/Sources/" + name
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link)
            #expect(destination == "../../Sources/" + name, "\(link) points at \(destination)")
        }
    }
}
