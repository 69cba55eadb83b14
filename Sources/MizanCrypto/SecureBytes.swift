internal import CSodium

/// Secret bytes (secret keys, session keys, seeds) in a buffer that is wiped with
/// `sodium_memzero` when the last copy is released. It never prints its bytes:
/// its description, debug description and mirror all say it is redacted.
public struct SecureBytes: Sendable {
    private final class Storage: @unchecked Sendable {
        // Written only while the value is being created; read-only afterwards.
        let buffer: UnsafeMutableRawBufferPointer

        let count: Int

        init(count: Int) {
            // At least one byte, so that an empty secret still has an address.
            buffer = .allocate(byteCount: Swift.max(count, 1), alignment: 16)
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            self.count = count
        }

        deinit {
            sodium_memzero(buffer.baseAddress, buffer.count)
            buffer.deallocate()
        }
    }

    private let storage: Storage

    /// `count` bytes written by `fill` (a libsodium call that outputs a secret).
    init(count: Int, fill: (UnsafeMutablePointer<UInt8>) throws(CryptoError) -> Void) throws(CryptoError) {
        storage = Storage(count: count)
        try fill(storage.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// Copies `bytes` into a wiped buffer. The caller should wipe its own copy.
    public init(copying bytes: some Collection<UInt8>) {
        storage = Storage(count: bytes.count)
        UnsafeMutableRawBufferPointer(rebasing: storage.buffer[0..<bytes.count]).copyBytes(from: bytes)
    }

    public var count: Int { storage.count }

    /// Reads the secret bytes for the duration of `body`; do not let them escape.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage.buffer[0..<storage.count]))
    }

    var pointer: UnsafePointer<UInt8> {
        UnsafePointer(storage.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// Compares in constant time (`sodium_memcmp`).
    public func constantTimeEquals(_ other: SecureBytes) -> Bool {
        count == other.count && sodium_memcmp(pointer, other.pointer, count) == 0
    }
}

extension SecureBytes: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SecureBytes(\(count) bytes, redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
