import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MizanSim

/// The pictures are well-formed SVG that a renderer can read, and draw what
/// the run had.
@Suite struct PictureTests {
    final class Counter: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
        }
    }

    static func parse(_ svg: String) -> [String: Int]? {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = Counter()
        parser.delegate = counter
        return parser.parse() ? counter.elements : nil
    }

    @Test func floorAndTimelinePicturesAreWellFormedAndDrawTheRun() throws {
        var plan = try DefaultFloor.plan()
        plan.duration = .seconds(60)
        plan.radio.packetSigma = 10
        let run = try FloorRun(plan, seed: 4, drain: false)
        let floor = try #require(Self.parse(FloorPicture.svg(run.report)))
        #expect(floor["svg"] == 1)
        #expect(floor["rect", default: 0] >= 1 + plan.tills.count)
        #expect(floor["circle", default: 0] == run.report.ledger.attempts.filter { $0.position != nil }.count)
        #expect(floor["line", default: 0] == run.report.wrongTillChoices)
        let timeline = try #require(TimelinePicture.svg(run.report, trace: run.trace))
        let elements = try #require(Self.parse(timeline))
        #expect(elements["line", default: 0] > 8) // lifelines and frames
        #expect(timeline.contains("phone key") && timeline.contains("amount") && timeline.contains("result"))
    }
}
