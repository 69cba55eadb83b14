import MizanSim

/// MizanSim's strict JSON parser, with its failure as this module's `InputError`.
enum JSONInput {
    static func parse(_ text: String, path: String) throws(InputError) -> JSONValue {
        do throws(JSONParser.Failure) { return try JSONParser.parse(text) } catch {
            throw InputError(path: path, "not valid JSON: \(error)")
        }
    }
}
