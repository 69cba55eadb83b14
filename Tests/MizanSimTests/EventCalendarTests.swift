import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("The advertisers' event starts by time: an event's candidate colliders")
struct EventCalendarTests {
    /// The air time of W2's and W3's default radio, 376 us, and starts kept an interval and a delay either side.
    private let width = 376e-6, span = 0.11

    @Test func everyStartWithinAnAirTimeIsACandidate() {
        var calendar = EventCalendar(width: width, span: span)
        var generator = SeededGenerator(seed: 21)
        var last = [Double](repeating: .infinity, count: 60), next = last
        var now = 5.0
        for _ in 0..<20_000 {
            now += generator.uniform(0...0.002)
            let till = Int(generator.next() % 60)
            switch generator.next() % 4 {
            case 0:
                last[till] = now
                calendar.list(till, .last, at: now)
            case 1:
                next[till] = now + generator.uniform(0...span)
                calendar.list(till, .next, at: next[till])
            case 2:
                next[till] = .infinity
                calendar.unlist(till, .next)
            default:
                // Starts far from now (where the ring's wrap puts strays among the candidates) and starts on
                // bucket edges must not hide a start that overlaps.
                let time = generator.next() % 2 == 0 ? now + Double(generator.next() % 5) * 0.5 : (now / width).rounded() * width
                last[till] = time
                calendar.list(till, .last, at: time)
            }
            let probe = now + generator.uniform(-width...width)
            let overlapping = (0..<60).filter { abs(last[$0] - probe) < width || abs(next[$0] - probe) < width }
            #expect(Set(overlapping).isSubset(of: calendar.candidates(around: probe)), "probe \(probe)")
            #expect(calendar.candidates(around: probe, within: width) == overlapping, "probe \(probe): only those within an air time")
        }
    }

    @Test func anUnlistedOrNeverListedTillIsNoCandidate() {
        var calendar = EventCalendar(width: width, span: span)
        calendar.list(3, .last, at: 10)
        calendar.list(3, .next, at: 10.0001)
        calendar.list(7, .next, at: 10.0002)
        #expect(calendar.candidates(around: 10) == [3, 7])
        calendar.unlist(3, .last)
        #expect(calendar.candidates(around: 10) == [3, 7])
        calendar.unlist(3, .next)
        calendar.list(7, .next, at: .infinity)
        #expect(calendar.candidates(around: 10).isEmpty)
    }

    @Test func listingAStartAgainMovesItRatherThanAddingASecond() {
        var calendar = EventCalendar(width: width, span: span)
        calendar.list(4, .next, at: 1)
        calendar.list(4, .next, at: 1.05)
        #expect(calendar.candidates(around: 1).isEmpty)
        #expect(calendar.candidates(around: 1.05) == [4])
    }
}

extension EventCalendar {
    /// The tills listed within two buckets of `time` (`forEachCandidate`), a start less than
    /// `within` from it: ascending, each once.
    mutating func candidates(around time: Double, within: Double = .infinity) -> [Int] {
        var tills: [Int] = []
        forEachCandidate(around: time, within: within) { tills.append($0) }
        return Array(Set(tills)).sorted()
    }
}
