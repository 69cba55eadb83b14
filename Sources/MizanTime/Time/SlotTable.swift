/// Values kept by slot number, the slots of removed values reused: what the
/// timer tables hand the clock as a timer's event number (`TimerTarget`), so
/// that a steady stream of timers allocates nothing once the table has grown.
///
/// `@usableFromInline` on the type lets the other modules specialise it: a
/// `package` type without it is called as an unspecialised generic, each call
/// looking its metadata up at run time.
@frozen
@usableFromInline
package struct SlotTable<Element> {
    @usableFromInline var elements: [Element?] = []
    @usableFromInline var free: [Int] = []

    @inlinable
    package init() {}

    /// An empty slot, for a value that is put in later (`subscript`).
    @inlinable @inline(__always)
    package mutating func reserve() -> Int {
        if let slot = free.popLast() { return slot }
        elements.append(nil)
        return elements.count - 1
    }

    /// Puts `element` in a free slot; returns the slot.
    @inlinable @inline(__always)
    package mutating func insert(_ element: Element) -> Int {
        if let slot = free.popLast() {
            elements[slot] = element
            return slot
        }
        elements.append(element)
        return elements.count - 1
    }

    /// Takes the value out of `slot`, which becomes free; nil (the slot left as it is) when it holds none.
    @inlinable @inline(__always)
    package mutating func remove(_ slot: Int) -> Element? {
        guard let element = elements[slot].take() else { return nil }
        free.append(slot)
        return element
    }

    @inlinable @inline(__always)
    package subscript(slot: Int) -> Element? {
        get { elements[slot] }
        set { elements[slot] = newValue }
    }
}
