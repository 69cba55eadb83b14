import Testing
@testable import MizanFormats

/// A till's event names a phone by a `phone` number or a field holding the phone's name; the
/// report page gives a till's event the numbers of the phones it names, so that its diagram of a
/// phone's transaction alone keeps the same events as `mizan replay`.
@Suite struct NamedPhonesTests {
    static func event(_ line: String) throws -> TransactionTrace.Event {
        try #require(TransactionTrace.Event(line))
    }

    @Test func aTillsEventNamesThePhonesOfItsPhoneNumberAndOfPhoneNamesEachOnce() throws {
        let event = try Self.event(#"{"t":5,"device":"till-2","event":"sends","frame":"busy","to":"phone-12","phone":7,"by":"phone-7"}"#)
        #expect(event.namedPhones == [12, 7])
        #expect(try Self.event(#"{"t":5,"device":"till-2","event":"sends","phone":7.0}"#).namedPhones == [7])
    }

    @Test func aFieldThatIsNotAPhonesNameOrNumberNamesNoPhone() throws {
        for line in [#"{"t":5,"device":"till-2","event":"sends","to":"phone-012"}"#, #"{"t":5,"device":"till-2","event":"sends","to":"till-3"}"#,
                     #"{"t":5,"device":"till-2","event":"sends","phone":"7"}"#, #"{"t":5,"device":"till-2","event":"sends","till":7}"#,
                     #"{"t":5,"device":"till-2","event":"sends","phone":7.5}"#, #"{"t":5,"device":"till-2","event":"sends","to":"phone-0"}"#,
                     #"{"t":5,"device":"till-2","event":"sends","phone":0}"#, #"{"t":5,"device":"till-2","event":"sends","phone":-3}"#] {
            #expect(try Self.event(line).namedPhones.isEmpty, "\(line)")
        }
    }

    @Test func thePageGivesATillsEventThePhonesItNamesAndAPhonesEventNone() throws {
        let till = ReportPage.item(try Self.event(#"{"t":1500000,"device":"till-2","event":"sends","frame":"busy","to":"phone-12"}"#))
        #expect(JSONWriter.compact.text(till) == #"[1.5,"t2","sends","frame=busy to=phone-12",[12]]"#)
        // A phone's event naming a phone (itself) carries no numbers: only a till's diagram side asks them.
        let phone = ReportPage.item(try Self.event(#"{"t":1500000,"device":"phone-12","event":"sends","frame":"phone key","by":"phone-12"}"#))
        #expect(JSONWriter.compact.text(phone) == #"[1.5,"p12","sends","frame=phone key by=phone-12"]"#)
        let quiet = ReportPage.item(try Self.event(#"{"t":0,"device":"till-2","event":"screen","screen":"broadcasting"}"#))
        #expect(JSONWriter.compact.text(quiet) == #"[0,"t2","screen","broadcasting"]"#)
    }
}
