// swift-tools-version: 6.0
import PackageDescription

// Mizan Floor: a deterministic simulator of a crowded shop floor running the
// Mizan BLE payment protocol. Modules follow ARCHITECTURE.md §8; each imports
// only what is below it.
let package = Package(
    name: "MizanFloor",
    products: [
        .executable(name: "mizan", targets: ["mizan"]),
        .executable(name: "mizan-bench", targets: ["mizan-bench"]),
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
        .target(name: "MizanRuntime", dependencies: ["MizanProtocol", "MizanCrypto"]),
        .target(name: "MizanSim", dependencies: ["MizanRuntime", "MizanProtocol", "MizanCrypto"]),
        // Nearest-till selection on simulated and recorded RSSI: trace format,
        // Danis importer, calibration, experiments.
        .target(name: "MizanSelection", dependencies: ["MizanSim", "MizanProtocol"]),
        // Rehearsal lanes against a scripted peer, the log audit, transcripts, regressions.
        .target(name: "MizanRehearsal", dependencies: ["MizanSim", "MizanRuntime", "MizanProtocol", "MizanCrypto"]),
        .executableTarget(
            name: "mizan",
            dependencies: ["MizanSelection", "MizanRehearsal", "MizanSim", "MizanRuntime", "MizanProtocol", "MizanCrypto"]
        ),
        .executableTarget(
            name: "mizan-bench",
            dependencies: ["MizanSim", "MizanCrypto"],
            path: "Benchmarks/mizan-bench"
        ),
        .testTarget(
            name: "MizanCryptoTests",
            dependencies: ["MizanCrypto"],
            exclude: ["Resources/wycheproof/LICENSE", "Resources/wycheproof/SOURCE.txt"],
            resources: [
                .copy("Resources/wycheproof/x25519_test.json"),
                .copy("Resources/wycheproof/xchacha20_poly1305_test.json"),
            ]
        ),
        .testTarget(name: "MizanProtocolTests", dependencies: ["MizanProtocol"]),
        .testTarget(name: "MizanRuntimeTests", dependencies: ["MizanRuntime", "MizanProtocol", "MizanCrypto"]),
        .testTarget(name: "MizanSimTests", dependencies: ["MizanSim"]),
        .testTarget(name: "MizanSelectionTests", dependencies: ["MizanSelection", "MizanSim", "MizanProtocol"]),
        .testTarget(name: "MizanRehearsalTests", dependencies: ["MizanRehearsal", "MizanSim", "MizanProtocol", "MizanCrypto"]),
        .testTarget(name: "mizanTests", dependencies: ["mizan", "mizan-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
