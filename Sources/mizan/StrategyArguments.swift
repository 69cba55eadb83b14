import MizanFormats

/// `--strategy NAME [--base NAME] [--window S] [--margin DB] ...`: reads a
/// selection strategy and only the parameters it takes, so a parameter the
/// strategy does not take stays unread and `finish()` rejects it.
enum StrategyArguments {
    static let usage = """
      --strategy S  strongest, mean, median, ema, kalman, position, fingerprint
                    (scoring), or hysteresis, confident (wrapping a scoring
                    --base); default mean
      --base S      the scoring strategy a wrapper wraps (default mean)
      --window S             seconds of samples scored (default 1)
      --time-constant S      ema: a sample's weight falls by e every S seconds (default 0.5)
      --process-noise Q      kalman: random-walk variance growth, dB² per s (default 2)
      --measurement-noise R  kalman: per-sample variance, dB² (default 40)
      --margin DB            lead needed, dB (default: hysteresis 8, confident 3)
      --deadline S           confident: decide anyway this long after Start (default 3)
      --bandwidth M          fingerprint: kernel over the walk's readings, metres (default 1; 0: the model only)
      --path-prior M         fingerprint: prior kernel over where the walk went, metres (default 0.5; 0: flat)
      --speed V              position, fingerprint: the payer's motion model, m/s (default 0: standing still)
    """

    static func read(_ args: inout Arguments) throws(UsageError) -> StrategySpec {
        let nameText = try args.value("--strategy") ?? StrategyName.mean.rawValue
        guard let name = StrategyName(rawValue: nameText) else {
            throw UsageError("\(args.command): --strategy expects one of \(StrategyName.list), got '\(nameText)'")
        }
        var base: StrategyName?
        if name.isWrapper {
            let baseText = try args.value("--base") ?? StrategyName.mean.rawValue
            guard let named = StrategyName(rawValue: baseText) else {
                throw UsageError("\(args.command): --base expects one of \(StrategyName.list), got '\(baseText)'")
            }
            base = named
        }
        var given: [(StrategyParameter, Double)] = []
        for parameter in name.parameters + (base?.parameters ?? []) {
            if let value = try args.number(parameter.flag, in: parameter.range) { given.append((parameter, value)) }
        }
        do { return try StrategySpec(name: name, base: base, values: given) } catch {
            throw UsageError("\(args.command): \(error.description)")
        }
    }

    /// The strategy options `spec` does not take, each with the strategies
    /// that do (for `Arguments.finish(elsewhere:)`: "--margin is taken by
    /// hysteresis, confident").
    static func elsewhere(_ spec: StrategySpec) -> [(option: String, takenBy: String)] {
        let taken = Set((spec.name.parameters + (spec.base?.parameters ?? [])).map(\.flag))
        var others: [(option: String, takenBy: String)] = []
        var seen = Set<String>()
        for parameter in StrategyName.allCases.flatMap(\.parameters) where !taken.contains(parameter.flag) && seen.insert(parameter.flag).inserted {
            let names = StrategyName.allCases.filter { $0.parameters.contains(parameter) }.map(\.rawValue)
            others.append((parameter.flag, "--strategy " + names.joined(separator: ", ") + " (this is \(spec.name.rawValue))"))
        }
        if !spec.name.isWrapper {
            let wrappers = StrategyName.allCases.filter(\.isWrapper).map(\.rawValue)
            others.append(("--base", "the wrappers, --strategy " + wrappers.joined(separator: ", ") + " (this is \(spec.name.rawValue))"))
        }
        return others
    }
}
