import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio

/// Devices are indexed from 0 and named from 1, in one place.
@Suite struct DeviceRefTests {
    @Test func devicesAreNamedFromOne() {
        #expect(DeviceRef.till(0).name == "till-1")
        #expect(DeviceRef.phone(11).name == "phone-12")
        #expect(DeviceRef.till(2).number == 3)
        #expect(DeviceRef.till(number: 3) == .till(2))
        #expect(DeviceRef.phone(number: 1) == .phone(0))
    }

    @Test(arguments: [DeviceRef.till(0), .till(9), .till(1_234), .phone(0), .phone(99)])
    func aNameReadsBackAsTheSameDevice(device: DeviceRef) {
        #expect(DeviceRef(name: device.name) == device)
    }

    @Test(arguments: ["till-0", "phone-0", "till-x", "till-", "till", "-3", "till-03", "till-+3", "till--3", "till-3 ",
                      " till-3", "Till-3", "till_3", "till-3-4", "floor", "", "till-99999999999999999999999"])
    func aMalformedNameIsRefused(name: String) {
        #expect(DeviceRef(name: name) == nil)
    }

    @Test func theProtocolsIdentifiersAreTheDevicesNumbers() {
        #expect(DeviceRef.tillID(index: 2) == TillID(3))
        #expect(DeviceRef.centralID(index: 0) == CentralID(1))
        #expect(DeviceRef(TillID(7)) == .till(6))
        #expect(DeviceRef(CentralID(4)) == .phone(3))
    }
}
