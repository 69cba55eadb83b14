import Testing
import MizanProtocol
@testable import MizanRecordings

/// Each till's exponent is drawn toward the shared one as far as the groups
/// of its rows disagree about it (`ExponentShrinkage`).
@Suite struct ExponentShrinkageTests {
    /// Readings of `slopes.count` tills over `groups` groups, x from -10 to -5 (1 to 3.2 m);
    /// `groupSlope(till, group)` is the slope the rows of that group follow.
    static func readings(tills: Int, groups: Int, groupSlope: (Int, Int) -> Double) -> [ExponentShrinkage.Reading] {
        var out: [ExponentShrinkage.Reading] = []
        for till in 0..<tills {
            for group in 0..<groups {
                for step in 0..<20 {
                    let x = -10 + 5 * Double(step) / 19
                    out.append(.init(till: TillID(UInt32(till + 1)), group: group, x: x, value: -60 + groupSlope(till, group) * x))
                }
            }
        }
        return out
    }

    static func ownLines(_ readings: [ExponentShrinkage.Reading]) -> [TillID: (a: Double, b: Double)] {
        var lines: [TillID: (a: Double, b: Double)] = [:]
        for till in Set(readings.map(\.till)) {
            let rows = readings.filter { $0.till == till }
            let fit = ExponentShrinkage.slope(rows)!
            let meanValue = rows.reduce(0) { $0 + $1.value } / Double(rows.count)
            lines[till] = (meanValue - fit.slope * fit.meanX, fit.slope)
        }
        return lines
    }

    @Test func tillsWhoseGroupsAgreeKeepTheirOwnExponents() {
        // Three tills with slopes 1.5, 2 and 2.5 in every group, a small wobble by group.
        let readings = Self.readings(tills: 3, groups: 8) { till, group in 1.5 + 0.5 * Double(till) + 0.01 * Double(group % 3) }
        let result = ExponentShrinkage.shrunk(lines: Self.ownLines(readings), readings: readings, shared: 2)
        for till in 1...3 {
            #expect(result.kept[TillID(UInt32(till))]! > 0.95, "kept \(result.kept)")
        }
        #expect(abs(result.lines[TillID(3)]!.b - 2.5) < 0.05)
    }

    @Test func tillsWhoseGroupsDisagreeTakeTheSharedExponent() {
        // Every till's slope is 2 on average, but each group says something else (where its rows were).
        let readings = Self.readings(tills: 4, groups: 4) { till, group in 2 + (Double((till * 3 + group * 5) % 7) - 3) * 0.8 }
        let own = Self.ownLines(readings)
        let result = ExponentShrinkage.shrunk(lines: own, readings: readings, shared: 2)
        for till in own.keys {
            #expect(result.kept[till]! < 0.5, "kept \(result.kept)")
            #expect(abs(result.lines[till]!.b - 2) < abs(own[till]!.b - 2) || abs(own[till]!.b - 2) < 1e-9)
        }
    }

    @Test func aDrawnLineStillPassesThroughItsRowsMean() {
        let readings = Self.readings(tills: 3, groups: 4) { till, group in 1 + Double(till) + Double(group % 2) }
        let own = Self.ownLines(readings)
        let result = ExponentShrinkage.shrunk(lines: own, readings: readings, shared: 2)
        for till in own.keys {
            let meanX = ExponentShrinkage.slope(readings.filter { $0.till == till })!.meanX
            let before = own[till]!.a + own[till]!.b * meanX, after = result.lines[till]!.a + result.lines[till]!.b * meanX
            #expect(abs(before - after) < 1e-9)
        }
    }

    @Test func aTillInOneGroupOnlyTakesTheSharedExponent() {
        let readings = Self.readings(tills: 1, groups: 1) { _, _ in 3 }
            + Self.readings(tills: 3, groups: 4) { till, _ in 1 + Double(till) }.map { .init(till: TillID($0.till.rawValue + 1), group: $0.group, x: $0.x, value: $0.value) }
        let result = ExponentShrinkage.shrunk(lines: Self.ownLines(readings), readings: readings, shared: 2)
        #expect(result.kept[TillID(1)] == 0)
        #expect(result.lines[TillID(1)]!.b == 2)
    }
}
