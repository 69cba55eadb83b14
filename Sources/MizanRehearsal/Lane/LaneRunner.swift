import MizanCrypto
import MizanProtocol
import MizanRuntime
import MizanSim
import MizanFormats
import MizanRadio
import MizanTime

/// Runs a lane: the real side's driver and the scripted peer on one
/// `InMemoryLink`, on a `SimulationLoop`'s virtual time (the same loop and
/// clock MizanSim's floor runs on, without its radio model), then checks
/// the endings against the catalogue and audits both devices' logs.
public enum LaneRunner {
    /// `plant` adds one line to the real side's log as the run starts: how the
    /// tests show that the audit catches what it looks for.
    public static func run(_ lane: Lane, plant: String? = nil) -> LaneResult {
        let loop = SimulationLoop()
        let recorder = FrameRecorder()
        let link = InMemoryLink(
            clock: loop.clock, timing: lane.peer.timing, central: lane.central, till: lane.till.id,
            onSent: { recorder.sent($0, toTill: $1, at: $2) }, onArrived: { recorder.arrived($0, at: $1) }
        )
        let logs = LogCollector()
        let realName = "\(lane.real.rawValue) (real)"
        let peerName = "\(lane.real.other.rawValue) (scripted)"
        let peer = ScriptedPeer(script: lane.peer, link: link, recorder: recorder,
                                log: DeviceLog { logs.add(peerName, $0) }, till: lane.till, amount: lane.amount)
        switch lane.peer.side {
        case .host: link.toTill = { [unowned peer] in peer.hear($0) }
        case .phone: link.toPhone = { [unowned peer] in peer.hear($0) }
        }
        let seeds = KeySeeds(SeededGenerator(seed: lane.seed).split("real keys"))
        let keys = recorder.recording(.seeded { seeds.next() }, till: lane.real == .host)
        let device: RealDevice
        do throws(FrameError) {
            device = try RealDevice(lane: lane, link: link, executor: loop.executor, keys: keys, log: DeviceLog { logs.add(realName, $0) })
        } catch {
            loop.shutdown()
            return LaneCheck.unrunnable(lane, "the real side could not start: \(error)")
        }
        var fired = [Bool](repeating: false, count: lane.actions.count)
        device.screenChanged = { screen in
            for (index, action) in lane.actions.enumerated() {
                guard !fired[index], case let .on(wanted, after) = action.trigger, wanted == screen else { continue }
                fired[index] = true
                loop.clock.schedule(after: after) { [unowned device] in device.perform(action.kind) }
            }
        }
        for (index, action) in lane.actions.enumerated() {
            guard case let .at(time) = action.trigger else { continue }
            fired[index] = true
            loop.clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned device] in device.perform(action.kind) }
        }
        if let plant { logs.add(realName, plant) }
        loop.clock.schedule(at: .start) { [unowned peer] in peer.advance() }
        loop.run(until: VirtualInstant(sinceStart: lane.duration))
        loop.shutdown()
        let unfired = fired.enumerated().filter { !$0.element }.map(\.offset)
        // Checked as the run's driver, so that the real device's actor can be read.
        return loop.inspect { LaneCheck.check(lane, device: device, peer: peer, recorder: recorder, logs: logs.lines, unfiredActions: unfired) }
    }

    /// Every lane in `directory` (`*.json`, in name order), or the one named `only`.
    public static func load(directory: String, only: String? = nil) throws(JSONFileError) -> [Lane] {
        var names: [String]
        do throws(InputError) { names = try TextFile.list(directory).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") } } catch {
            throw JSONFileError(file: directory, field: "", problem: "cannot list the lanes: \(error.reason) (the lanes' folder: --dir DIR, by default lanes in the current folder)")
        }
        if let only {
            names = names.filter { $0 == only || $0 == only + ".json" }
            guard !names.isEmpty else { throw JSONFileError(file: directory, field: "", problem: "no lane named \"\(only)\"") }
        }
        var lanes: [Lane] = []
        for name in names { lanes.append(try LaneDecoder.load(path: directory + "/" + name)) }
        return lanes
    }
}

/// Every line each device logged, in order.
final class LogCollector {
    private(set) var lines: [LogAudit.Line] = []
    func add(_ device: String, _ text: String) { lines.append(LogAudit.Line(device: device, text: text)) }
}

/// 32-byte key seeds drawn in turn from one stream.
final class KeySeeds {
    private var generator: SeededGenerator
    init(_ generator: SeededGenerator) { self.generator = generator }
    func next() -> [UInt8] { generator.bytes(count: KeyPair.seedByteCount) }
}
