import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MizanSim
@testable import MizanFormats

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
        let timelineEvents = TimelineEvents(seed: 4)
        let run = try Floor(plan: plan, seed: 4, events: timelineEvents.record)
        run.ledger.streamSettled(keepFirst: 5_000) { timelineEvents.settled($0) }
        let report = run.run(drain: false)
        let floor = try #require(Self.parse(FloorPicture.svg(report)))
        #expect(floor["svg"] == 1)
        #expect(floor["rect", default: 0] >= 1 + plan.tills.count)
        #expect(floor["circle", default: 0] == report.ledger.attempts.filter { $0.position != nil }.count)
        #expect(floor["line", default: 0] == report.wrongTillChoices)
        let timeline = TimelinePicture.svg(try #require(timelineEvents.transaction))
        let elements = try #require(Self.parse(timeline))
        #expect(elements["line", default: 0] > 8) // lifelines and frames
        #expect(timeline.contains("phone key") && timeline.contains("amount") && timeline.contains("result"))
    }

    /// A floor's name heads its pictures: characters XML cannot hold come out as U+FFFD, markup as text.
    @Test func aNameWithControlCharactersStillMakesWellFormedPictures() throws {
        var plan = try FloorFile.parse(#"{"name": "a\u0000b\u0001c\u007f <d> & \"e\"", "tills": [{"x": 0, "y": 0}], "payers": {"arrivals": "pairs"}}"#, file: "f.json")
        plan.duration = .seconds(30)
        let report = try Floor(plan: plan, seed: 1).run()
        let svg = FloorPicture.svg(report)
        #expect(Self.parse(svg) != nil, "\(svg.prefix(400))")
        #expect(svg.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD} &lt;d&gt; &amp; &quot;e&quot;"))
        #expect(Self.parse(try #require(SecureLinkHistogram.svg(report))) != nil)
        #expect(ReportPage.head(title: plan.name).contains("<title>Mizan Floor: a\u{FFFD}b\u{FFFD}c\u{FFFD} &lt;d&gt; &amp; &quot;e&quot;</title>"))
    }
}
