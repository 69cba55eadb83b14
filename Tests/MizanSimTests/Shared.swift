import Synchronization

/// A value that test tasks and the test body share (a class, so closures
/// capture a `Sendable` reference rather than a non-copyable `Mutex`).
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        storage.withLock { $0 }
    }

    func update(_ body: (inout Value) -> Void) {
        storage.withLock { body(&$0) }
    }
}
