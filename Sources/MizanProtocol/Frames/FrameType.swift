/// The type byte of a frame, the second byte on the air.
enum FrameType: UInt8, CaseIterable {
    case advertisement = 1
    case phoneKey = 2
    case amount = 3
    case decision = 4
    case result = 5
    case end = 6
    case busy = 7

    /// Version and type bytes in front of every body.
    static let headerByteCount = 2
}
