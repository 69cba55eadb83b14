import MizanProtocol
import MizanRuntime
import MizanSim

/// The real side of a lane: a `HostDriver` or a `PhoneDriver` on the lane's
/// link and virtual time, its log collected, its actions carried out.
final class RealDevice {
    private(set) var hostEndings: [HostEnding] = []
    private(set) var phoneEndings: [PhoneEnding] = []
    /// Called with each new screen's raw value.
    var screenChanged: (String) -> Void = { _ in }
    private var host: HostDriver?
    private var phone: PhoneDriver?
    private var hostTimers: DeviceTimers<HostTimer>?
    private var phoneTimers: DeviceTimers<PhoneTimer>?
    private let link: InMemoryLink

    init(lane: Lane, link: InMemoryLink, keys: KeySource, log: DeviceLog) throws(FrameError) {
        self.link = link
        switch lane.real {
        case .host:
            let timers = DeviceTimers<HostTimer>(clock: link.clock)
            let driver = try HostDriver(
                tillID: lane.till.id, tillLabel: lane.till.label, countdown: lane.till.countdown,
                cryptoLatency: lane.till.cryptoLatency, radio: link.peripheralRadio, clock: timers.deviceClock,
                keys: keys, log: log,
                observe: { [unowned self] observation in
                    switch observation {
                    case let .screen(screen): screenChanged(screen.rawValue)
                    case let .finished(ending, _): hostEndings.append(ending)
                    case .serving: break
                    }
                }
            )
            timers.fire = { [unowned driver] in driver.timerFired($0) }
            link.toTill = { [unowned driver] in driver.handle(radio: $0) }
            host = driver
            hostTimers = timers
        case .phone:
            let timers = DeviceTimers<PhoneTimer>(clock: link.clock)
            let driver = PhoneDriver(
                radio: link.centralRadio, clock: timers.deviceClock, keys: keys, log: log,
                observe: { [unowned self] observation in
                    switch observation {
                    case let .screen(screen): screenChanged(screen.rawValue)
                    case let .finished(ending): phoneEndings.append(ending)
                    case .connecting, .sentKey, .secureLink: break
                    }
                }
            )
            timers.fire = { [unowned driver] in driver.timerFired($0) }
            link.toPhone = { [unowned driver] in driver.handle(radio: $0) }
            phone = driver
            phoneTimers = timers
        }
    }

    var hostScreen: HostScreen? { host?.screen }
    var phoneScreen: PhoneScreen? { phone?.screen }

    func perform(_ kind: RealAction.Kind) {
        switch kind {
        case let .host(event): host?.handle(event)
        case let .phone(event): phone?.handle(event)
        case let .bluetooth(state): link.setPower(till: host != nil, state)
        }
    }
}
