/// What a wall is made of, and what a 2.4 GHz packet loses passing through it
/// (`docs/radio.md`, "Walls"). Each figure is one source's for a typical wall
/// of the kind; a floor whose walls are measured gives their loss in dB instead.
public enum WallMaterial: String, CaseIterable, Sendable {
    /// An interior partition of plasterboard on studs: 4 dB (Airespace's design notes for 2.4 GHz).
    case drywall
    /// Timber: 4 dB (ns-3's buildings module, a wooden wall, after COST 231).
    case wood
    /// Brick: 8 dB (Airespace's design notes for 2.4 GHz).
    case brick
    /// Concrete with windows in it, a shop front: 7 dB (ns-3's buildings module, after COST 231).
    case concreteWithWindows = "concrete-with-windows"
    /// Stone blocks: 12 dB (ns-3's buildings module, after COST 231).
    case stone
    /// Solid concrete: 15 dB (ns-3's buildings module, "10 to 20 dB"; Airespace's design notes 10-15 dB).
    case concrete

    /// dB lost by a path through one such wall.
    public var loss: Double {
        switch self {
        case .drywall: 4
        case .wood: 4
        case .brick: 8
        case .concreteWithWindows: 7
        case .stone: 12
        case .concrete: 15
        }
    }
}
