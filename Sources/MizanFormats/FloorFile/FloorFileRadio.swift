import MizanSim
extension FloorFile {
    /// The radio section: `RadioParameters` by name (times in milliseconds),
    /// optionally starting from the ideal radio, plus per-till offsets as
    /// `mizan calibrate` writes them.
    static func readRadio(_ radio: JSONObjectReader, into plan: inout FloorPlan) throws(JSONFileError) {
        var p = try radio.optionalBool("ideal") == true ? RadioParameters.ideal : RadioParameters()
        if let v = try radio.optionalNumber("referenceRSSI", in: -150...20) { p.referenceRSSI = v }
        if let v = try radio.optionalNumber("pathLossExponent", in: 0.5...6) { p.pathLossExponent = v }
        if let v = try radio.optionalNumber("packetSigma", in: 0...40) { p.packetSigma = v }
        if let v = try radio.optionalNumber("linkShadowingSigma", in: 0...40) { p.linkShadowingSigma = v }
        if let v = try radio.optionalNumber("ricianKdB", in: -20...40) { p.ricianKdB = v }
        if let v = try radio.optionalNumber("sensitivity", in: -150...0) { p.sensitivity = v }
        if let v = try radio.optionalNumber("tillHeight", in: 0...100) { p.tillHeight = v }
        if let v = try radio.optionalNumber("phoneHeight", in: 0...100) { p.phoneHeight = v }
        if let v = try radio.optionalNumber("advertisingIntervalMs", in: 20...10_240) { p.advertisingInterval = .milliseconds(v) }
        if let v = try radio.optionalNumber("advertisingDelayMaxMs", in: 0...10) { p.advertisingDelayMax = .milliseconds(v) }
        if let v = try radio.optionalInteger("advertisingChannels", in: 1...3) { p.advertisingChannels = v }
        if let v = try radio.optionalBool("collisions") { p.collisions = v }
        if let v = try radio.optionalNumber("connectLatencyMs", in: 0...60_000) { p.connectLatency = .milliseconds(v) }
        if let v = try radio.optionalNumber("connectionIntervalMs", in: 7.5...4_000) { p.connectionInterval = .milliseconds(v) }
        if let v = try radio.optionalNumber("supervisionTimeoutMs", in: 100...32_000) { p.supervisionTimeout = .milliseconds(v) }
        if let v = try radio.optionalNumber("perMidpoint", in: -150...0) { p.perMidpoint = v }
        if let v = try radio.optionalNumber("perSlope", in: 0.01...20) { p.perSlope = v }
        if let v = try radio.optionalInteger("notifyQueueCapacity", in: 1...1_000) { p.notifyQueueCapacity = v }
        if let v = try radio.optionalNumber("serviceRetirementLatencyMs", in: 0...60_000) { p.serviceRetirementLatency = .milliseconds(v) }
        if let v = try radio.optionalNumber("hostCryptoLatencyMs", in: 0...60_000) { p.hostCryptoLatency = .milliseconds(v) }
        if try radio.optionalBool("isolatedPairs") == true { plan.audibility = .ownTillOnly }
        if let offsets = try radio.optionalObjects("tillOffsets") {
            for entry in offsets {
                let till = try entry.required(entry.optionalInteger("till", in: 1...plan.tills.count), "till", "a till number from 1 to \(plan.tills.count)")
                plan.tills[till - 1].rssiOffset = try entry.required(entry.optionalNumber("offset", in: -60...60), "offset", "a number of dB")
                try entry.finish()
            }
        }
        plan.radio = p
    }
}

extension Duration {
    static func milliseconds(_ value: Double) -> Duration { .nanoseconds(Int64((value * 1e6).rounded())) }
}
