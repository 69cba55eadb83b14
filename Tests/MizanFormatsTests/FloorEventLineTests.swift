import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
import MizanFormats
@testable import MizanRadio

/// Every kind of floor event becomes the trace line the trace has always had:
/// the same device, event name, fields and field order, byte for byte.
@Suite struct FloorEventLineTests {
    static func line(_ kind: FloorEvent.Kind, at micros: Int64 = 1_500) -> String {
        TraceWriter.line(FloorEvent(at: .microseconds(micros), kind))
    }

    static let golden: [(FloorEvent.Kind, String)] = [
        (.air(.advertisingStarted(till: 2)), #"{"t":1500,"device":"till-3","event":"advertising starts"}"#),
        (.air(.advertisingStopped(till: 0)), #"{"t":1500,"device":"till-1","event":"advertising stops"}"#),
        (.air(.connected(phone: 4, till: 1)), #"{"t":1500,"device":"phone-5","event":"connected","till":2}"#),
        (.air(.connectFailed(phone: 0, till: 3)), #"{"t":1500,"device":"phone-1","event":"connect failed","till":4}"#),
        (.air(.connectFailed(phone: 0, till: nil)), #"{"t":1500,"device":"phone-1","event":"connect failed","till":-1}"#),
        (.air(.connectRequestLost(phone: 75, till: 16)), #"{"t":1500,"device":"phone-76","event":"connect request lost","till":17}"#),
        (.air(.setUp(phone: 1, till: 0, .mtu)), #"{"t":1500,"device":"phone-2","event":"set-up","till":1,"exchange":"MTU exchange"}"#),
        (.air(.sent(phone: 0, till: 0, toTill: true, .phoneKey, bytes: 34)),
         #"{"t":1500,"device":"phone-1","event":"sends","frame":"phone key","bytes":34,"to":"till-1"}"#),
        (.air(.sent(phone: 2, till: 1, toTill: false, nil, bytes: 9)),
         #"{"t":1500,"device":"till-2","event":"sends","frame":"unknown","bytes":9,"to":"phone-3"}"#),
        (.air(.delivered(phone: 0, till: 0, toTill: true, .phoneKey)), #"{"t":1500,"device":"till-1","event":"receives","frame":"phone key"}"#),
        (.air(.delivered(phone: 6, till: 0, toTill: false, .amount)), #"{"t":1500,"device":"phone-7","event":"receives","frame":"amount"}"#),
        (.air(.linkLost(phone: 0, till: 0, .serviceRetired)),
         #"{"t":1500,"device":"phone-1","event":"link lost","till":1,"reason":"service retired"}"#),
        (.air(.unsubscribed(phone: 1, till: 0)), #"{"t":1500,"device":"till-1","event":"unsubscribed","phone":2}"#),
        (.air(.serviceRetired(till: 0)), #"{"t":1500,"device":"till-1","event":"service retired"}"#),
        (.air(.power(device: .phone(4), .notAllowed)), #"{"t":1500,"device":"phone-5","event":"bluetooth","state":"notAllowed"}"#),
        (.air(.power(device: .till(1), .off)), #"{"t":1500,"device":"till-2","event":"bluetooth","state":"off"}"#),
        (.tillScreen(till: 0, .broadcasting), #"{"t":1500,"device":"till-1","event":"screen","screen":"broadcasting"}"#),
        (.serving(till: 0, phone: 0), #"{"t":1500,"device":"till-1","event":"serving","phone":1}"#),
        (.tillEnded(till: 0, .paid), #"{"t":1500,"device":"till-1","event":"ended","ending":"paid"}"#),
        (.operatorLocks(till: 0, phone: 0, by: nil), #"{"t":1500,"device":"till-1","event":"operator locks","phone":1}"#),
        (.operatorLocks(till: 1, phone: nil, by: "operator 2"), #"{"t":1500,"device":"till-2","event":"operator locks","by":"operator 2"}"#),
        (.operatorPicks(till: 0, .success, by: nil), #"{"t":1500,"device":"till-1","event":"operator picks","outcome":"success"}"#),
        (.operatorPicks(till: 0, .failure, by: "ann"), #"{"t":1500,"device":"till-1","event":"operator picks","by":"ann","outcome":"failure"}"#),
        (.operatorCancels(till: 5, by: nil), #"{"t":1500,"device":"till-6","event":"operator cancels"}"#),
        (.operatorCancels(till: 5, by: "ann"), #"{"t":1500,"device":"till-6","event":"operator cancels","by":"ann"}"#),
        (.arrives(phone: 0, till: 14), #"{"t":1500,"device":"phone-1","event":"arrives","till":15}"#),
        (.payerTurnedAway(till: 3), #"{"t":1500,"device":"floor","event":"payer turned away","till":4}"#),
        (.payerTapsStart(phone: 0), #"{"t":1500,"device":"phone-1","event":"payer taps Start"}"#),
        (.phoneScreen(phone: 0, .searching), #"{"t":1500,"device":"phone-1","event":"screen","screen":"searching"}"#),
        (.chooses(phone: 0, till: 0, nearest: 0), #"{"t":1500,"device":"phone-1","event":"chooses","till":1,"nearest":1}"#),
        (.chooses(phone: 0, till: 2, nearest: nil), #"{"t":1500,"device":"phone-1","event":"chooses","till":3,"nearest":-1}"#),
        (.secureLink(phone: 0), #"{"t":1500,"device":"phone-1","event":"secure link"}"#),
        (.phoneEnded(phone: 1, .tillBusy), #"{"t":1500,"device":"phone-2","event":"ended","ending":"till busy"}"#),
        (.payerDecides(phone: 0, confirms: true, by: nil), #"{"t":1500,"device":"phone-1","event":"payer confirms"}"#),
        (.payerDecides(phone: 6, confirms: false, by: nil), #"{"t":1500,"device":"phone-7","event":"payer declines"}"#),
        (.payerDecides(phone: 0, confirms: true, by: "bo"), #"{"t":1500,"device":"phone-1","event":"payer confirms","by":"bo"}"#),
        (.payerCancels(phone: 0, by: nil), #"{"t":1500,"device":"phone-1","event":"payer cancels"}"#),
        (.payerCancels(phone: 0, by: "bo"), #"{"t":1500,"device":"phone-1","event":"payer cancels","by":"bo"}"#),
        (.payerLeaves(phone: 12), #"{"t":1500,"device":"phone-13","event":"payer leaves"}"#),
        (.payerWalks(phone: 0, to: Position(x: 4.5, y: 1, z: 1.2), by: "bo"),
         #"{"t":1500,"device":"phone-1","event":"payer walks","by":"bo","to_x":"4.5","to_y":"1.0"}"#),
        (.recorded(.till(1), event: "looks \"up\"", by: "bo", [("n", .int(3)), ("ok", .bool(false))]),
         #"{"t":1500,"device":"till-2","event":"looks \"up\"","by":"bo","n":3,"ok":false}"#),
        (.settled(EndingPair(host: .paid, phone: .paid), .agreed(.success)),
         #"{"t":1500,"device":"floor","event":"settled","host":"paid","phone":"paid","ending":1}"#),
        (.settled(EndingPair(host: .paid, phone: nil), .violated(EndingPair(host: .paid, phone: nil))),
         #"{"t":1500,"device":"floor","event":"settled","host":"paid","phone":"-","violation":true}"#),
        (.faultSkipped(.phone(4)), #"{"t":1500,"device":"floor","event":"fault skipped","reason":"phone-5 is not on the floor"}"#),
        (.endOfTrace(lines: 820), #"{"t":1500,"device":"floor","event":"end of trace","lines":820}"#),
    ]

    @Test func everyKindOfEventIsWrittenAsItsGoldenLine() {
        for (kind, expected) in Self.golden {
            #expect(Self.line(kind) == expected)
        }
    }

    @Test func timesAreWholeMicrosecondsFromTheStart() {
        #expect(TraceWriter.line(FloorEvent(at: .zero, .payerTapsStart(phone: 0))).hasPrefix(#"{"t":0,"#))
        #expect(TraceWriter.line(FloorEvent(at: .seconds(120), .payerTapsStart(phone: 0))).hasPrefix(#"{"t":120000000,"#))
        #expect(TraceWriter.line(FloorEvent(at: .nanoseconds(2_999), .payerTapsStart(phone: 0))).hasPrefix(#"{"t":2,"#))
    }

    @Test func theWriterCountsTheLinesItHandsOn() {
        var lines: [String] = []
        let writer = TraceWriter { lines.append($0) }
        writer.write(FloorEvent(at: .zero, .payerTapsStart(phone: 0)))
        writer.write(FloorEvent(at: .zero, .secureLink(phone: 0)))
        #expect(writer.lines == 2)
        #expect(lines == [Self.line(.payerTapsStart(phone: 0), at: 0), Self.line(.secureLink(phone: 0), at: 0)])
    }

    @Test func aFrameSentIsTheSendersEventAndAFrameReceivedTheReceivers() {
        #expect(FloorEvent(at: .zero, .air(.sent(phone: 3, till: 1, toTill: true, .phoneKey, bytes: 34))).device == .phone(3))
        #expect(FloorEvent(at: .zero, .air(.sent(phone: 3, till: 1, toTill: false, .amount, bytes: 40))).device == .till(1))
        #expect(FloorEvent(at: .zero, .air(.delivered(phone: 3, till: 1, toTill: true, .phoneKey))).device == .till(1))
        #expect(FloorEvent(at: .zero, .settled(EndingPair(host: nil, phone: nil), .agreed(.success))).device == nil)
    }
}
