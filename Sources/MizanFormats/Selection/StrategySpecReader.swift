extension StrategySpec {
    /// A strategy as a JSON object names it: `{"name": "confident", "base":
    /// "mean", "window": 1, "margin": 3, "deadline": 3}`; parameters not given
    /// take their defaults, and any other field is an error (so are the `without` parameters,
    /// which the caller sets: not listed among those expected).
    public static func read(_ fields: JSONObjectReader, without: Set<StrategyParameter> = []) throws(JSONFileError) -> StrategySpec {
        let names = StrategyName.allCases.map { ($0.rawValue, $0) }
        let name = try fields.choice("name", names)
        let base = try fields.optionalChoice("base", names)
        var given: [(StrategyParameter, Double)] = []
        for parameter in StrategyParameter.allCases where !without.contains(parameter) {
            guard let value = fields.value(parameter.rawValue) else { continue }
            guard case let .number(number) = value else {
                throw fields.error(parameter.rawValue, "expected a number (\(parameter.unit)), got \(value.brief)")
            }
            given.append((parameter, number.value))
        }
        try fields.finish()
        do { return try StrategySpec(name: name, base: base, values: given) } catch {
            throw JSONFileError(file: fields.file, field: fields.path, problem: error.description)
        }
    }
}
