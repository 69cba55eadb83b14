import MizanGeometry
import MizanRadio
import MizanTime
import MizanProtocol

/// What a person's process (`Floor.person(_:_:)`) works with: the run's
/// virtual clock, its own seeded stream, the floor's devices, and actions
/// that the floor's ledger and trace record as the floor file's people's are.
///
/// ```swift
/// floor.person("payer") { person in
///     let phone = person.phone(0)
///     try await person.sleep(for: .seconds(2))
///     await person.tapStart(phone)
///     try await phone.showing(.reviewAmount)
///     await person.confirm(phone)
/// }
/// ```
///
/// The devices' own methods (`Till.enter`, `Phone.tapStart`, ...) press the
/// button only; the person's methods also tell the ledger (a sale begun, an
/// attempt started) and record the action as a `FloorEvent` (a line of the trace).
public struct Person: Sendable {
    public let name: String
    let floor: RunConfined<Floor>
    /// The person's own stream of the run's seed.
    public var random: SeededGenerator

    init(name: String, floor: RunConfined<Floor>, random: SeededGenerator) {
        self.name = name
        self.floor = floor
        self.random = random
    }

    // MARK: time

    /// The run's virtual clock.
    public var clock: VirtualClock { floor.value.clock }

    /// Virtual time since the run began.
    public var now: Duration { floor.value.now }

    /// Waits `duration` of virtual time.
    public func sleep(for duration: Duration) async throws { try await clock.sleep(for: duration) }

    // MARK: devices

    /// The till at `index` of the plan (from 0).
    public func till(_ index: Int) -> Till { floor.value.till(index) }

    /// Payer `index`'s phone (from 0).
    public func phone(_ index: Int) -> Phone { floor.value.phone(at: index) }

    /// Where the phone is now, on the floor.
    public func position(of phone: Phone) -> Position {
        let floor = floor.value
        return floor.medium.position(of: floor.phone(phone.index).endpoint)
    }

    // MARK: the operator

    /// Starts a sale on `till` and locks `amount`.
    public func enter(_ amount: Amount, on till: Till) async {
        let floor = floor.value
        floor.ledger.hostStarted(till: till.index, at: floor.now)
        floor.record(.operatorLocks(till: till.index, phone: nil, by: name))
        await till.enter(amount)
    }

    /// Picks the outcome on `till`'s pick-outcome screen.
    public func pick(_ outcome: Outcome, on till: Till) async {
        floor.value.record(.operatorPicks(till: till.index, outcome, by: name))
        await till.pick(outcome)
    }

    /// Cancels the sale under way on `till`.
    public func cancel(_ till: Till) async {
        floor.value.record(.operatorCancels(till: till.index, by: name))
        await till.cancel()
    }

    // MARK: the payer

    /// Taps Start on `phone` (nothing happens if a transaction runs on it).
    public func tapStart(_ phone: Phone) async {
        let floor = floor.value
        floor.tapStart(floor.phone(phone.index))
    }

    public func confirm(_ phone: Phone) async {
        floor.value.record(.payerDecides(phone: phone.index, confirms: true, by: name))
        await phone.confirm()
    }

    public func decline(_ phone: Phone) async {
        floor.value.record(.payerDecides(phone: phone.index, confirms: false, by: name))
        await phone.decline()
    }

    public func cancel(_ phone: Phone) async {
        floor.value.record(.payerCancels(phone: phone.index, by: name))
        await phone.cancel()
    }

    /// The payer starts walking with `phone` towards `target` at `speed` m/s;
    /// returns how long the walk takes. Call `stop(_:)` to stand still.
    @discardableResult
    public func walk(_ phone: Phone, to target: Position, speed: Double) -> Duration {
        let floor = floor.value
        let from = floor.medium.position(of: floor.phone(phone.index).endpoint)
        let (dx, dy) = (target.x - from.x, target.y - from.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, speed > 0 else { return .zero }
        floor.medium.walk(phone: phone.index, at: floor.now, velocity: (speed * dx / length, speed * dy / length))
        floor.record(.payerWalks(phone: phone.index, to: target, by: name))
        return .seconds(length / speed)
    }

    /// The payer stands still where they are.
    public func stop(_ phone: Phone) {
        let floor = floor.value
        floor.medium.walk(phone: phone.index, at: floor.now, velocity: (0, 0))
    }

    // MARK: the record

    /// Records `event` (`FloorEvent.Kind.recorded`), as done by this person on `device`.
    public func record(_ device: DeviceRef, _ event: String, _ fields: [FloorEvent.Field] = []) {
        floor.value.record(.recorded(device, event: event, by: name, fields))
    }
}
