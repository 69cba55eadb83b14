import Foundation

/// The two Wycheproof files the crypto tests run (copied from
/// the Wycheproof project with their LICENSE and SOURCE.txt).
enum Wycheproof {
    struct File<Group: Decodable & Sendable>: Decodable, Sendable {
        let numberOfTests: Int
        let testGroups: [Group]
    }

    struct X25519Group: Decodable, Sendable {
        let curve: String
        let tests: [X25519Vector]
    }

    struct X25519Vector: Decodable, Sendable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let `public`: String
        let `private`: String
        let shared: String
        let result: String
    }

    struct AEADGroup: Decodable, Sendable {
        let ivSize: Int
        let keySize: Int
        let tagSize: Int
        let tests: [AEADVector]
    }

    struct AEADVector: Decodable, Sendable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let key: String
        let iv: String
        let aad: String
        let msg: String
        let ct: String
        let tag: String
        let result: String
    }

    static func load<Group>(_ name: String, as: Group.Type) throws -> File<Group> {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name).json"])
        }
        return try JSONDecoder().decode(File<Group>.self, from: Data(contentsOf: url))
    }
}
