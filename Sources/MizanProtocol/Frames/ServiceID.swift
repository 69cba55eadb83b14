/// The Mizan BLE service UUID, 6d1f0a4e-93b2-4c7a-b5e8-2f40c9d17a63, as its 16
/// bytes in network order. Every advertisement starts with it.
public enum ServiceID {
    public static let bytes: [UInt8] = [
        0x6D, 0x1F, 0x0A, 0x4E, 0x93, 0xB2, 0x4C, 0x7A,
        0xB5, 0xE8, 0x2F, 0x40, 0xC9, 0xD1, 0x7A, 0x63,
    ]

    static let byteCount = 16
}
