import MizanProtocol

/// How one lane went: both sides' endings and screens (the real side's as
/// its machines showed them, the scripted side's as it declared them), whether
/// money moved, everything that did not match, and the log audit.
public struct LaneResult: Sendable {
    public let lane: Lane
    public let hostEnding: HostEnding?
    public let phoneEnding: PhoneEnding?
    public let hostScreen: HostScreen?
    public let phoneScreen: PhoneScreen?
    public let charged: Bool
    /// Every check that failed, in a fixed order; empty when the lane passes.
    public let problems: [String]
    public let audit: [LogAudit.Finding]
    /// How many log lines the audit read (both devices).
    public let logLines: Int
    public let frames: [FrameRecorder.Frame]
    public let sessions: [RecordedSession]
    /// The key pairs each side made (the transcript's secrets).
    public let tillKeys: [KeyPairRecord]
    public let phoneKeys: [KeyPairRecord]

    public var passed: Bool { problems.isEmpty && audit.isEmpty }
}

/// A key pair's bytes, for the transcript file only.
public struct KeyPairRecord: Sendable {
    public let publicKey: [UInt8]
    public let secretKey: [UInt8]
}
