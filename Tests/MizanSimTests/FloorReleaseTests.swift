import Testing
@testable import MizanSim
@testable import MizanRadio

/// A floor that has run leaves nothing behind once it is let go: a sweep runs millions of them.
@Suite struct FloorReleaseTests {
    /// On the faithful link layer a run of one virtual second ends with the payer's phone still
    /// waiting for its till's advertising to connect: the till's connectors hold the phone, and the
    /// phone names the till it waits for; the run let go, both are freed, and the floor with them.
    @Test func aRunEndingWithAPhoneWaitingToConnectFreesItsDevices() throws {
        weak var medium: RadioMedium?
        weak var till: TillEndpoint?
        weak var phone: PhoneEndpoint?
        var waiting = false
        do {
            var plan = FloorPlan(tills: FloorPlan.row(count: 1), payers: .pairs(distance: 0.5), duration: .seconds(1))
            plan.linkLayer = .faithful(.standard)
            let floor = try Floor(plan: plan, seed: 1)
            _ = floor.run()
            medium = floor.medium
            till = floor.medium.tills.first
            phone = floor.medium.phones.values.first
            waiting = floor.medium.phones.values.first?.pendingTill != nil
        }
        #expect(waiting, "the run ended with the phone waiting to connect")
        #expect(medium == nil && till == nil && phone == nil, "the floor's medium and devices outlived it")
    }
}
