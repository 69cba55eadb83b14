import MizanGeometry
import MizanRadio
import MizanTime
/// Floors written in Swift: devices placed one by one, and persons whose
/// processes the caller writes (see `Person`). Use with
/// `Floor(plan:seed:builtInPersons: false)`, whose plan gives the tills, the
/// radio and the faults, and no payers act on their own.
extension Floor {
    /// The till at `index` in `plan.tills` (counted from 0).
    public func till(_ index: Int) -> Till { tills[index].device }

    /// The phone of payer `index` (counted from 0), placed with `placePhone(at:)`.
    public func phone(at index: Int) -> Phone { phone(index).device }

    /// Places a payer with a phone at `position`; returns the phone. Payers
    /// are numbered in the order they are placed.
    @discardableResult
    public func placePhone(at position: Position) -> Phone {
        addPhone(till: 0, at: position).device
    }

    /// Starts a person: `body` runs as a task on the run's executor when the
    /// run begins, on virtual time, with its own stream of the seed (named by
    /// `name`). It ends when `body` returns or throws: when the run ends, its
    /// task is cancelled, and a sleep or a wait for a screen (`showing`) cut
    /// short by the end throws `CancellationError`.
    public func person(_ name: String, _ body: @escaping @Sendable (Person) async throws -> Void) {
        let person = Person(name: name, floor: confined(self), random: root.split("person \(name)"))
        loop.spawn {
            do { try await body(person) } catch {}
        }
    }
}
