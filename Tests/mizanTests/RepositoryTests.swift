import Foundation
import Testing

/// The repository tells the truth about itself: `Package.swift` declares
/// exactly the project modules each target imports, and nothing the README,
/// `docs/` or the sources cite lies outside the repository.
@Suite struct RepositoryTests {
    static let root = DeployFilesTests.root
    static let toolchainModules: Set<String> = ["Foundation", "FoundationXML", "Glibc", "Darwin", "Musl", "Synchronization", "Dispatch", "Testing"]

    static func swiftFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(root + "/" + folder + "/" + path) }
        }
        return files.sorted()
    }

    /// Each target of Package.swift: name, declared dependencies, source folder.
    static func targets() throws -> [(name: String, dependencies: Set<String>, folder: String)] {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let pattern = try Regex(#"\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:,\s*path:\s*"([^"]+)")?"#)
        return manifest.matches(of: pattern).map { match in
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            let list = match.output[3].substring.map(String.init) ?? ""
            let dependencies = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty }
                .map { $0.replacingOccurrences(of: "-", with: "_") }) // a product "mizan-bench" is imported as mizan_bench
            let folder = match.output[4].substring.map(String.init) ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            return (name, dependencies, folder)
        }
    }

    @Test func everyTargetDeclaresExactlyTheProjectModulesItImports() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 10)
        let importLine = try Regex(#"(?m)^(?:@testable |@_exported |internal |public |package )?import (\w+)$"#)
        for target in targets {
            var imported = Set<String>()
            for file in Self.swiftFiles(under: target.folder) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for match in text.matches(of: importLine) { imported.insert(String(match.output[1].substring ?? "")) }
            }
            imported.subtract(Self.toolchainModules)
            #expect(imported == target.dependencies, "\(target.name): imports \(imported.sorted()), declares \(target.dependencies.sorted())")
        }
    }

    @Test func libsodiumIsAnInternalImportOfMizanCryptoAlone() throws {
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") + Self.swiftFiles(under: "Benchmarks") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasSuffix("import CSodium") {
                #expect(line == "internal import CSodium" && file.contains("/Sources/MizanCrypto/"), "\(file): \(line)")
            }
        }
    }

    /// Every construct the compiler cannot check stays in the files docs/DESIGN.md names for it, so
    /// that the table there is the whole audit: a new use elsewhere fails here until it is listed.
    @Test func everyUncheckedConstructStaysInTheFilesTheDesignNames() throws {
        let allowed: [(construct: String, files: Set<String>)] = [
            ("Unmanaged", ["Sources/MizanTime/Execution/Borrowed.swift"]),
            ("_withUnsafeGuaranteedRef", ["Sources/MizanTime/Execution/Borrowed.swift"]),
            ("unsafeBitCast", ["Sources/MizanSim/Floor/DeviceIsolation.swift", "Sources/MizanRadio/Signal/Cosine.swift"]),
            ("unsafeDowncast", ["Sources/MizanSim/Floor/DeviceIsolation.swift"]),
            ("@exclusivity(unchecked)", ["Sources/MizanRadio/Radio/Endpoints.swift", "Sources/MizanRadio/Radio/RadioMedium.swift",
                                         "Sources/MizanRadio/Radio/MediumTimers.swift", "Sources/MizanRadio/Radio/Listeners.swift", "Sources/MizanRadio/Radio/TillAudiences.swift",
                                         "Sources/MizanRadio/Radio/SignalAdvertising.swift", "Sources/MizanRadio/Radio/SimpleAdvertising.swift", "Sources/MizanRuntime/Drivers/DriverCore.swift",
                                         "Sources/MizanTime/Time/VirtualClock.swift", "Sources/MizanTime/Execution/SimulationExecutor.swift",
                                         "Sources/MizanSim/Floor/DeviceTimers.swift", "Sources/MizanSim/Floor/PersonTimers.swift",
                                         "Sources/MizanSim/Metrics/TransactionLedger.swift"]),
            ("unowned(unsafe)", []),
            ("nonisolated(unsafe)", []),
            ("@unchecked Sendable", ["Sources/MizanTime/Execution/RunConfined.swift", "Sources/MizanTime/Execution/SimulationExecutor.swift",
                                     "Sources/MizanTime/Time/VirtualClock.swift", "Sources/MizanCrypto/SecureBytes.swift"]),
        ]
        let design = try String(contentsOfFile: Self.root + "/docs/DESIGN.md", encoding: .utf8)
        // Each file stands in a row of the table whose first cell names the construct.
        let rows = design.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for (construct, files) in allowed {
            let named = rows.filter { $0.split(separator: "|").first?.contains(construct) == true }.joined(separator: "\n")
            for file in files { #expect(named.contains(file), "docs/DESIGN.md's rows for \(construct) do not name \(file)") }
        }
        var seen: [String: Set<String>] = [:]
        for file in Self.swiftFiles(under: "Sources") {
            let relative = String(file.dropFirst(Self.root.count + 1))
            let code = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for (construct, files) in allowed where code.contains(construct) {
                seen[construct, default: []].insert(relative)
                #expect(files.contains(relative), "\(relative) uses \(construct), which docs/DESIGN.md places elsewhere")
            }
            #expect(!code.contains(/\b(Till|Phone|HostDriver|PhoneDriver)!/), "\(relative): a device as an implicitly unwrapped optional")
        }
        // The list is not stale: each construct is still used where it is allowed.
        for (construct, files) in allowed { #expect(seen[construct, default: []] == files, "\(construct): used in \(seen[construct, default: []].sorted())") }
    }

    @Test func nothingCitedLiesOutsideTheRepository() throws {
        var files = Self.swiftFiles(under: "Sources") + [Self.root + "/README.md", Self.root + "/BENCHMARKS.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/docs").filter { $0.hasSuffix(".md") }
        files += docs.map { Self.root + "/docs/" + $0 }
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("../shared"), "\(file) cites ../shared")
        }
        for cited in ["data/rssi/danis/LICENSE.md", "data/rssi/danis/SOURCE.txt", "docs/radio.md", "docs/workloads.md", "docs/architecture.md", "docs/glossary.md", "docs/how-a-run-flows.md"] {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + cited), "\(cited)")
        }
    }
}
