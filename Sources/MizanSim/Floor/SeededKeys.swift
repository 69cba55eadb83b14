import MizanRuntime

/// Key seeds drawn from a device's own stream of the run's generator, so that
/// every key pair, and so every sealed frame, replays with the seed.
final class SeededKeys {
    private var generator: SeededGenerator

    init(_ generator: SeededGenerator) { self.generator = generator }

    var source: KeySource {
        .seeded { [unowned self] in generator.bytes(count: 32) }
    }
}
