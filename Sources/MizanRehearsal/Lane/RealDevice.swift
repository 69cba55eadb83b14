import MizanSelection
import MizanProtocol
import MizanRuntime
import MizanSim
import MizanRadio
import MizanTime

/// The real side of a lane: a `Till` or a `Phone` actor (the floor's, with its
/// real driver) on the lane's executor, link and virtual time, its log
/// collected, its actions carried out.
final class RealDevice {
    private(set) var hostEndings: [HostEnding] = []
    private(set) var phoneEndings: [PhoneEnding] = []
    /// Called with each new screen's raw value.
    var screenChanged: (String) -> Void = { _ in }
    private var host: Till?
    private var phone: Phone?
    private let link: InMemoryLink

    init(lane: Lane, link: InMemoryLink, executor: SimulationExecutor, keys: KeySource, log: DeviceLog) throws(FrameError) {
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
            let till = Till(index: 0, executor: executor, driver: RunConfined(driver, to: executor), timers: RunConfined(timers, to: executor))
            link.toTill = { [till] in till.hearOnRun($0) }
            host = till
        case .phone:
            let timers = DeviceTimers<PhoneTimer>(clock: link.clock)
            let driver = PhoneDriver(
                find: .standard, radio: link.centralRadio, clock: timers.deviceClock, keys: keys, log: log,
                observe: { [unowned self] observation in
                    switch observation {
                    case let .screen(screen): screenChanged(screen.rawValue)
                    case let .finished(ending): phoneEndings.append(ending)
                    case .connecting, .sentKey, .secureLink: break
                    }
                }
            )
            let device = Phone(index: 0, executor: executor, driver: RunConfined(driver, to: executor), timers: RunConfined(timers, to: executor))
            link.toPhone = { [device] in device.hearOnRun($0) }
            phone = device
        }
    }

    var hostScreen: HostScreen? { host?.entered { $0.screen } }
    var phoneScreen: PhoneScreen? { phone?.entered { $0.screen } }

    func perform(_ kind: RealAction.Kind) {
        switch kind {
        case let .host(event): host?.entered { $0.handle(event) }
        case let .phone(event): phone?.entered { $0.handle(event) }
        case let .bluetooth(state): link.setPower(till: host != nil, state)
        }
    }
}
