import MizanRadio
import MizanTime
/// The payers waiting at a till, first in line first: payers who never acted
/// (a stride of indices, never stored one by one) and then those who came back
/// to the end of the line.
struct PayerQueue {
    /// Payers who have not acted yet, in line order: `next`, `next + stride`, ... below `end`.
    private var fresh: (next: Int, stride: Int, end: Int)
    private var back: [Int] = []
    private var backStart = 0

    init() { fresh = (0, 1, 0) }

    init(from first: Int, to end: Int, by stride: Int) { fresh = (first, stride, end) }

    /// Payers in the line.
    var count: Int { Swift.max(0, (fresh.end - fresh.next + fresh.stride - 1) / fresh.stride) + back.count - backStart }

    var first: Int? { fresh.next < fresh.end ? fresh.next : (backStart < back.count ? back[backStart] : nil) }

    mutating func append(_ payer: Int) { back.append(payer) }

    /// Takes `payer` out of the line, wherever it stands.
    mutating func remove(_ payer: Int) {
        if fresh.next < fresh.end, payer >= fresh.next, (payer - fresh.next) % fresh.stride == 0, payer < fresh.end {
            if payer == fresh.next {
                fresh.next += fresh.stride
            } else {
                // Not first among the fresh: store the fresh line before it, then continue after it.
                var before: [Int] = []
                var index = fresh.next
                while index < payer { before.append(index); index += fresh.stride }
                fresh.next = payer + fresh.stride
                back = before + Array(stride(from: fresh.next, to: fresh.end, by: fresh.stride)) + back[backStart...]
                backStart = 0
                fresh = (0, 1, 0)
            }
            return
        }
        if backStart < back.count, back[backStart] == payer {
            backStart += 1
            if backStart > 64, backStart * 2 > back.count { back.removeFirst(backStart); backStart = 0 }
        } else if let at = back[backStart...].firstIndex(of: payer) {
            back.remove(at: at)
        }
    }
}
