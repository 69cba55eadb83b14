internal import CSodium

/// The one place that talks to libsodium's lifecycle and return codes.
enum Sodium {
    /// `sodium_init` runs exactly once: a Swift global is initialised lazily and
    /// atomically on first use, from whichever thread gets there first.
    private static let initResult: Int32 = sodium_init()

    /// Makes sure libsodium is ready; every public entry point calls this first.
    @inline(__always)
    static func ready() throws(CryptoError) {
        if initResult < 0 { throw .libraryUnavailable }
    }

    /// Turns a libsodium return code (0 = success, -1 = failure) into a typed error.
    @inline(__always)
    static func check(_ code: Int32, else error: CryptoError) throws(CryptoError) {
        if code != 0 { throw error }
    }

    @inline(__always)
    static func requireLength(_ what: String, _ actual: Int, _ expected: Int) throws(CryptoError) {
        if actual != expected { throw .invalidLength(what: what, expected: expected, actual: actual) }
    }
}
