// swift-tools-version: 6.0
import PackageDescription

// Fuzz targets for Mizan Floor (docs/fuzzing.md). A package of its own, so the
// main package's `swift build` and `swift test` never see the special flags:
// the library targets are the main package's own source folders (symlinks in
// Sources/), and each fuzz target is a module defining libFuzzer's entry point
// `LLVMFuzzerTestOneInput`. SwiftPM compiles everything; Fuzz/build.sh links
// each fuzz target with libFuzzer's `main` (an executable target cannot: SwiftPM
// renames its entry point, which a module without one does not define).
let package = Package(
    name: "MizanFuzz",
    targets: [
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .target(name: "MizanCrypto", dependencies: ["CSodium"]),
        .target(name: "MizanProtocol"),
        .target(name: "MizanGeometry"),
        .target(name: "MizanSelection", dependencies: ["MizanProtocol", "MizanGeometry"]),
        .target(name: "MizanRuntime", dependencies: ["MizanProtocol", "MizanCrypto", "MizanTime"]),
        .target(name: "MizanTime"),
        .target(name: "MizanRadio", dependencies: ["MizanTime", "MizanRuntime", "MizanProtocol", "MizanGeometry"]),
        .target(name: "MizanSim", dependencies: ["MizanRadio", "MizanTime", "MizanRuntime", "MizanProtocol", "MizanCrypto", "MizanGeometry", "MizanSelection"]),
        // Without the PageAssets plugin (its tool cannot be built under libFuzzer's flags): no pages here.
        .target(name: "MizanFormats", dependencies: ["MizanSim", "MizanProtocol", "MizanRadio", "MizanTime", "MizanGeometry", "MizanSelection"],
                exclude: ["Report/Page"], swiftSettings: [.define("MIZAN_NO_PAGE_ASSETS")]),
        // The properties each fuzz target checks, one function per target.
        .target(name: "MizanFuzzChecks", dependencies: ["MizanProtocol", "MizanCrypto", "MizanFormats"]),
        .target(name: "FuzzFrame", dependencies: ["MizanFuzzChecks"]),
        .target(name: "FuzzSealedMessage", dependencies: ["MizanFuzzChecks"]),
        .target(name: "FuzzJSON", dependencies: ["MizanFuzzChecks"]),
    ],
    swiftLanguageModes: [.v6]
)
