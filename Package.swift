// swift-tools-version: 6.0
import PackageDescription

// Mizan Floor: a deterministic simulator of a crowded shop floor running the
// Mizan BLE payment protocol. Modules follow docs/architecture.md §8; each imports
// only what is below it.
let package = Package(
    name: "MizanFloor",
    products: [
        .executable(name: "mizan", targets: ["mizan"]),
        .executable(name: "mizan-bench", targets: ["mizan-bench"]),
        // Floors written in Swift: tills and phones as actors, people as processes on virtual time.
        .library(name: "MizanFloor", targets: ["MizanFloor"]),
        .executable(name: "floor-examples", targets: ["FloorExamples"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .target(name: "MizanCrypto", dependencies: ["CSodium"]),
        // Pure: the Swift standard library only.
        .target(name: "MizanProtocol"),
        // Where things are: positions on the floor, in metres.
        .target(name: "MizanGeometry"),
        // Nearest-till selection: the strategies (strongest, mean, median, Kalman, hysteresis, confident, position on a radio map), the radio map and the calibration fit.
        .target(name: "MizanSelection", dependencies: ["MizanProtocol", "MizanGeometry"]),
        .target(name: "MizanRuntime", dependencies: ["MizanProtocol", "MizanCrypto", "MizanTime"]),
        // Virtual time: the run's executor and loop, the virtual clock and its timer queue, seeded random streams.
        .target(name: "MizanTime"),
        // The simulated radio: the medium, advertising and scanning on the signal model, the link layers, faults.
        .target(name: "MizanRadio", dependencies: ["MizanTime", "MizanRuntime", "MizanProtocol", "MizanGeometry"]),
        // The floor: tills and phones as actors, persons, the ledger and its metrics, floor events.
        .target(name: "MizanSim", dependencies: ["MizanRadio", "MizanTime", "MizanRuntime", "MizanProtocol", "MizanCrypto", "MizanGeometry", "MizanSelection"]),
        // File formats and outputs: JSON, text files, CSV, SVG, floor and sweep
        // files, strategy specs, transactions and summary files.
        // PageAssets embeds the report page's HTML, script and style (Report/Page) at build time.
        .target(name: "MizanFormats", dependencies: ["MizanSim", "MizanProtocol", "MizanRadio", "MizanTime", "MizanGeometry", "MizanSelection"],
            exclude: ["Report/Page"], plugins: ["PageAssets"]),
        // Nearest-till selection on simulated and recorded RSSI: trace format,
        // Danis importer, calibration, experiments.
        .target(name: "MizanRecordings", dependencies: ["MizanFormats", "MizanSim", "MizanProtocol", "MizanRadio", "MizanTime", "MizanGeometry", "MizanSelection"]),
        // Rehearsal lanes against a scripted peer, the log audit, transcripts, regressions.
        .target(name: "MizanRehearsal", dependencies: ["MizanFormats", "MizanSim", "MizanRuntime", "MizanProtocol", "MizanCrypto", "MizanRadio", "MizanTime", "MizanSelection"]),
        // The library for writing floors in Swift (re-exports MizanSim and MizanProtocol).
        .target(name: "MizanFloor", dependencies: ["MizanSim", "MizanProtocol", "MizanRadio", "MizanTime", "MizanFormats", "MizanGeometry", "MizanSelection"]),
        // Two custom floors written with MizanFloor (tested in Tests/FloorExamplesTests).
        .executableTarget(name: "FloorExamples", dependencies: ["MizanFloor"], path: "examples/FloorExamples"),
        // SourceDigest gives it the digest of the sources it was built from (the `build` a sweep and a run folder record).
        .executableTarget(name: "mizan", dependencies: ["MizanRecordings", "MizanRehearsal", "MizanFormats", "MizanSim", "MizanProtocol", "MizanRadio", "MizanTime", "MizanSelection"],
            plugins: ["SourceDigest"]
        ),
        .executableTarget(name: "mizan-bench", dependencies: ["MizanSim", "MizanProtocol", "MizanCrypto", "MizanRadio", "MizanGeometry", "MizanTime", "MizanFormats"],
            path: "Benchmarks/mizan-bench"
        ),
        // The digest of the package's sources, computed at build time for mizan.
        .plugin(name: "SourceDigest", capability: .buildTool(), dependencies: ["SourceDigestTool"]),
        .executableTarget(name: "SourceDigestTool", path: "Plugins/SourceDigestTool"),
        // The report page's files, embedded at build time in MizanFormats.
        .plugin(name: "PageAssets", capability: .buildTool(), dependencies: ["PageAssetsTool"]),
        .executableTarget(name: "PageAssetsTool", path: "Plugins/PageAssetsTool"),
        // Test doubles: radios that fail loudly, a loopback link between two drivers. In no product.
        .target(name: "MizanTestSupport", dependencies: ["MizanRuntime", "MizanProtocol"], path: "Tests/MizanTestSupport"),
        .testTarget(
            name: "MizanCryptoTests",
            dependencies: ["MizanCrypto"],
            exclude: ["Resources/wycheproof/LICENSE", "Resources/wycheproof/SOURCE.txt"],
            resources: [
                .copy("Resources/wycheproof/x25519_test.json"),
                .copy("Resources/wycheproof/xchacha20_poly1305_test.json"),
            ]
        ),
        .testTarget(name: "MizanProtocolTests", dependencies: ["MizanProtocol", "MizanSelection", "MizanTestSupport"]),
        .testTarget(name: "MizanSelectionTests", dependencies: ["MizanSelection", "MizanProtocol", "MizanGeometry", "MizanTestSupport"]),
        .testTarget(name: "MizanRuntimeTests", dependencies: ["MizanRuntime", "MizanProtocol", "MizanCrypto", "MizanTestSupport", "MizanSelection"]),
        .testTarget(name: "MizanSimTests", dependencies: ["MizanSim", "MizanFormats", "MizanRuntime", "MizanProtocol", "MizanRadio", "MizanTime", "MizanGeometry"]),
        .testTarget(name: "MizanFormatsTests", dependencies: ["MizanFormats", "MizanSim", "MizanRadio", "MizanProtocol", "MizanGeometry", "MizanCrypto", "MizanTime", "MizanTestSupport"]),
        .testTarget(name: "MizanRecordingsTests", dependencies: ["MizanRecordings", "MizanFormats", "MizanProtocol", "MizanSim", "MizanRadio", "MizanTime", "MizanGeometry", "MizanSelection"]),
        .testTarget(name: "MizanRehearsalTests", dependencies: ["MizanRehearsal", "MizanFormats", "MizanProtocol", "MizanCrypto"]),
        // The radio contract: the medium, the in-memory link and the loopback link behave alike.
        .testTarget(name: "RadioContractTests", dependencies: ["MizanSim", "MizanRuntime", "MizanProtocol", "MizanRadio", "MizanTime", "MizanTestSupport", "MizanGeometry"]),
        // The example floors' scenarios, and what a scenario may leave undone (a person waiting for ever) at the end of a run.
        .testTarget(name: "FloorExamplesTests", dependencies: ["FloorExamples", "MizanFloor"]),
        .testTarget(name: "mizanTests", dependencies: ["mizan", "mizan-bench", "MizanFormats", "MizanRecordings", "MizanRadio", "MizanGeometry", "MizanSim", "MizanTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
