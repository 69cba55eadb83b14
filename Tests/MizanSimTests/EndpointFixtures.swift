import MizanGeometry
import MizanProtocol
@testable import MizanRadio

/// Endpoints for tests of the medium's lists, made outside any medium: a phone numbered `index`
/// standing at the origin, and a till numbered `index` there.
extension PhoneEndpoint {
    static func fixture(_ index: Int) -> PhoneEndpoint {
        PhoneEndpoint(index: index, central: CentralID(UInt32(index)), motion: .standing(at: Position(x: 0, y: 0)), offset: 0, bodyLoss: 0)
    }
}

extension TillEndpoint {
    static func fixture(_ index: Int) -> TillEndpoint {
        TillEndpoint(index: index, tillID: TillID(UInt32(index + 1)), position: Position(x: 0, y: 0), offset: 0)
    }
}
