import Foundation
import HostFiles
import TestSupport
import XCTest

/// A state property may be empty (an arpeggiator's chord with no key held): lilv reads an
/// empty chunk back as no property at all, and a state saved so is whole all the same.
final class EmptyChunkStateTests: XCTestCase {
    let folder = TemporaryFolder("empty-chunk")

    func testAStateWithAnEmptyPropertySavesAndLoads() throws {
        let lv2 = try Self.lv2Directory()
        let input = folder.path("in.wav"), state = folder.path("state")
        try writeWAV([[Float](repeating: 0.25, count: 4800)], sampleRate: 48000, to: input)
        let saved = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("saved.wav"), "--save-state", state],
                                          extraLV2Directories: [lv2])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/state.ttl"))
        let loaded = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("loaded.wav"), "--state", state],
                                           extraLV2Directories: [lv2])
        XCTAssertEqual(loaded.status, 0, loaded.standardError)
        XCTAssertEqual(try AudioFile.read(path: folder.path("loaded.wav")).channels, try AudioFile.read(path: folder.path("saved.wav")).channels)
    }

    static let uri = "urn:swiftlv2:test:empty-chunk"

    static func lv2Directory() throws -> String { try built.get() }

    /// Its state is one property, an empty chunk.
    private static let built = Result {
        try PlantedStatePlugin.build("test-empty-chunk", uri: uri, type: "http://lv2plug.in/ns/ext/atom#Chunk", save: """
                static const char nothing[1] = {0};
                return store(state, self->property, nothing, 0, self->type, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
            """)
    }
}
