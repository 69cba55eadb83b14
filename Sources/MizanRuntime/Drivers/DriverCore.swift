import MizanTime
/// The plumbing both drivers share: it feeds events to the device's chain one
/// at a time, hands each command to the driver, and reports when the screen
/// changes. Effects run synchronously and may produce further events (a radio
/// answering at once, crypto finishing); these wait their turn in the queue
/// instead of re-entering the reducer.
final class DriverCore<Chain: DeviceChain> {
    // Unchecked exclusivity on `state` and `queue`: each access is one call
    // into a pure reducer or the queue, which calls nothing back, so accesses
    // never overlap; the dynamic checks cost more than a packet's reduce.
    @exclusivity(unchecked) private(set) var state = Chain.initialState
    @exclusivity(unchecked) private var queue = EventQueue<Chain.Event>()
    /// The commands of the event being processed, kept to reuse the storage (taken out while they run).
    @exclusivity(unchecked) private var commandBuffer: [Chain.Command] = []
    private let chain: Chain
    private let log: DeviceLog
    private let screenChanged: (Chain.Screen) -> Void
    /// Carries out one command; the driver sets it once it exists (`perform(with:_:)`).
    private var perform: (Chain.Command) -> Void = { _ in }

    init(chain: Chain, log: DeviceLog, screenChanged: @escaping (Chain.Screen) -> Void) {
        self.chain = chain
        self.log = log
        self.screenChanged = screenChanged
    }

    /// Has `run` carry out each command on `driver`. The core is the driver's, so the driver
    /// outlives every command: it is held unmanaged, not as a checked unowned reference (an
    /// atomic retain and release per command; docs/speed-and-memory.md).
    func perform<Driver: AnyObject>(with driver: Driver, _ run: @escaping (Driver, Chain.Command) -> Void) {
        perform = { [driver = Borrowed(driver)] command in driver.with { run($0, command) } }
    }

    var screen: Chain.Screen { Chain.screen(state) }

    /// An event from outside, or one an effect provoked: the first runs at
    /// once, the others wait their turn.
    func handle(_ event: Chain.Event) {
        guard queue.beginDraining() else { return queue.append(event) }
        process(event)
        while let next = queue.next() { process(next) }
    }

    /// An event the chain takes with no command and no change of screen
    /// (the chain says which, e.g. `PhoneChain.hear`): `apply` is the chain's
    /// own reduction of it, run on the state at once. While other events wait
    /// their turn it waits too, as `event`, for `handle`'s way: the chain sees
    /// the same states in the same order either way.
    @inline(__always)
    func handleQuietly(_ event: @autoclosure () -> Chain.Event, _ apply: (inout Chain.State) -> Void) {
        if queue.draining { return queue.append(event()) }
        apply(&state)
    }

    private func process(_ event: Chain.Event) {
        let before = screen
        var commands: [Chain.Command] = []
        swap(&commands, &commandBuffer)
        chain.reduce(&state, event, into: &commands)
        for command in commands { perform(command) }
        commands.removeAll(keepingCapacity: true)
        swap(&commands, &commandBuffer)
        let after = screen
        if after != before {
            log.record("screen: \(after.rawValue)")
            screenChanged(after)
        }
    }
}
