import MizanProtocol
import MizanRuntime

/// A named test radio: one till and one phone joined by a perfect link with
/// no clock at all. Every radio operation becomes an event for the other
/// side, queued first in, first out, and delivered by `run()`; nothing is
/// lost unless the test drops the link. The drivers' own tests run on it; the
/// radio contract tests hold it to the same behaviours as the medium.
public final class LoopbackLink {
    public let central: CentralID
    /// Where each end hears its radio.
    public var toTill: (PeripheralRadioEvent) -> Void = { _ in }
    public var toPhone: (CentralRadioEvent) -> Void = { _ in }
    /// Frames handed to the link, in order (writes and notifications).
    public private(set) var frames: [[UInt8]] = []
    /// The advertising payload (the advertisement's bytes) while the till advertises.
    public private(set) var advertising: [UInt8]?
    public private(set) var scanning = false
    private var serviceUp = false
    private var linked = false
    private var deliveries: [() -> Void] = []

    public init(central: CentralID = CentralID(1)) {
        self.central = central
    }

    public var peripheralRadio: PeripheralRadio {
        PeripheralRadio(
            startAdvertising: { [unowned self] in advertising = $0; serviceUp = true },
            stopAdvertising: { [unowned self] in advertising = nil },
            notify: { [unowned self] _, bytes in
                frames.append(bytes)
                deliveries.append { [unowned self] in
                    guard serviceUp, linked else { return }
                    toPhone(.notified(bytes))
                    toTill(.delivered(central))
                }
                return true
            },
            retireService: { [unowned self] in
                advertising = nil
                // What is queued goes first; then the phone sees the service go.
                deliveries.append { [unowned self] in
                    serviceUp = false
                    guard linked else { return }
                    linked = false
                    toPhone(.serviceInvalidated)
                }
            }
        )
    }

    public var centralRadio: CentralRadio {
        CentralRadio(
            startScan: { [unowned self] in scanning = true },
            stopScan: { [unowned self] in scanning = false },
            connect: { [unowned self] till in
                deliveries.append { [unowned self] in
                    let advertised: TillID? = if case let .advertisement(ad)? = advertising.flatMap({ try? FrameCodec.decode($0) }) { ad.tillID } else { nil }
                    guard serviceUp, advertised == till, !linked else { return toPhone(.failedToConnect) }
                    linked = true
                    // The subscription is a write with response: the till sees it first.
                    toTill(.subscribed(central))
                    toPhone(.connected)
                }
            },
            write: { [unowned self] bytes in
                frames.append(bytes)
                deliveries.append { [unowned self] in
                    guard linked else { return }
                    toTill(.wrote(central, bytes))
                    toPhone(.writeAcknowledged)
                }
            },
            disconnect: { [unowned self] in
                // Pending writes go first; then the till sees the phone unsubscribe.
                deliveries.append { [unowned self] in
                    guard linked else { return }
                    linked = false
                    toTill(.unsubscribed(central))
                }
            }
        )
    }

    /// The link is lost now: both ends are told; what is in flight is lost.
    public func dropLink() {
        guard linked else { return }
        linked = false
        toPhone(.disconnected)
        toTill(.disconnected(central))
    }

    /// Delivers everything in flight, in order, until the link is quiet.
    public func run() {
        while !deliveries.isEmpty { deliveries.removeFirst()() }
    }
}
