import HostFiles
import Foundation
import TestSupport
import XCTest

/// `ByteName` alone: how a name that is not UTF-8 is shown, aliased, looked up and let go.
final class ByteNameRegistryTests: XCTestCase {
    let folder = TemporaryFolder("byte-name-registry")

    override func tearDown() {
        _ = try? runCommand("/bin/rm", ["-rf", folder.url.path])
    }

    private func create(_ bytes: [UInt8]) {
        let descriptor = (bytes + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
    }

    func testEachByteThatIsNotUTF8IsShownEscaped() {
        XCTAssertEqual(ByteName.escaped(Array("bé".utf8) + [0xFF] + Array(".wav".utf8)), "bé\\xFF.wav")
        XCTAssertEqual(ByteName.escaped([0xC3]), "\\xC3")  // half a character
        XCTAssertEqual(ByteName.percentDecoded("samp%FB.wav"), Array("samp".utf8) + [0xFB] + Array(".wav".utf8))
        XCTAssertEqual(ByteName.percentDecoded("100%.wav"), Array("100%.wav".utf8))
    }

    /// A file that exists is `/proc/self/fd/N` for one call, its descriptor closed after it.
    func testAnExistingFileIsOpenedForTheCallOnly() throws {
        let bytes = Array(folder.path("in").utf8) + [0xFF] + Array(".wav".utf8)
        create(bytes)
        var descriptor: Int32 = -1
        let alias = ByteName.scoped { () -> String in
            let alias = ByteName.alias(for: bytes)
            XCTAssertTrue(alias.hasPrefix("/proc/self/fd/"), alias)
            descriptor = Int32(alias.dropFirst("/proc/self/fd/".count)) ?? -1
            XCTAssertEqual(ByteName.fileSystemPath(alias), bytes)
            XCTAssertEqual(ByteName.shown(alias), folder.path("in") + "\\xFF.wav")
            XCTAssertEqual(ByteName.showingNames(in: "read \(alias), not \(alias)7"), "read \(folder.path("in"))\\xFF.wav, not \(alias)7")
            XCTAssertEqual(ByteName.alias(for: bytes), alias, "the same bytes, the same alias")
            XCTAssertTrue(FileManager.default.fileExists(atPath: alias))
            return alias
        }
        XCTAssertEqual(fcntl(descriptor, F_GETFD), -1, "closed")
        XCTAssertFalse(ByteName.isAlias(alias))
    }

    /// A new file is its folder (opened) and its name escaped: the temporary file goes there, and
    /// the real name is the bytes. A file whose name is that escaped text stays itself.
    func testANewFileIsItsFolderAndItsNameEscaped() {
        ByteName.scoped {
            let bytes = Array(folder.path("new").utf8) + [0xFE] + Array(".wav".utf8)
            let literal = folder.path("new") + "\\xFE.wav"
            create(Array(literal.utf8))
            let alias = ByteName.alias(for: bytes)
            XCTAssertTrue(alias.hasPrefix("/proc/self/fd/") && alias.hasSuffix("/new\\xFE.wav"), alias)
            XCTAssertEqual(ByteName.shown(alias), literal)
            XCTAssertTrue(ByteName.isAlias(alias))
            XCTAssertEqual(ByteName.fileSystemPath(alias), bytes)
            XCTAssertEqual(ByteName.fileSystemPath(literal), Array(literal.utf8))
            XCTAssertEqual(ByteName.folderAndName(of: alias).folder, folder.url.path)
            XCTAssertEqual(ByteName.folderAndName(of: alias).name, "new\\xFE.wav")
            // In a folder whose own name is not UTF-8: the folder is opened.
            let subfolder = Array(folder.path("dir").utf8) + [0xFD]
            XCTAssertEqual((subfolder + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }, 0)
            let inside = ByteName.alias(for: subfolder + Array("/a.wav".utf8))
            XCTAssertTrue(inside.hasPrefix("/proc/self/fd/") && inside.hasSuffix("/a.wav"), inside)
            XCTAssertEqual(ByteName.fileSystemPath(inside), subfolder + Array("/a.wav".utf8))
            XCTAssertEqual(ByteName.shown(inside), folder.path("dir") + "\\xFD/a.wav")
        }
    }

    /// A kept alias (a plugin's sample) stays, and the same bytes get it again: keeping adds up to one.
    func testAKeptAliasStaysAndIsReused() {
        let bytes = Array(folder.path("kept").utf8) + [0xFB]
        create(bytes)
        let first = ByteName.scoped { () -> String in
            let alias = ByteName.alias(for: bytes)
            ByteName.keep(alias)
            return alias
        }
        XCTAssertTrue(ByteName.isAlias(first))
        let second = ByteName.scoped { ByteName.alias(for: bytes) }
        XCTAssertEqual(first, second)
        XCTAssertTrue(ByteName.isAlias(first))
    }

    func testUTF8NamesAreThemselves() {
        XCTAssertEqual(ByteName.alias(for: Array("plain.wav".utf8)), "plain.wav")
        XCTAssertFalse(ByteName.isAlias("plain.wav"))
        XCTAssertEqual(ByteName.fileSystemPath("plain.wav"), Array("plain.wav".utf8))
        XCTAssertEqual(ByteName.showingNames(in: "/tmp/plain.wav"), "/tmp/plain.wav")
    }
}
