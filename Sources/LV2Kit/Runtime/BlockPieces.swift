/// One piece of a block cut at its events: frames to process, or an event that acts at
/// the frame between two pieces.
public enum BlockPiece {
    /// Frames of the block to render, none of them empty.
    case frames(Range<Int>)
    /// The event that acts before the next frames.
    case event(AtomEvent)
}

/// A block cut at the frames of an event input's events, for a `run` that renders the
/// stretch before each event, then takes the event, so that every event acts at its exact
/// frame (`for piece in ports.pieces(.midiIn, frames: frames) { switch piece { … } }`).
/// Events at the same frame come one after another with no frames between; the last piece
/// runs to the block's end. No frames piece is empty.
public struct BlockPieces: Sequence, IteratorProtocol {
    private var events: AtomEvents
    private let frames: Int
    private var position = 0
    private var pending: AtomEvent?
    private var eventsLeft = true

    /// The pieces of a block of `frames` frames, cut at `events`.
    @_noAllocation @_noLocks
    public init(_ events: AtomEvents, frames: Int) {
        self.events = events
        self.frames = frames
    }

    @_noAllocation @_noLocks
    public mutating func next() -> BlockPiece? {
        if pending == nil && eventsLeft {
            pending = events.next()
            eventsLeft = pending != nil
        }
        if let event = pending {
            if event.frame > position {
                defer { position = event.frame }
                return .frames(position..<event.frame)
            }
            pending = nil
            return .event(event)
        }
        guard position < frames else { return nil }
        defer { position = frames }
        return .frames(position..<frames)
    }
}

extension Ports {
    /// This block cut at the events of `port` (see `BlockPieces`).
    @inlinable
    public func pieces(_ port: Port, frames: Int) -> BlockPieces {
        BlockPieces(events(port, frames: frames), frames: frames)
    }
}
