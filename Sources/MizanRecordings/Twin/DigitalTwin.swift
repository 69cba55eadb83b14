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
/// One seed, one trace: the room (shadowing field, hashed fades and noise)
/// and every other draw come from streams split from the seed.
public struct DigitalTwin: Sendable {
    public let radio: TwinRadio

    public init(radio: TwinRadio) { self.radio = radio }

    /// The simulated trace of every phone in `recording`, same tills and phone names.
    ///
    /// The recorded phone transmits and the tills receive; the signal is the
    /// floor's (`SignalModel`, reciprocal): the tills' offsets and exponents as
    /// fitted, the room's shadowing field, the fades held per stand (a new
    /// stand every `fadingLength` the phone walks along its recorded path, as
    /// a floor's payer and calibration walk get them), the per-packet noise,
    /// and the carried device's gain toward each till from where its carrier
    /// faces (`TwinRadio.direction`; the recording's heading, or the way the
    /// carrier walks: `RecordedPath`).
    public func simulate(_ recording: RSSITrace, seed: UInt64) -> RSSITrace {
        let root = SeededGenerator(seed: seed)
        let tills = recording.tills
        var model = SignalModel(parameters: radio.signal.radio, generator: root.split("room"))
        for till in tills { model.addTill(offset: radio.offsets[till.id] ?? 0, exponent: radio.exponents[till.id]) }
        // Where the training tracks saw the room's own shadowing, it takes the
        // place of that share of the random field's variance (`RoomShadowingMap`).
        let kept = (1 - Swift.min(1, Swift.max(0, radio.roomShadowingShare))).squareRoot()
        func room(_ index: Int, _ till: TillID, _ at: Position) -> Double {
            guard let map = radio.roomShadowing, let known = map.mean(till: till, at: at) else { return 0 }
            return known - (1 - kept) * model.shadowing(till: index, at: at)
        }
        let fadingLength = Swift.max(radio.signal.fadingLength, 1e-3)
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in recording.rows { byPhone[row.phone, default: []].append(row) }
        var rows: [RSSITrace.Row] = []
        for phone in recording.phones {
            let path = RecordedPath(byPhone[phone] ?? [])
            guard path.times.count > 1 else { continue }
            let phoneStream = root.split("phone/" + phone)
            // The phone's key in the model's hashed draws: from its name, so that a phone has its own
            // fades and noise in every recording simulated with this seed (a held-out track and the
            // training tracks simulated beside it never share them).
            let phoneKey = Int(truncatingIfNeeded: phoneStream.seed)
            var advertisingStream = phoneStream.split("advertising")
            let sent = radio.advertising.packets(source: 0, from: path.start, to: path.end, generator: &advertisingStream)
            // Where the phone is at each packet, that spot's field features, and its stand.
            let places = sent.map { path.place(at: $0.time) }
            let spots = places.map(\.position)
            let bases = spots.map { model.shadowingBasis(at: $0) }
            let stands = places.map { UInt64(Swift.min($0.walked / fadingLength, 1e12)) + 1 }
            // Which way the carrier faces at each packet (the recording's heading, or the way they walk).
            let headings = radio.direction.isNone ? [] : sent.map { path.heading(at: $0.time) }
            var phoneRows: [(row: RSSITrace.Row, order: Int)] = []
            for (tillIndex, till) in tills.enumerated() {
                let tillStream = phoneStream.split("till/\(till.id.rawValue)")
                var scanner = Scanner(profile: radio.scanner, generator: tillStream.split("scanner"))
                // What this (till, track) holds of its own at each packet the phone sends.
                var driftStream = tillStream.split("track drift")
                let drift = radio.trackDrift.isNone ? [] : radio.trackDrift.values(at: sent.map(\.time), generator: &driftStream)
                // Only what the till's scanner hears (the packets on the channel it listens on then) is worked out.
                var arriving = sent.indices.filter { scanner.hears(sent[$0]) }.map { index in
                    let packet = sent[index], at = spots[index]
                    let held = model.held(till: tillIndex, tillPosition: till.position, phone: phoneKey, at: at, basis: bases[index],
                                          stand: stands[index], fixedOffset: 0)
                    return packet.received(at: held.packet(on: packet.channel,
                                                           noise: model.noise(till: tillIndex, event: index, phone: phoneKey, channel: packet.channel))
                        + room(tillIndex, till.id, at) - radio.elevationLoss.loss(till: till.id, tillPosition: till.position, phone: at)
                        + (drift.isEmpty ? 0 : drift[index])
                        + (headings.isEmpty ? 0 : radio.direction.gain(heading: headings[index],
                                                                       bearing: DirectionGain.bearing(fromX: at.x, y: at.y, toX: till.position.x, toY: till.position.y))))
                }
                if let bystanders = radio.bystanders {
                    var stream = tillStream.split("bystanders")
                    arriving = (arriving + scanner.heard(bystanders.packets(from: path.start, to: path.end, generator: &stream)))
                        .sorted { $0.packet.time < $1.packet.time }
                }
                let decoded = radio.collisions.survivors(arriving)
                    .filter { $0.packet.source == 0 && $0.rssi >= radio.signal.sensitivity }
                for report in scanner.reports(decoded) {
                    let rssi = Swift.min(-1, SignalModel.reported(report.rssi))
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
