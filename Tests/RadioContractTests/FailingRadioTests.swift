import MizanProtocol
import MizanRuntime
import Testing
import MizanTestSupport

/// The failing radios let a test say "this device never touches its radio":
/// a till whose Bluetooth is off shows so without a single radio call.
@Suite struct FailingRadioTests {
    @Test func aTillWhoseBluetoothIsOffShowsItWithoutTouchingItsRadio() throws {
        let driver = try HostDriver(
            tillID: TillID(1), tillLabel: "Till 1",
            radio: .failing("a till with Bluetooth off"),
            clock: DeviceClock(now: { .zero }, start: { _, _ in }, cancel: { _ in }),
            keys: .seeded { [UInt8](repeating: 1, count: 32) },
            log: DeviceLog { _ in },
            observe: { _ in }
        )
        driver.handle(radio: .stateChanged(.off))
        #expect(driver.screen == .turnBluetoothOn)
    }
}
