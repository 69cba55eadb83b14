import Testing
@testable import MizanFormats
import MizanSim
import MizanRadio

/// A platform's scan by number, as a phone's measured interval and window,
/// checked as a BLE controller checks them.
@Suite struct FloorFileScanTests {
    static func floor(_ platform: String, advertising: String = "signal") -> String {
        #"{"tills": {"row": {"count": 2, "spacing": 2}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 20}, "radio": {"advertising": "\#(advertising)"}, "phones": {"platforms": [{"name": "android", "share": 1\#(platform)}]}}"#
    }

    func scan(_ platform: String) throws -> ScanProfile? {
        let plan = try FloorFile.parse(Self.floor(platform), file: "f.json")
        guard case let .faithful(profiles) = plan.linkLayer else { return nil }
        return profiles.phones.first?.profile.scan
    }

    func error(_ platform: String, advertising: String = "signal") -> String? {
        do { _ = try FloorFile.parse(Self.floor(platform, advertising: advertising), file: "f.json"); return nil } catch { return error.description }
    }

    @Test func anIntervalAndAWindowByNumberAreThePlatformsScan() throws {
        let scan = try #require(try scan(#", "scanIntervalMs": 500, "scanWindowMs": 50"#))
        #expect(scan.interval == 0.5 && scan.window == 0.05)
    }

    @Test func aNumberGivenWithAModeOverridesThatPartOfIt() throws {
        let scan = try #require(try scan(#", "scanMode": "balanced", "scanWindowMs": 100"#))
        #expect(scan.interval == ScanProfile.androidBalanced.interval && scan.window == 0.1)
    }

    @Test func aWindowPastTheIntervalIsRefused() throws {
        let message = try #require(error(#", "scanIntervalMs": 100, "scanWindowMs": 200"#))
        #expect(message.contains("scanWindowMs") && message.contains("at most the scan interval"))
        // An interval alone below the mode's window (low-latency listens 100 ms of every 100) says whose window it is.
        #expect(error(#", "scanIntervalMs": 50"#)?.contains("the window of android-low-latency") == true)
    }

    @Test func aValueOffTheControllersStepsOrRangeIsRefused() throws {
        #expect(error(#", "scanIntervalMs": 101"#)?.contains("multiple of 0.625 ms") == true)
        #expect(error(#", "scanIntervalMs": 101"#)?.contains("100.625") == true)
        #expect(error(#", "scanIntervalMs": 2"#)?.contains("scanIntervalMs") == true)
        #expect(error(#", "scanWindowMs": 20000"#)?.contains("scanWindowMs") == true)
    }

    @Test func theSimpleAdvertisingModelRefusesThem() throws {
        let message = try #require(error(#", "scanIntervalMs": 100"#, advertising: "simple"))
        #expect(message.contains("scanIntervalMs") && message.contains("signal advertising model"))
    }
}
