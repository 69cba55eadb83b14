import MizanRuntime
import MizanTime

// How the floor's devices, actors on their run's `SimulationExecutor`
// (`Till`, `Phone`), are entered synchronously.
//
// This file is the one place where the floor steps around the compiler's
// isolation checking, and why:
//
// - Code already running on the run's executor (a radio delivery, a timer,
//   the floor reacting to a screen) enters a device synchronously. The
//   standard library's `assumeIsolated` asks the runtime which executor is
//   current, a look-up that cost as much as the packet's own signal model on
//   the hottest path (every packet a phone hears). The run's own check is an
//   atomic load and a compare: that the calling thread drives the run. Every
//   device's executor is the run's by construction, so the two checks agree;
//   a call from any other thread stops the process (`ForeignThreadTests`).
// - The check, not a retained reference, reaches the driving thread:
//   `Borrowed`, since the executor keeps it for the run (a retain
//   and release around the load cost a sixth of a packet's path).
// - The hottest entries (a packet, a report, a timer; below) call a free
//   function (no context) cast to a non-isolated type of its own, one cast
//   per entry: `withoutActuallyEscaping` on a caller's closure allocated its
//   context on every packet, and so did a generic entry (a reabstraction
//   thunk per call; BENCHMARKS.md has what each cost).

/// Stops the process unless the calling thread drives the run of `executor`;
/// `what` says what arrived.
@inline(__always)
package func checkOnRun(_ executor: SimulationExecutor, _ what: StaticString) {
    Borrowed(executor.drivingThread).with { $0.checkDriving("\(what)") }
}

// The hottest entries, from the medium and the timers (on the run's executor).

extension Till {
    /// Runs `operation` in the till's isolation, from code already running
    /// on the run's executor; stops the process if another thread calls.
    @inline(__always)
    package nonisolated func entered<T>(_ operation: (isolated Till) -> T) -> T {
        checkOnRun(executor, "a till was entered")
        return withoutActuallyEscaping(operation) { isolated in
            unsafeBitCast(isolated, to: ((Till) -> T).self)(self)
        }
    }

    /// `hear(_:)` from the medium.
    package nonisolated func hearOnRun(_ event: PeripheralRadioEvent) {
        checkOnRun(executor, "a till's radio delivered")
        unsafeBitCast(tillHears as (isolated Till, PeripheralRadioEvent) -> Void, to: ((Till, PeripheralRadioEvent) -> Void).self)(self, event)
    }

    /// A timer of the till's fired.
    nonisolated func timerFiredOnRun(_ timer: HostTimer) {
        checkOnRun(executor, "a till's timer fired")
        unsafeBitCast(tillTimerFired as (isolated Till, HostTimer) -> Void, to: ((Till, HostTimer) -> Void).self)(self, timer)
    }
}

extension Phone {
    /// Runs `operation` in the phone's isolation, from code already running
    /// on the run's executor; stops the process if another thread calls.
    @inline(__always)
    package nonisolated func entered<T>(_ operation: (isolated Phone) -> T) -> T {
        checkOnRun(executor, "a phone was entered")
        return withoutActuallyEscaping(operation) { isolated in
            unsafeBitCast(isolated, to: ((Phone) -> T).self)(self)
        }
    }

    /// `hear(_:)` from the medium.
    package nonisolated func hearOnRun(_ event: CentralRadioEvent) {
        checkOnRun(executor, "a phone's radio delivered")
        unsafeBitCast(phoneHears as (isolated Phone, CentralRadioEvent) -> Void, to: ((Phone, CentralRadioEvent) -> Void).self)(self, event)
    }

    /// `heardAdvertisementOnRun` for the medium, which holds the phone as an unmanaged
    /// `AnyObject` (`PhoneEndpoint.sendReports(to:)`): a closure that captures nothing.
    package static let hearAdvertisement: @Sendable (AnyObject, [UInt8], Int) -> Void = {
        unsafeDowncast($0, to: Phone.self).heardAdvertisementOnRun($1, rssi: $2)
    }

    /// An advertising report from the medium: `hearOnRun(.discovered(payload, rssi: rssi))`
    /// without the event around the payload.
    package nonisolated func heardAdvertisementOnRun(_ payload: [UInt8], rssi: Int) {
        checkOnRun(executor, "a phone's radio delivered")
        unsafeBitCast(phoneHearsAdvertisement as (isolated Phone, [UInt8], Int) -> Void, to: ((Phone, [UInt8], Int) -> Void).self)(self, payload, rssi)
    }

    /// A timer of the phone's fired.
    nonisolated func timerFiredOnRun(_ timer: PhoneTimer) {
        checkOnRun(executor, "a phone's timer fired")
        unsafeBitCast(phoneTimerFired as (isolated Phone, PhoneTimer) -> Void, to: ((Phone, PhoneTimer) -> Void).self)(self, timer)
    }
}

private func tillHears(_ till: isolated Till, _ event: PeripheralRadioEvent) { till.driver.handle(radio: event) }

private func tillTimerFired(_ till: isolated Till, _ timer: HostTimer) { till.driver.timerFired(timer) }

private func phoneHears(_ phone: isolated Phone, _ event: CentralRadioEvent) { phone.driver.handle(radio: event) }

private func phoneHearsAdvertisement(_ phone: isolated Phone, _ payload: [UInt8], _ rssi: Int) { phone.driver.heard(advertisement: payload, rssi: rssi) }

private func phoneTimerFired(_ phone: isolated Phone, _ timer: PhoneTimer) { phone.driver.timerFired(timer) }
