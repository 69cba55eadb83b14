import MizanGeometry
import Testing
import MizanProtocol
@testable import MizanRecordings
@testable import MizanRadio
@testable import MizanTime

/// The room map's inner leave-one-track-out builds a map of the other tracks for each training
/// track: its work grows as tracks x (rows + the map's entries), and a fit past
/// `RoomShadowingMap.maximumInnerWork` is refused before any map is built.
@Suite struct RoomMapWorkTests {
    static func point(track: Int, x: Double) -> RoomShadowingMap.Point {
        RoomShadowingMap.Point(till: TillID(1), x: x, y: 0, track: track, residual: 0)
    }

    @Test func theInnerWorkIsTheTracksTimesTheRowsAndEntriesAndNoneForOneTrack() {
        let one = (0..<10).map { Self.point(track: 0, x: Double($0)) }
        #expect(RoomShadowingMap.innerWork(one, entries: 500) == 0)
        let three = (0..<12).map { Self.point(track: $0 % 3, x: Double($0)) }
        #expect(RoomShadowingMap.innerWork(three, entries: 500) == 3 * (12 + 500))
    }

    @Test func aFitWhoseRoomMapWouldBuildTooManyMapsIsRefusedNamingItsTracks() throws {
        // 80 tracks over 1,000 m x 250 m: the map holds about 8 million entries, so the inner
        // leave-one-out would build 80 maps of them (6.5 x 10^8, over the 5 x 10^8 allowed).
        var radio = RadioParameters()
        radio.packetSigma = 4
        let model = SignalModel.firstRadio(radio)
        let tills = [RSSITrace.Till(id: TillID(1), position: Position(x: 0, y: 0, z: 1)),
                     RSSITrace.Till(id: TillID(2), position: Position(x: 1_000, y: 250, z: 1))]
        var generator = SeededGenerator(seed: 3)
        var rows: [RSSITrace.Row] = []
        for step in 0..<2_000 {
            let phone = Position(x: generator.uniform(0...1_000), y: generator.uniform(0...250), z: 1.2)
            let till = tills[step % 2]
            let rssi = model.packetRSSI(distance: phone.distance(to: till.position), fixedOffset: 0, generator: &generator)
            rows.append(RSSITrace.Row(t: Double(step / 80) * 0.5, phone: "p\(step % 80)", till: till.id, rssi: SignalModel.reported(rssi), position: phone))
        }
        let error = #expect(throws: CalibrationError.self) { try TwinFit(RSSITrace(tills: tills, rows: rows)) }
        #expect(error?.description.contains("80 training tracks of") == true, "\(error?.description ?? "fitted")")
        #expect(error?.description.contains("over the 500000000 allowed") == true, "\(error?.description ?? "fitted")")
    }
}
