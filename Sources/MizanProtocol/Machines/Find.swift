/// The phone's first machine: the payer taps Start, the phone scans and picks a
/// till by signal strength, hands it to `Connect`, and waits. Every phone
/// transaction ends here: it is told the ending, reports it and shows it.
/// The 10 s deadline from Start to a secure link starts here.
public struct Find: Sendable {
    public struct Config: Sendable {
        public let chooser: any TillChooser
        public let deadline: Duration

        /// The phone's deadline from Start to a secure link.
        public static let standardDeadline: Duration = .seconds(10)

        public init(chooser: any TillChooser, deadline: Duration = standardDeadline) {
            self.chooser = chooser
            self.deadline = deadline
        }
    }

    public enum State: Hashable, Sendable {
        case idle(radio: RadioAvailability)
        /// Searching: the packets heard in the current window, and when the first
        /// packet of this scan was heard (a strategy's deadline counts from it).
        case scanning([RSSISample], firstHeard: Duration?, radio: RadioAvailability)
        /// `Connect` runs; waiting for the transaction to end.
        case handedOver(TillID, radio: RadioAvailability)
        case ended(PhoneEnding, radio: RadioAvailability)
    }

    public enum Event: Hashable, Sendable {
        case tapStart
        case advertisementSeen(RSSISample)
        /// The scan window elapsed: time to ask the strategy.
        case scanWindowElapsed(now: Duration)
        case deadlinePassed
        case payerCancels
        case dismiss
        case radioChanged(RadioAvailability)
        /// From `Connect`.
        case transactionEnded(PhoneEnding)
    }

    public enum Effect: Hashable, Sendable {
        case startScan
        case stopScan
        case startScanWindow(Duration)
        case cancelScanWindow
        case startDeadline(Duration)
        case cancelDeadline
        case startConnect(TillID)
        /// Report the ending (to metrics, traces and lanes).
        case finished(PhoneEnding)
    }

    public let config: Config
    public init(config: Config) { self.config = config }

    public static let initialState = State.idle(radio: .on)

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case let .idle(radio), let .ended(_, radio):
            switch event {
            case .tapStart:
                switch radio {
                case .on:
                    state = .scanning(Self.emptyWindow(), firstHeard: nil, radio: radio)
                    return [.startScan, .startDeadline(config.deadline), .startScanWindow(config.chooser.scanWindow)]
                case .off:
                    state = .ended(.bluetoothOff, radio: radio)
                    return [.finished(.bluetoothOff)]
                case .notAllowed:
                    state = .ended(.bluetoothNotAllowed, radio: radio)
                    return [.finished(.bluetoothNotAllowed)]
                }
            case .dismiss:
                state = .idle(radio: radio)
                return []
            case let .radioChanged(new):
                if case let .ended(ending, _) = state { state = .ended(ending, radio: new) } else { state = .idle(radio: new) }
                return []
            case .advertisementSeen, .scanWindowElapsed, .deadlinePassed, .payerCancels, .transactionEnded:
                return [] // ignored: not searching
            }

        case let .scanning(_, _, radio):
            // The samples are bound only where a decision reads them: the hottest event (one per
            // packet heard) appends in place, and a binding held across it would copy them.
            switch event {
            case let .advertisementSeen(sample):
                Self.record(sample, &state)
                return []
            case let .scanWindowElapsed(now):
                guard case let .scanning(samples, firstHeard, _) = state else { return [] }
                guard let till = config.chooser.choose(from: samples, now: now, since: firstHeard) else {
                    // Not yet: keep scanning, and keep only what the next decision can use.
                    Self.forget(samplesUpTo: now - config.chooser.scanWindow, &state)
                    return [.startScanWindow(config.chooser.scanWindow)]
                }
                state = .handedOver(till, radio: radio)
                return [.stopScan, .startConnect(till)]
            case .deadlinePassed:
                return end(.couldntConnect, radio: radio, &state)
            case .payerCancels:
                return [.cancelDeadline] + end(.cancelled, radio: radio, &state)
            case let .radioChanged(new):
                switch new {
                case .on:
                    if case let .scanning(samples, firstHeard, _) = state { state = .scanning(samples, firstHeard: firstHeard, radio: new) }
                    return []
                case .off: return [.cancelDeadline] + end(.bluetoothOff, radio: new, &state)
                case .notAllowed: return [.cancelDeadline] + end(.bluetoothNotAllowed, radio: new, &state)
                }
            case .tapStart, .dismiss, .transactionEnded:
                return [] // ignored: already searching
            }

        case let .handedOver(_, radio):
            switch event {
            case let .transactionEnded(ending):
                state = .ended(ending, radio: radio)
                return [.finished(ending)]
            case let .radioChanged(new):
                if case let .handedOver(till, _) = state { state = .handedOver(till, radio: new) }
                return []
            case .tapStart, .advertisementSeen, .scanWindowElapsed, .deadlinePassed, .payerCancels, .dismiss:
                return [] // ignored: Connect runs the transaction now
            }
        }
    }

    /// A packet heard (`.advertisementSeen`): appended in place while
    /// scanning, ignored otherwise or when its RSSI is not available. It has
    /// no effect and leaves the state's case as it is (so its screen too).
    /// The state gives up its copy of the samples first, so a scan costs one
    /// append per packet, not one copy.
    public static func record(_ sample: RSSISample, _ state: inout State) {
        guard sample.rssi != RSSISample.notAvailable, case .scanning(var samples, let firstHeard, let radio) = state else { return }
        state = .idle(radio: radio)
        samples.append(sample)
        state = .scanning(samples, firstHeard: firstHeard ?? sample.at, radio: radio)
    }

    /// No samples yet, with room for a busy window's packets (a phone among
    /// 200 tills hears about 400 in its first window): a scan's appends
    /// then rarely grow the array, which cost a tenth of a packet's path on the
    /// floor (docs/speed-and-memory.md). Memory only (32 bytes a sample while
    /// scanning); nothing the machine reports depends on it.
    private static func emptyWindow() -> [RSSISample] {
        var samples: [RSSISample] = []
        samples.reserveCapacity(512)
        return samples
    }

    /// Drops the samples heard at or before `horizon`, in place: the array
    /// keeps its capacity, so the next window's packets append without growing it.
    private static func forget(samplesUpTo horizon: Duration, _ state: inout State) {
        guard case .scanning(var samples, let firstHeard, let radio) = state else { return }
        state = .idle(radio: radio)
        samples.removeAll { $0.at <= horizon }
        state = .scanning(samples, firstHeard: firstHeard, radio: radio)
    }

    private func end(_ ending: PhoneEnding, radio: RadioAvailability, _ state: inout State) -> [Effect] {
        state = .ended(ending, radio: radio)
        return [.stopScan, .cancelScanWindow, .finished(ending)]
    }

    public static func screen(_ state: State) -> PhoneScreen? {
        switch state {
        case let .idle(radio):
            switch radio {
            case .on: .start
            case .off: .turnBluetoothOn
            case .notAllowed: .allowBluetooth
            }
        case .scanning: .searching
        case .handedOver: nil
        case let .ended(ending, _): ending.screen
        }
    }
}
