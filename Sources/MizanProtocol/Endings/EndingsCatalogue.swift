/// The endings catalogue as one table: for each ending, the (host, phone)
/// pairs it allows and whether money moved. The agreement rule is membership
/// in this table.
public enum EndingsCatalogue {
    public struct Row: Hashable, Sendable {
        public let ending: Ending
        public let pair: EndingPair
        public var hostScreen: HostScreen? { pair.host?.screen }
        public var phoneScreen: PhoneScreen? { pair.phone?.screen }
        public var charged: Bool { pair.charged }
    }

    public static let rows: [Row] = {
        /// Every pair of one of `hosts` with one of `phones`, host by host.
        func rows(_ ending: Ending, _ hosts: [HostEnding?], _ phones: [PhoneEnding?]) -> [Row] {
            hosts.flatMap { host in phones.map { Row(ending: ending, pair: EndingPair(host: host, phone: $0)) } }
        }
        /// Bluetooth off or not allowed on one side: the till (with no phone,
        /// a phone connecting or one mid-handshake) or the phone alone.
        func radioUnavailable(_ ending: Ending, _ host: HostEnding, _ phone: PhoneEnding) -> [Row] {
            rows(ending, [host], [nil]) + rows(ending, [nil], [phone]) + rows(ending, [host], [.couldntConnect, .handshakeFailed])
        }
        let groups: [[Row]] = [
            rows(.success, [.paid], [.paid]),
            rows(.failure, [.failed], [.failed]),
            rows(.payerDeclines, [.payerDeclined], [.youDeclined]),
            // With a phone mid-handshake when the countdown ran out: it sees the service go.
            rows(.noOneConnects, [.countdownExpired], [nil, .handshakeFailed]),
            rows(.cancelWhileBroadcasting, [.cancelledWhileBroadcasting], [nil, .couldntConnect, .handshakeFailed]),
            // The second: the payer declined as the operator cancelled; both sides say nothing was charged.
            rows(.cancelAfterSecureLink, [.cancelled], [.tillCancelled, .youDeclined]),
            rows(.linkLostAfterKeyBeforeAmount, [.handshakeFailed], [.handshakeFailed]),
            rows(.linkLostAfterConfirmBeforePick, [.paidPayerNotTold, .failedPayerNotTold], [.resultUnknown]),
            // The till cannot know whether its last notification arrived: where
            // it saw the result go out but the phone lost the link (paid, failed),
            // the phone honestly says the result is unknown.
            rows(.linkLostAfterPickBeforeResult, [.paidPayerNotTold, .failedPayerNotTold, .paid, .failed], [.resultUnknown]),
            radioUnavailable(.bluetoothOff, .bluetoothOff, .bluetoothOff),
            radioUnavailable(.bluetoothNotAllowed, .bluetoothNotAllowed, .bluetoothNotAllowed),
            // Handshake failed: the link acknowledged the phone's key, but the till was
            // ending the transaction it served and never took it: it never knew this phone.
            rows(.linkLostBeforeKey, [nil], [.couldntConnect, .handshakeFailed]),
            rows(.phoneDeadlinePasses, [nil, .handshakeFailed, .countdownExpired, .payerLeft], [.couldntConnect]),
            // You declined: the payer declined, and the decline was lost with the link.
            rows(.linkLostWhileReviewing, [.payerLeft], [.connectionLost, .youDeclined]),
            rows(.payerCancelsBeforeDeciding, [.payerLeft], [.cancelled]),
            rows(.tillBusy, [nil], [.tillBusy]),
            // Both sides detect the bad frame, or one does and the other only sees the link go.
            rows(.sealedFrameFails, [.secureLinkFailed], [.secureLinkFailed, .handshakeFailed, .connectionLost, .resultUnknown]),
            rows(.sealedFrameFails, [.payerLeft, .handshakeFailed], [.secureLinkFailed]),
            // A decline that failed to open at the till; a sealed end that failed to open at the phone.
            rows(.sealedFrameFails, [.secureLinkFailed], [.youDeclined]),
            rows(.sealedFrameFails, [.cancelled], [.secureLinkFailed]),
            // A till already serving another phone answers "busy"; spoiled on the
            // air, the answer fails to decode at the phone. That till never took
            // this phone's key, so it has no transaction with it (found by the soak).
            rows(.sealedFrameFails, [nil], [.secureLinkFailed]),
            rows(.linkLostAfterAmountSent, [.payerLeft], [.handshakeFailed]),
            // The last two: the payer cancels while the till secures the link with their
            // phone and the operator cancels too (before or after the amount went out):
            // both say cancelled, nothing charged. The faithful link layer's set-up widens this window.
            rows(.payerCancelsBeforeSecureLink, [nil, .handshakeFailed, .payerLeft, .cancelledWhileBroadcasting, .cancelled], [.cancelled]),
            // Handshake failed: the link went before the amount reached the phone, as the
            // operator cancelled (found by RandomFaultTests on the signal model, seed 927).
            // Couldn't connect: the link went before the phone saw its key acknowledged, though
            // the till had taken it and sent the amount (the phone's Bluetooth went off then;
            // found by RandomFaultTests with the body's direction on the signal model, seed 628).
            rows(.cancelAfterSecureLinkLinkLost, [.cancelled], [.connectionLost, .resultUnknown, .handshakeFailed, .couldntConnect]),
            rows(.confirmLostWithTheLink, [.payerLeft], [.resultUnknown]),
        ]
        return groups.flatMap { $0 }
    }()

    /// The catalogue's rows for a pair of endings (empty: the pair is not allowed).
    public static func rows(for pair: EndingPair) -> [Row] {
        rows.filter { $0.pair == pair }
    }

    /// The first ending of the catalogue that allows this pair, if any.
    public static func ending(for pair: EndingPair) -> Ending? {
        rows.first { $0.pair == pair }?.ending
    }
}
