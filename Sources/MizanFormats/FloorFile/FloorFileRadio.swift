import MizanSim
import MizanRadio
import MizanGeometry
enum FloorFileRadio {
    /// The radio section: `RadioParameters` by name (times in milliseconds),
    /// optionally starting from the ideal radio, plus per-till offsets as
    /// `mizan calibrate` writes them. `advertising` picks the model: `signal`
    /// (the default) or `simple` (the first definition; the ideal radio's
    /// default); each model's own fields are refused on the other.
    static func readRadio(_ radio: JSONObjectReader, into plan: inout FloorPlan) throws(JSONFileError) {
        let ideal = try radio.optionalBool("ideal") == true
        var p = ideal ? RadioParameters.ideal : RadioParameters()
        if let model = try radio.optionalChoice("advertising", AdvertisingModel.allCases.map { (name: $0.rawValue, value: $0) }) {
            p.advertising = model
        }
        let simpleOnly = ["packetSigma", "linkShadowingSigma", "ricianKdB", "collisions"]
        let signalOnly = ["tillOffsetSigma", "shadowingSigma", "shadowingLengthM", "fadingKdB", "fadingLengthM", "channelFadingKdB",
                          "packetNoise", "packetSpacingMs", "captureThreshold", "bystanderEventsPerSecond", "bystanderRSSI", "bystanderSpread"]
        for key in p.advertising == .signal ? simpleOnly : signalOnly where radio.has(key) {
            let other: AdvertisingModel = p.advertising == .signal ? .simple : .signal
            throw radio.error(key, "belongs to the \(other.rawValue) advertising model, and this radio uses the \(p.advertising.rawValue) one; add \"advertising\": \"\(other.rawValue)\" to use it (docs/signal-model.md)")
        }
        if let v = try radio.optionalNumber("tillOffsetSigma", in: 0...20) { p.tillOffsetSigma = v }
        if let v = try radio.optionalNumber("shadowingSigma", in: 0...20) { p.shadowingSigma = v }
        if let v = try radio.optionalNumber("shadowingLengthM", in: 0.01...100) { p.shadowingLength = v }
        if let v = try radio.optionalNumber("fadingKdB", in: -10...40) { p.fadingKdB = v }
        if let v = try radio.optionalNumber("fadingLengthM", in: 0.01...10) { p.fadingLength = v }
        if let v = try radio.optionalNumber("channelFadingKdB", in: -10...40) { p.channelFadingKdB = v }
        if let v = try radio.optionalNumber("packetNoise", in: 0...20) { p.packetNoise = v }
        if let v = try radio.optionalNumber("packetSpacingMs", in: 0...10) { p.packetSpacing = .milliseconds(v) }
        if let v = try radio.optionalNumber("captureThreshold", in: 0...40) { p.captureThreshold = v }
        // A rate above 2,000 events a second (one every 0.5 ms) would keep every channel busy nearly all the time.
        if let v = try radio.optionalNumber("bystanderEventsPerSecond", in: 0...2_000) { p.bystanderEventsPerSecond = v }
        if let v = try radio.optionalNumber("bystanderRSSI", in: -150...20) { p.bystanderRSSI = v }
        if let v = try radio.optionalNumber("bystanderSpread", in: 0...20) { p.bystanderSpread = v }
        if let v = try radio.optionalNumber("referenceRSSI", in: -150...20) { p.referenceRSSI = v }
        if let v = try radio.optionalNumber("pathLossExponent", in: 0.5...6) { p.pathLossExponent = v }
        try readFarField(radio, into: &p)
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
            // Measured offsets: the tills' own offsets are known, none is drawn (unless the file asks for a spread too).
            if !radio.has("tillOffsetSigma") { p.tillOffsetSigma = 0 }
            var seen: [Int: Int] = [:]
            for (index, entry) in offsets.enumerated() {
                let till = try entry.required(entry.optionalInteger("till", in: 1...plan.tills.count), "till", "a till number from 1 to \(plan.tills.count)")
                if let first = seen[till] { throw entry.error("till", "till \(till) already has an offset (tillOffsets[\(first)]): give each till one offset") }
                seen[till] = index
                plan.tills[DeviceRef.till(number: till).index].rssiOffset = try entry.required(entry.optionalNumber("offset", in: -60...60), "offset", "a number of dB")
                try entry.finish()
            }
        }
        plan.radio = p
    }

    /// `farField`: `{"breakpointM": m, "exponent": n}`, where the loss steepens and to what
    /// (`FarField`; the default is the IEEE 802.11n large space's, 30 m and 3.5), or `"none"`
    /// for one slope at every distance.
    private static func readFarField(_ radio: JSONObjectReader, into p: inout RadioParameters) throws(JSONFileError) {
        switch radio.value("farField") {
        case nil: return
        case .string?:
            _ = try radio.optionalChoice("farField", [(name: "none", value: ())])
            p.farField = nil
            return
        case .object?: break
        case let other?: throw radio.error("farField", "expected {\"breakpointM\": metres, \"exponent\": n} or \"none\", got \(other.kind)")
        }
        guard let far = try radio.optionalObject("farField") else { return }
        let breakpoint = try far.required(far.optionalNumber("breakpointM", in: 1...100_000), "breakpointM", "a distance in metres")
        let exponent = try far.required(far.optionalNumber("exponent", in: 0.5...10), "exponent", "a path-loss exponent")
        try far.finish()
        p.farField = FarField(breakpoint: breakpoint, exponent: exponent)
    }
}

extension Duration {
    static func milliseconds(_ value: Double) -> Duration { .nanoseconds(Int64((value * 1e6).rounded())) }

    /// Whole and fractional milliseconds, for an error message.
    var milliseconds: String { Figures.text(Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15, digits: 3) }
}
