import MizanSelection
import MizanProtocol
import MizanSim
import MizanRadio

enum FloorFileSelection {
    /// `phones.selection`, read before the radio section is (a simulated walk
    /// needs the floor's radio): the strategy, and what a position-based one is
    /// calibrated with (docs/floor-files.md):
    /// - `calibration`: `mizan calibrate`'s output (a recorded walk's fit);
    /// - `walk`: a calibration walk simulated over this floor through its own
    ///   radio (`CalibrationWalk`), `{}` for the defaults or any of `seed`,
    ///   `speed`, `lineSpacing`. Without a `calibration` the model is fitted
    ///   on the walk; `fingerprint` also learns from it.
    /// `position` needs one of the two, `fingerprint` a walk. The other
    /// strategies ignore both, so that a sweep can vary `phones.selection.name`
    /// over one calibrated floor.
    struct PendingSelection {
        let spec: StrategySpec
        let calibration: TillCalibration?
        let walk: CalibrationWalk?
        let fields: JSONObjectReader

        /// Sets the plan's strategy: a position-based one is calibrated on the
        /// given calibration or the walk. On the signal model the walk is
        /// simulated in the room of a run seeded with the walk's seed (to check
        /// the file, and for `phoneSelection`), and each run makes its own in
        /// its own room (`WalkedSelection`); on the first radio the walk is the
        /// same for every run.
        func applied(to plan: FloorPlan) throws(JSONFileError) -> FloorPlan {
            var plan = plan
            // A calibration's offsets are of this floor's tills, whatever the strategy: one of another floor's would be dropped unused.
            if let offsets = calibration?.offsets {
                let tills = Set(plan.tills.map(\.id))
                for (index, offset) in offsets.enumerated() where !tills.contains(offset.till) {
                    throw fields.error("calibration.tillOffsets[\(index)].till", "till \(offset.till.rawValue) is not on this floor (its tills are 1 to \(plan.tills.count)): a calibration of other tills")
                }
            }
            guard spec.needsSurvey else {
                do { plan.phoneSelection = try spec.strategy(survey: nil) } catch { throw fields.error("name", error.description) }
                return plan
            }
            let placements = plan.tills.map { TillPlacement(till: $0.id, position: $0.position) }
            var samples: [SurveySample] = []
            if let walk {
                let draws = walk.draws(plan)
                guard draws <= Double(CalibrationWalk.maximumDraws) else {
                    throw fields.error("walk", "the simulated calibration walk over \(plan.tills.count) tills would draw about \(Int(draws)) packets, over the \(CalibrationWalk.maximumDraws) allowed: give a calibration (mizan calibrate's output) and use 'position', or a faster walk (speed)")
                }
                samples = walk.samples(plan, room: Floor.room(plan, seed: walk.seed))
            }
            let calibration: TillCalibration
            if let given = self.calibration {
                calibration = given
            } else {
                do { calibration = try CalibrationFit(samples, tills: placements).calibration } catch {
                    throw fields.error("walk", "the simulated calibration walk cannot be fitted: \(error.description)")
                }
            }
            do {
                plan.phoneSelection = try spec.strategy(survey: SiteSurvey(tills: placements, calibration: calibration, walk: samples))
            } catch {
                throw fields.error("name", error.description)
            }
            guard let walk, plan.radio.advertising == .signal else { return plan }
            plan.walkedSelection = Self.walked(walk, spec: spec, calibration: self.calibration, tills: placements)
            return plan
        }

        /// Each run's strategy from its walk: fitted on it unless `calibration` is given; nil if it cannot be fitted.
        static func walked(_ walk: CalibrationWalk, spec: StrategySpec, calibration: TillCalibration?, tills: [TillPlacement]) -> WalkedSelection {
            WalkedSelection(walk: walk) { samples in
                let fitted: TillCalibration?
                do { fitted = try calibration ?? CalibrationFit(samples, tills: tills).calibration } catch { fitted = nil }
                guard let fitted else { return nil }
                do { return try spec.strategy(survey: SiteSurvey(tills: tills, calibration: fitted, walk: samples)) } catch { return nil }
            }
        }
    }

    static func readSelection(_ selection: JSONObjectReader) throws(JSONFileError) -> PendingSelection {
        let calibration = try selection.optionalObject("calibration").map { fields throws(JSONFileError) in try CalibrationFile.read(fields) }
        var walk: CalibrationWalk?
        if let fields = try selection.optionalObject("walk") {
            var settings = CalibrationWalk()
            if let seed = try fields.optionalInteger("seed", in: UInt64(0)...UInt64.max) { settings.seed = seed }
            if let speed = try fields.optionalNumber("speed", in: 0.1...3) { settings.speed = speed }
            if let spacing = try fields.optionalNumber("lineSpacing", in: 0.05...10) { settings.lineSpacing = spacing }
            try fields.finish()
            walk = settings
        }
        let spec = try StrategySpec.read(selection)
        if spec.name == .fingerprint || spec.base == .fingerprint, walk == nil {
            throw selection.error("walk", "'fingerprint' learns from a calibration walk: expected a walk object ({} simulates one over this floor; docs/floor-files.md)")
        }
        if spec.needsSurvey, calibration == nil, walk == nil {
            throw selection.error("calibration", "'\(spec.name.rawValue)' is position-based: expected a calibration object (mizan calibrate's output) or a walk object (a simulated calibration walk)")
        }
        return PendingSelection(spec: spec, calibration: calibration, walk: walk, fields: selection)
    }
}
