/// The channel messages of a Standard MIDI File in playback order, read from the file's
/// bytes as they are needed: the tracks are merged by tick (at one tick, in track order),
/// each timed through the file's tempo map, then put in playback order instant by instant.
/// Memory stays the same however many events the file holds.
public struct MIDIFileEvents: IteratorProtocol {
    private var readers: [MIDITrackReader]
    /// Each track's next channel message, nil once the track is over.
    private var heads: [(tick: Int, bytes: [UInt8])?]
    /// Tracks with a message left, as a binary min-heap on (tick, track).
    private var heap: [Int] = []
    private let tempoMap: TempoMap
    private var orderer = PlaybackOrderer()
    private var ready: [TimedMIDIEvent] = []
    private var readyIndex = 0
    private var isDrained = false

    init(bytes: [UInt8], name: String, contents: StandardMIDIFileContents, tempoMap: TempoMap) {
        readers = contents.tracks.map { MIDITrackReader(bytes: bytes, name: name, range: $0.range) }
        heads = Array(repeating: nil, count: readers.count)
        self.tempoMap = tempoMap
        for track in readers.indices {
            advance(track)
            if heads[track] != nil { push(track) }
        }
    }

    public mutating func next() -> TimedMIDIEvent? {
        while readyIndex == ready.count {
            guard !isDrained else { return nil }
            ready = []
            readyIndex = 0
            if let event = nextInFileOrder() {
                ready = orderer.add(event)
            } else {
                ready = orderer.finish()
                isDrained = true
            }
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    private mutating func nextInFileOrder() -> TimedMIDIEvent? {
        guard let track = heap.first, let head = heads[track] else { return nil }
        advance(track)
        if heads[track] != nil { siftDown(0) } else { removeTop() }
        return TimedMIDIEvent(seconds: tempoMap.seconds(atTick: head.tick), bytes: head.bytes)
    }

    /// Reads the track's next channel message into `heads`. The file was read through once
    /// already (`StandardMIDIFileParser`), so no error can come up the second time; were
    /// one to, the track would simply end there.
    private mutating func advance(_ track: Int) {
        while true {
            switch (try? readers[track].next()) ?? .end(tick: 0) {
            case .channelMessage(let tick, let bytes):
                heads[track] = (tick, bytes)
                return
            case .tempo:
                continue
            case .end:
                heads[track] = nil
                return
            }
        }
    }

    // MARK: - The heap

    private func precedes(_ a: Int, _ b: Int) -> Bool {
        (heads[a]!.tick, a) < (heads[b]!.tick, b)
    }

    private mutating func push(_ track: Int) {
        heap.append(track)
        var child = heap.count - 1
        while child > 0, precedes(heap[child], heap[(child - 1) / 2]) {
            heap.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    private mutating func removeTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, precedes(heap[left], heap[first]) { first = left }
            if right < heap.count, precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
