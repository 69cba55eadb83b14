/// The first byte of a sealed message's plaintext.
enum SealedMessageKind: UInt8, CaseIterable {
    case amountDetails = 1
    case decision = 2
    case result = 3
    case end = 4
}
