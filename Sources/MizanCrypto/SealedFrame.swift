/// The layout of a sealed frame on the air:
///
///     direction (1) | counter (8, big-endian) | ciphertext | tag (16)
///
/// The nonce is the direction byte, 15 zero bytes and the counter, so a nonce
/// never repeats while the counter only moves forward.
///
/// The associated data authenticates every clear byte of the frame that
/// carries the sealed field: the transcript, then the frame's header before
/// the sealed field (its length as 2 bytes big-endian, then the bytes: version,
/// type, and for an amount the host key and transaction id), then the
/// direction byte and the counter (8, big-endian). docs/transcript-format.md.
enum SealedFrame {
    static let headerByteCount = 1 + 8
    static let minimumByteCount = headerByteCount + XChaCha20Poly1305.tagByteCount

    static func nonce(direction: Direction, counter: UInt64) -> [UInt8] {
        var nonce = [UInt8].zeroed(count: XChaCha20Poly1305.nonceByteCount)
        nonce[0] = direction.rawValue
        for i in 0..<8 { nonce[nonce.count - 1 - i] = UInt8(truncatingIfNeeded: counter >> (8 * UInt64(i))) }
        return nonce
    }

    /// The frame's clear header, in an array with room for `followedBy` more
    /// bytes (the sealed body), so that appending the body does not reallocate.
    static func header(direction: Direction, counter: UInt64, followedBy bodyByteCount: Int = 0) -> [UInt8] {
        var header: [UInt8] = []
        header.reserveCapacity(headerByteCount + bodyByteCount)
        header.append(direction.rawValue)
        for i in (0..<8).reversed() { header.append(UInt8(truncatingIfNeeded: counter >> (8 * UInt64(i)))) }
        return header
    }

    static func associatedData(transcript: [UInt8], frameHeader: [UInt8], direction: UInt8, counter: UInt64) -> [UInt8] {
        var data = transcript
        data.reserveCapacity(transcript.count + 2 + frameHeader.count + headerByteCount)
        data.append(UInt8(truncatingIfNeeded: frameHeader.count >> 8))
        data.append(UInt8(truncatingIfNeeded: frameHeader.count))
        data.append(contentsOf: frameHeader)
        data.append(direction)
        for i in (0..<8).reversed() { data.append(UInt8(truncatingIfNeeded: counter >> (8 * UInt64(i)))) }
        return data
    }

    static func counter(of frame: [UInt8]) -> UInt64 {
        var value: UInt64 = 0
        for i in 1...8 { value = value << 8 | UInt64(frame[i]) }
        return value
    }
}
