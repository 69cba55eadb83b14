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
        func row(_ ending: Ending, _ host: HostEnding?, _ phone: PhoneEnding?) -> Row {
            Row(ending: ending, pair: EndingPair(host: host, phone: phone))
        }
        return [
            row(.success, .paid, .paid),
            row(.failure, .failed, .failed),
            row(.payerDeclines, .payerDeclined, .youDeclined),
            row(.noOneConnects, .countdownExpired, nil),
            // The countdown ran out with a phone mid-handshake: it sees the service go.
            row(.noOneConnects, .countdownExpired, .handshakeFailed),
            row(.cancelWhileBroadcasting, .cancelledWhileBroadcasting, nil),
            row(.cancelWhileBroadcasting, .cancelledWhileBroadcasting, .couldntConnect),
            row(.cancelWhileBroadcasting, .cancelledWhileBroadcasting, .handshakeFailed),
            row(.cancelAfterSecureLink, .cancelled, .tillCancelled),
            // The payer declined as the operator cancelled: both sides say nothing was charged.
            row(.cancelAfterSecureLink, .cancelled, .youDeclined),
            row(.linkLostAfterKeyBeforeAmount, .handshakeFailed, .handshakeFailed),
            row(.linkLostAfterConfirmBeforePick, .paidPayerNotTold, .resultUnknown),
            row(.linkLostAfterConfirmBeforePick, .failedPayerNotTold, .resultUnknown),
            // The till cannot know whether its last notification arrived: where
            // it saw the result go out but the phone lost the link, the phone
            // honestly says the result is unknown.
            row(.linkLostAfterPickBeforeResult, .paidPayerNotTold, .resultUnknown),
            row(.linkLostAfterPickBeforeResult, .failedPayerNotTold, .resultUnknown),
            row(.linkLostAfterPickBeforeResult, .paid, .resultUnknown),
            row(.linkLostAfterPickBeforeResult, .failed, .resultUnknown),
            row(.bluetoothOff, .bluetoothOff, nil),
            row(.bluetoothOff, nil, .bluetoothOff),
            // The till's Bluetooth went off with a phone connecting or mid-handshake.
            row(.bluetoothOff, .bluetoothOff, .couldntConnect),
            row(.bluetoothOff, .bluetoothOff, .handshakeFailed),
            row(.bluetoothNotAllowed, .bluetoothNotAllowed, nil),
            row(.bluetoothNotAllowed, nil, .bluetoothNotAllowed),
            row(.bluetoothNotAllowed, .bluetoothNotAllowed, .couldntConnect),
            row(.bluetoothNotAllowed, .bluetoothNotAllowed, .handshakeFailed),
            row(.linkLostBeforeKey, nil, .couldntConnect),
            // The link acknowledged the phone's key, but the till was ending the
            // transaction it served and never took it: it never knew this phone.
            row(.linkLostBeforeKey, nil, .handshakeFailed),
            row(.phoneDeadlinePasses, nil, .couldntConnect),
            row(.phoneDeadlinePasses, .handshakeFailed, .couldntConnect),
            row(.phoneDeadlinePasses, .countdownExpired, .couldntConnect),
            row(.phoneDeadlinePasses, .payerLeft, .couldntConnect),
            row(.linkLostWhileReviewing, .payerLeft, .connectionLost),
            // The payer declined, and the decline was lost with the link.
            row(.linkLostWhileReviewing, .payerLeft, .youDeclined),
            row(.payerCancelsBeforeDeciding, .payerLeft, .cancelled),
            row(.tillBusy, nil, .tillBusy),
            row(.sealedFrameFails, .secureLinkFailed, .secureLinkFailed),
            // One side detects the bad frame; the other only sees the link go.
            row(.sealedFrameFails, .secureLinkFailed, .handshakeFailed),
            row(.sealedFrameFails, .secureLinkFailed, .connectionLost),
            row(.sealedFrameFails, .secureLinkFailed, .resultUnknown),
            row(.sealedFrameFails, .payerLeft, .secureLinkFailed),
            row(.sealedFrameFails, .handshakeFailed, .secureLinkFailed),
            // A decline that failed to open at the till; a sealed end that failed to open at the phone.
            row(.sealedFrameFails, .secureLinkFailed, .youDeclined),
            row(.sealedFrameFails, .cancelled, .secureLinkFailed),
            row(.linkLostAfterAmountSent, .payerLeft, .handshakeFailed),
            row(.payerCancelsBeforeSecureLink, nil, .cancelled),
            row(.payerCancelsBeforeSecureLink, .handshakeFailed, .cancelled),
            row(.payerCancelsBeforeSecureLink, .payerLeft, .cancelled),
            // The payer cancels while the till secures the link with their phone, and the
            // operator cancels too (before or after the amount went out): both say cancelled,
            // nothing charged. The faithful link layer's set-up widens this window.
            row(.payerCancelsBeforeSecureLink, .cancelledWhileBroadcasting, .cancelled),
            row(.payerCancelsBeforeSecureLink, .cancelled, .cancelled),
            row(.cancelAfterSecureLinkLinkLost, .cancelled, .connectionLost),
            row(.cancelAfterSecureLinkLinkLost, .cancelled, .resultUnknown),
            row(.confirmLostWithTheLink, .payerLeft, .resultUnknown),
        ]
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
