import MizanGeometry
import MizanSelection
import MizanProtocol
import MizanSim
import MizanFormats
import MizanRadio
import MizanTime

/// One payer at the middle till of a row taps Start; the phone's real `Find`
/// machine scans packets drawn afresh from the first radio (`SignalModel.firstRadio`) and asks its strategy
/// every scan window until it picks a till or its 10 s deadline passes.
///
/// This samples the model directly rather than through `RadioMedium` (whose
/// device API is internal to MizanSim and which runs whole floors with
/// connections and crypto): the same `SignalModel` and `RadioParameters`,
/// the same offsets (`RadioMedium.fixedOffset`: till offset + phone offset -
/// body loss + per-link shadowing), the same advertising timing (interval +
/// U(0, advDelay) on every channel) and sensitivity. Collisions are not modelled.
struct ExperimentSession {
    struct Outcome: Hashable, Sendable {
        let chosen: TillID?
        let nearest: TillID
        /// From Start to the decision (or to the deadline), seconds.
        let elapsed: Double
    }

    let cell: ExperimentCell
    let tills: Int
    /// The row: the same in every session of the cell.
    let positions: [Position]
    /// The cell's strategy, made once (a position-based one's map is the same in every session).
    let strategy: SelectionStrategy

    init(cell: ExperimentCell, tills: Int) {
        self.cell = cell
        self.tills = tills
        positions = (0..<tills).map { Position(x: cell.tillSpacing * Double($0), y: 0, z: cell.radio.tillHeight) }
        strategy = Self.strategy(cell, positions: positions)
    }

    /// A position-based strategy gets the row's placements and the radio's own
    /// model as its calibration (no per-till offsets, no walk): the phone knows
    /// the nominal model, not this session's offsets and shadowing.
    static func strategy(_ cell: ExperimentCell, positions: [Position]) -> SelectionStrategy {
        let radio = cell.radio
        let survey = SiteSurvey(
            tills: positions.enumerated().map { TillPlacement(till: TillID(UInt32($0.offset + 1)), position: $0.element) },
            calibration: TillCalibration(referenceRSSI: radio.referenceRSSI, pathLossExponent: radio.pathLossExponent,
                                         packetSigma: radio.packetSigma, offsets: [], phoneHeight: radio.phoneHeight))
        return (try? cell.strategy.strategy(survey: survey)) ?? .default // never nil: the survey is given
    }

    func run(seed: UInt64) -> Outcome {
        let root = SeededGenerator(seed: seed)
        var placement = root.split("placement")
        var packets = root.split("packets")
        let radio = cell.radio
        let model = SignalModel.firstRadio(radio)
        let positions = self.positions
        let payer = PayerBehaviour()
        let middle = positions[(tills - 1) / 2]
        let phone = Position(x: middle.x + placement.uniform(payer.standX), y: placement.uniform(payer.standY), z: radio.phoneHeight)
        let phoneOffset = cell.phoneOffsetSigma > 0 ? placement.normal(mean: 0, sd: cell.phoneOffsetSigma) : 0
        let offsets = positions.indices.map { _ in
            let till = cell.tillOffsetSigma > 0 ? placement.normal(mean: 0, sd: cell.tillOffsetSigma) : 0
            let shadowing = radio.linkShadowingSigma > 0 ? placement.normal(mean: 0, sd: radio.linkShadowingSigma) : 0
            return till + phoneOffset - cell.bodyLoss + shadowing
        }
        let distances = positions.map { $0.distance(to: phone) }
        let nearest = TillID(UInt32(distances.indices.min { distances[$0] != distances[$1] ? distances[$0] < distances[$1] : $0 < $1 } ?? 0) + 1)

        let delayMax = radio.advertisingDelayMax / .seconds(1)
        let interval = radio.advertisingInterval / .seconds(1)
        var nextAdvertising = AdvertisingAgenda(positions.indices.map { _ in packets.uniform(0...(interval + delayMax)) })
        let find = Find(config: Find.Config(chooser: strategy))
        var state = Find.initialState
        var clock = AgendaClock()
        var chosen: TillID?
        var finished = false
        var now = 0.0

        func apply(_ effects: [Find.Effect]) {
            for effect in effects {
                switch effect {
                case let .startScanWindow(duration): clock.scanAt = now + duration / .seconds(1)
                case .cancelScanWindow: clock.scanAt = nil
                case let .startDeadline(duration): clock.deadlineAt = now + duration / .seconds(1)
                case .cancelDeadline: clock.deadlineAt = nil
                case let .startConnect(till): chosen = till; finished = true
                case .finished: finished = true
                case .startScan, .stopScan: break
                }
            }
        }

        apply(find.reduce(&state, .tapStart))
        while !finished {
            let (advertisingAt, till) = nextAdvertising.first
            if let timer = clock.next, timer.at <= advertisingAt {
                now = timer.at
                switch timer.kind {
                case .scanWindow:
                    clock.scanAt = nil
                    apply(find.reduce(&state, .scanWindowElapsed(now: .seconds(now))))
                case .deadline:
                    clock.deadlineAt = nil
                    apply(find.reduce(&state, .deadlinePassed))
                }
                continue
            }
            now = advertisingAt
            for _ in 0..<radio.advertisingChannels {
                let rssi = model.packetRSSI(distance: distances[till], fixedOffset: offsets[till], generator: &packets)
                guard rssi >= radio.sensitivity else { continue }
                let sample = RSSISample(till: DeviceRef.tillID(index: till), rssi: SignalModel.reported(rssi), at: .seconds(now))
                apply(find.reduce(&state, .advertisementSeen(sample)))
            }
            nextAdvertising.moveFirst(to: advertisingAt + (interval + packets.uniform(0...delayMax)))
        }
        return Outcome(chosen: chosen, nearest: nearest, elapsed: now)
    }
}

/// The session's two timers; on a tie the scan window fires first (a last
/// chance to decide at the deadline).
struct AgendaClock {
    enum Kind { case scanWindow, deadline }
    var scanAt: Double?
    var deadlineAt: Double?

    var next: (at: Double, kind: Kind)? {
        switch (scanAt, deadlineAt) {
        case let (scan?, deadline?): scan <= deadline ? (scan, .scanWindow) : (deadline, .deadline)
        case let (scan?, nil): (scan, .scanWindow)
        case let (nil, deadline?): (deadline, .deadline)
        case (nil, nil): nil
        }
    }
}
