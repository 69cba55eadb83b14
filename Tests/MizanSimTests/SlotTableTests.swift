import Testing
import MizanTime

/// The timer tables' slots: a removed value's slot is the next one handed out,
/// an empty slot gives nothing back, and the table grows only when no slot is free.
@Suite struct SlotTableTests {
    @Test func aFreedSlotIsReusedBeforeTheTableGrows() {
        var table = SlotTable<String>()
        let a = table.insert("a"), b = table.insert("b")
        #expect((a, b) == (0, 1))
        #expect(table.remove(a) == "a")
        #expect(table.insert("c") == a, "the freed slot comes back first")
        #expect(table.insert("d") == 2, "then the table grows")
        #expect(table[a] == "c" && table[b] == "b")
    }

    @Test func theSlotFreedLastIsHandedOutFirstByInsertAndByReserve() {
        var table = SlotTable<Int>()
        for value in 0..<4 { _ = table.insert(value) }
        #expect(table.remove(1) == 1 && table.remove(3) == 3)
        #expect(table.reserve() == 3 && table[3] == nil, "reserve takes the last freed slot, empty")
        #expect(table.insert(9) == 1 && table.insert(10) == 4)
    }

    @Test func removingAnEmptySlotGivesNothingAndFreesNothing() {
        var table = SlotTable<Int>()
        let reserved = table.reserve()
        #expect(table.remove(reserved) == nil)
        #expect(table.reserve() == 1, "a slot that held nothing was not freed")
        table[reserved] = 7
        #expect(table.remove(reserved) == 7 && table.remove(reserved) == nil)
    }
}
