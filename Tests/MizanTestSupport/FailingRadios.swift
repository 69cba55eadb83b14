import MizanProtocol
import MizanRuntime

// Named test radios that fail loudly when used: give one to a device that a
// test says must never touch its radio. A call stops the process with a
// message naming the owner and the call, instead of passing unnoticed.

extension PeripheralRadio {
    public static func failing(_ owner: String = "this till") -> PeripheralRadio {
        PeripheralRadio(
            startAdvertising: { _ in radioMisused(owner, "PeripheralRadio.startAdvertising") },
            stopAdvertising: { radioMisused(owner, "PeripheralRadio.stopAdvertising") },
            notify: { _, _ in radioMisused(owner, "PeripheralRadio.notify") },
            retireService: { radioMisused(owner, "PeripheralRadio.retireService") }
        )
    }
}

extension CentralRadio {
    public static func failing(_ owner: String = "this phone") -> CentralRadio {
        CentralRadio(
            startScan: { radioMisused(owner, "CentralRadio.startScan") },
            stopScan: { radioMisused(owner, "CentralRadio.stopScan") },
            connect: { _ in radioMisused(owner, "CentralRadio.connect") },
            write: { _ in radioMisused(owner, "CentralRadio.write") },
            disconnect: { radioMisused(owner, "CentralRadio.disconnect") }
        )
    }
}

private func radioMisused(_ owner: String, _ call: String) -> Never {
    preconditionFailure("\(call) was called on a failing radio: \(owner) must not use its radio here")
}
