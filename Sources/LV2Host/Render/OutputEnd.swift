/// The ending rule as a render learns it: a duration is known at once; otherwise the end is
/// settled once the input has ended (`RenderEnding`: a length, or a tail watched block by
/// block for silence or a steady level), and the output length is known when that tail stops.
struct OutputEnd {
    private(set) var ending: RenderEnding?
    /// The output frames to write, once known.
    private(set) var length: Int?
    private var tailWatch: TailWatch?

    init(_ request: RenderRequest) {
        if request.duration != nil { settle(RenderEnding(request, contentEnd: 0, latency: 0)) }
    }

    /// Why the output is as long as it is.
    var reason: RenderEndReason { tailWatch?.reason ?? .length }

    /// Whether more output is wanted once `written` frames are.
    func wants(after written: Int) -> Bool {
        length.map { written < $0 } ?? true
    }

    /// Settles the ending the first time the chain's input is known to have ended.
    mutating func inputEnded(_ request: RenderRequest, contentEnd: Int, latency: Int) {
        if ending == nil { settle(RenderEnding(request, contentEnd: contentEnd, latency: latency)) }
    }

    /// Looks at one block of output whose first frame is output frame `first` for where a tail
    /// stops; while `notesHeld`, the tail goes on up to its cap (`TailWatch`).
    mutating func scan(_ outputs: [UnsafeMutableBufferPointer<Float>], frames: Int, first: Int, notesHeld: Bool) {
        if length == nil, let found = tailWatch?.scan(outputs, frames: frames, first: first, notesHeld: notesHeld) {
            length = found
        }
    }

    private mutating func settle(_ known: RenderEnding) {
        ending = known
        switch known {
        case .length(let frames): length = frames
        case .tail(let start, let window, let limit): tailWatch = TailWatch(start: start, window: window, limit: limit)
        }
    }
}
