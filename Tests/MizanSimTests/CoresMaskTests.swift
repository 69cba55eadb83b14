import Testing
@testable import MizanTime

/// The affinity mask of `/proc/self/status` (comma-separated hex words), counted.
@Suite struct CoresMaskTests {
    @Test func aMaskCountsItsSetBitsAcrossWords() {
        #expect(Cores.count(mask: "\t3\n") == 2)
        #expect(Cores.count(mask: "ff,00000001") == 9)
        #expect(Cores.count(mask: "0") == nil)
        #expect(Cores.count(mask: "zz") == nil)
    }
}
