/// Events a driver has yet to feed to its chain. Effects run synchronously and
/// may produce further events (a radio answering at once, crypto finishing);
/// these wait their turn here instead of re-entering the reducer.
struct EventQueue<Event> {
    private var events: [Event] = []
    private var head = 0
    private(set) var draining = false

    mutating func append(_ event: Event) { events.append(event) }

    /// Takes the next event, or ends the drain when there is none.
    mutating func next() -> Event? {
        guard head < events.count else {
            if !events.isEmpty { events.removeAll(keepingCapacity: true) }
            head = 0
            draining = false
            return nil
        }
        defer { head += 1 }
        return events[head]
    }

    mutating func beginDraining() -> Bool {
        if draining { return false }
        draining = true
        return true
    }
}
