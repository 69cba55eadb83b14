import Dispatch
import Testing
@testable import MizanSim
import MizanGeometry
@testable import MizanRadio
@testable import MizanTime

/// A simulation is driven by one thread: anything that reaches it from another
/// thread while it runs (a job that escaped to another executor, a second
/// driver) stops the process with a message that says what happened, instead
/// of corrupting the run. Exit tests: each runs in a child process.
@Suite struct ForeignThreadTests {
    @Test func aJobEnqueuedFromAnotherThreadWhileTheRunIsDrivenStopsTheProcessAndSaysWhy() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let driving = DrivingThread()
            _ = driving.enter()
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                driving.checkAccess("a job was enqueued on a SimulationExecutor")
                done.signal()
            }
            done.wait()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("a job was enqueued on a SimulationExecutor from a thread that is not driving the simulation"))
    }

    @Test func aSecondThreadDrivingTheSameRunStopsTheProcessAndSaysWhy() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let driving = DrivingThread()
            _ = driving.enter()
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = driving.enter()
                done.signal()
            }
            done.wait()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("already being driven by another thread"))
    }

    /// The guard of every synchronous entry into a device (`Till.entered`, the
    /// radio's deliveries): entering a till from a thread that does not drive
    /// the run stops the process, naming what arrived.
    @Test func aTillEnteredFromAThreadThatDoesNotDriveTheRunStopsTheProcessAndSaysWhy() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var plan = FloorPlan(tills: [TillPlan(index: 0, position: Position(x: 0, y: 0, z: 1))],
                                 payers: .queues(meanGap: .seconds(3600), idle: 0), duration: .seconds(1))
            plan.radio = .ideal
            let floor = try Floor(plan: plan, seed: 1, builtInPersons: false)
            let till = floor.till(0)
            _ = floor.loop.executor.drivingThread.enter()
            _ = till.entered { $0.screen } // the driving thread may
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = till.entered { $0.screen }
                done.signal()
            }
            done.wait()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("a till was entered from a thread that is not driving the simulation"))
    }

    @Test func theDrivingThreadItselfMayEnterAgainAndOthersMayAfterItLeaves() async {
        let driving = DrivingThread()
        #expect(driving.enter())
        #expect(!driving.enter()) // nested: already the driver
        #expect(driving.isCurrent)
        driving.leave()
        let entered = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let became = driving.enter()
                driving.leave()
                continuation.resume(returning: became)
            }
        }
        #expect(entered)
    }
}
