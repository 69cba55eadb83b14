/// A phone as a till's radio sees it (Core Bluetooth's central identifier).
/// Only the simulator and the till's own radio handle it; screens and logs never show it.
public struct CentralID: Hashable, Comparable, Sendable {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public static func < (a: CentralID, b: CentralID) -> Bool { a.rawValue < b.rawValue }
}
