import MizanRadio
import MizanSelection

/// A position-based strategy calibrated on the floor's simulated walk in
/// each run's own room (`CalibrationWalk`, on the signal model): a run
/// (`Floor`) walks the floor in the room its payers stand in and makes its
/// phones' strategy from what the walk heard. `strategy` makes it (fitting
/// the walk if no calibration was given), nil if the walk cannot be fitted;
/// the run then keeps the plan's `phoneSelection` (made on the walk in the
/// room of a run seeded with the walk's seed, where it could).
public struct WalkedSelection: Sendable {
    public let walk: CalibrationWalk
    public let strategy: @Sendable ([SurveySample]) -> SelectionStrategy?

    public init(walk: CalibrationWalk, strategy: @escaping @Sendable ([SurveySample]) -> SelectionStrategy?) {
        self.walk = walk
        self.strategy = strategy
    }

    /// The strategy from the walk in `room` (the run's signal model).
    func strategy(_ plan: FloorPlan, room: SignalModel) -> SelectionStrategy? {
        strategy(walk.samples(plan, room: room))
    }
}
