import MizanGeometry
import MizanProtocol
import MizanSim
import MizanRadio
import MizanTime

/// A digital twin of a recording: the tills where they were, a simulated
/// phone moved along each recorded phone's path at the recorded times,
/// advertising by the radio's schedule; each till scans by the radio's scan
/// profile, hears the phone (and bystanders) through the signal model and the
/// collision model, and reports what it hears as rows of a trace in format v1.
/// One seed, one trace: the room (offsets, shadowing, fading) and every draw
/// come from streams split from the seed.
public struct DigitalTwin: Sendable {
    public let radio: TwinRadio

    public init(radio: TwinRadio) { self.radio = radio }

    /// The simulated trace of every phone in `recording`, same tills and phone names.
    public func simulate(_ recording: RSSITrace, seed: UInt64) -> RSSITrace {
        let root = SeededGenerator(seed: seed)
        let tills = recording.tills
        let model = SignalModel(parameters: radio.signal, tills: tills.map(\.id), offsets: TillOffsets(radio.offsets), exponents: radio.exponents,
                                body: .none, generator: root.split("room"))
        // Where the training tracks saw the room's own shadowing, it takes the
        // place of that share of the random field's variance (`RoomShadowingMap`).
        let kept = (1 - Swift.min(1, Swift.max(0, radio.roomShadowingShare))).squareRoot()
        func room(_ till: TillID, _ at: Position) -> Double {
            guard let map = radio.roomShadowing, let known = map.mean(till: till, at: at) else { return 0 }
            return known - (1 - kept) * model.shadowing.shadowing(till: till, at: at)
        }
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in recording.rows { byPhone[row.phone, default: []].append(row) }
        var rows: [RSSITrace.Row] = []
        for phone in recording.phones {
            let path = RecordedPath(byPhone[phone] ?? [])
            guard path.times.count > 1 else { continue }
            let phoneStream = root.split("phone/" + phone)
            var advertisingStream = phoneStream.split("advertising")
            let sent = radio.advertising.packets(source: 0, from: path.start, to: path.end, generator: &advertisingStream)
            var phoneRows: [(row: RSSITrace.Row, order: Int)] = []
            for (tillIndex, till) in tills.enumerated() {
                let tillStream = phoneStream.split("till/\(till.id.rawValue)")
                var scanner = Scanner(profile: radio.scanner, generator: tillStream.split("scanner"))
                var noise = tillStream.split("noise")
                let heard = scanner.heard(sent.map { $0.received(at: 0) })
                var arriving = heard.map { packet in
                    let at = path.position(at: packet.packet.time)
                    return packet.packet.received(at: model.rssi(
                        till: till.id, tillPosition: till.position, phone: at,
                        heading: path.heading(at: packet.packet.time),
                        channel: packet.packet.channel, generator: &noise) + room(till.id, at)
                        - radio.elevationLoss.loss(till: till.id, tillPosition: till.position, phone: at))
                }
                if let bystanders = radio.bystanders {
                    var stream = tillStream.split("bystanders")
                    arriving = (arriving + scanner.heard(bystanders.packets(from: path.start, to: path.end, generator: &stream)))
                        .sorted { $0.packet.time < $1.packet.time }
                }
                let decoded = radio.collisions.survivors(arriving)
                    .filter { $0.packet.source == 0 && $0.rssi >= radio.signal.sensitivity }
                for report in scanner.reports(decoded) {
                    let rssi = Swift.min(-1, PathLossModel.reported(report.rssi))
                    phoneRows.append((RSSITrace.Row(t: report.packet.time, phone: phone, till: till.id, rssi: rssi,
                                                    position: path.position(at: report.packet.time)), tillIndex))
                }
            }
            phoneRows.sort { $0.row.t != $1.row.t ? $0.row.t < $1.row.t : $0.order < $1.order }
            rows += phoneRows.map(\.row)
        }
        return RSSITrace(tills: tills, rows: rows)
    }
}
