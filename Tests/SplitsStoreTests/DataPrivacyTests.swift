import Foundation
import Testing

@testable import SplitsStore
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The data directory is its owner's alone: the rule, the check of a real directory, and the
/// screen lock and journal that follow no link.
@Suite("A data directory is the owner's alone")
struct DataPrivacyTests {
  @Test("the rule: this user's and written by nobody else, else refused")
  func theRule() {
    let me: UInt32 = 1000
    #expect(DataPrivacy.verdict(owner: me, mode: 0o40700, user: me) == .trusted)
    #expect(DataPrivacy.verdict(owner: me, mode: 0o40755, user: me) == .trusted)
    #expect(DataPrivacy.verdict(owner: me, mode: 0o100600, user: me) == .trusted)
    #expect(DataPrivacy.verdict(owner: me, mode: 0o40500, user: me) == .trusted)
    #expect(DataPrivacy.verdict(owner: me, mode: 0o40770, user: me) == .writableByOthers(mode: 0o770))
    #expect(DataPrivacy.verdict(owner: me, mode: 0o40702, user: me) == .writableByOthers(mode: 0o702))
    #expect(DataPrivacy.verdict(owner: me, mode: 0o41777, user: me) == .writableByOthers(mode: 0o1777))
    #expect(DataPrivacy.verdict(owner: me, mode: 0o100666, user: me) == .writableByOthers(mode: 0o666))
    #expect(DataPrivacy.verdict(owner: 1001, mode: 0o40700, user: me) == .ownedByAnother(uid: 1001))
    // Root is no exception: root on a directory another user owns is the attack.
    #expect(DataPrivacy.verdict(owner: 65534, mode: 0o40700, user: 0) == .ownedByAnother(uid: 65534))
    #expect(DataPrivacy.verdict(owner: 0, mode: 0o40700, user: me) == .ownedByAnother(uid: 0))
  }

  @Test("the refusal names the path and what to chmod or chown")
  func theMessages() {
    let writable = DataPrivacy.Refusal(
      path: "/d/x", kind: .directory, why: .verdict(.writableByOthers(mode: 0o777)), user: "ann")
    #expect(writable.description.hasPrefix("the data directory /d/x can be written by every user (mode 0777)"))
    #expect(writable.description.contains("chmod go-w /d/x, or pass --insecure-data-dir"))
    let group = DataPrivacy.Refusal(
      path: "/d/x/splits.sqlite", kind: .journal, why: .verdict(.writableByOthers(mode: 0o660)), user: "ann")
    #expect(group.description.hasPrefix("the Splits journal /d/x/splits.sqlite can be written by its group"))
    let owned = DataPrivacy.Refusal(
      path: "/tmp/a b", kind: .directory, why: .verdict(.ownedByAnother(uid: 65534)), user: "root", owner: "nobody")
    #expect(owned.description.hasPrefix("the data directory /tmp/a b belongs to user nobody (uid 65534), not to root"))
    #expect(owned.description.contains("chown root '/tmp/a b', or pass --insecure-data-dir"))
    let link = DataPrivacy.Refusal(path: "/d/splits.lock", kind: .lock, why: .symbolicLink, user: "ann")
    #expect(link.description.contains("is a symbolic link") && link.description.contains("rm /d/splits.lock"))
    #expect(!link.description.contains("--insecure-data-dir"), "a link is never followed")
  }

  @Test("a private directory passes; opened to the group it is refused, unless insecure")
  func aRealDirectory() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try DataPrivacy.check(directory: temp.path, insecure: false)
    // Not there yet: it will be created private.
    try DataPrivacy.check(directory: temp.file("new"), insecure: false)
    chmod(temp.path, 0o770)
    #expect(throws: DataPrivacy.Refusal.self) { try DataPrivacy.check(directory: temp.path, insecure: false) }
    try DataPrivacy.check(directory: temp.path, insecure: true)
    chmod(temp.path, 0o700)
    writeFile([1], to: temp.file("splits.sqlite"))
    chmod(temp.file("splits.sqlite"), 0o666)
    do {
      try DataPrivacy.check(directory: temp.path, insecure: false)
      Issue.record("a journal others may write was taken")
    } catch {
      #expect(error.kind == .journal && error.why == .verdict(.writableByOthers(mode: 0o666)))
    }
  }

  @Test("a link in place of the lock, the journal or the socket is refused, even insecure")
  func aLinkIsRefused() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    for name in ["splits.lock", "splits.sqlite", "control.sock"] {
      #expect(symlink("/nonexistent", temp.file(name)) == 0)
      do {
        try DataPrivacy.check(directory: temp.path, insecure: true)
        Issue.record("\(name): a link was taken")
      } catch {
        #expect(error.why == .symbolicLink && error.path == temp.file(name))
      }
      unlink(temp.file(name))
    }
  }

  @Test(
    "root on a directory another user owns is refused",
    .enabled(if: geteuid() == 0, "needs root to give the directory away"))
  func anotherUsersDirectory() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    #expect(chown(temp.path, 65534, 65534) == 0)
    do {
      try DataPrivacy.check(directory: temp.path, insecure: false)
      Issue.record("another user's directory was taken")
    } catch {
      #expect(error.why == .verdict(.ownedByAnother(uid: 65534)))
      #expect(error.description.contains("chown root \(temp.path)"))
    }
  }

  @Test("the screen lock follows no link: the file it points to is left as it was")
  func theLockFollowsNoLink() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let victim = temp.file("victim")
    writeFile(Array("precious\n".utf8), to: victim)
    let data = temp.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    #expect(symlink(victim, data + "/splits.lock") == 0)
    #expect(throws: JournalError.self) { _ = try ScreenLock.acquire(dataDirectory: data) }
    // A hard link: a second name of the same file.
    unlink(data + "/splits.lock")
    #expect(link(victim, data + "/splits.lock") == 0)
    #expect(throws: JournalError.self) { _ = try ScreenLock.acquire(dataDirectory: data) }
    #expect(bytes(of: victim) == Array("precious\n".utf8))
  }

  @Test("the journal follows no link: neither its target nor a missing one is touched")
  func theJournalFollowsNoLink() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let data = temp.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    // Dangling: SQLite would create the file it points to.
    let missing = temp.file("created-through-the-link")
    #expect(symlink(missing, data + "/splits.sqlite") == 0)
    #expect(throws: JournalError.self) { _ = try Journal.open(dataDirectory: data, bootID: "b") }
    #expect(throws: JournalError.self) { _ = try JournalReader.open(dataDirectory: data, bootID: "b") }
    #expect(!FileManager.default.fileExists(atPath: missing))
    // To a real journal.
    let real = temp.file("real")
    _ = try Journal.open(dataDirectory: real, bootID: "b")
    let before = bytes(of: real + "/splits.sqlite")
    unlink(data + "/splits.sqlite")
    #expect(symlink(real + "/splits.sqlite", data + "/splits.sqlite") == 0)
    #expect(throws: JournalError.self) { _ = try Journal.open(dataDirectory: data, bootID: "b") }
    #expect(bytes(of: real + "/splits.sqlite") == before)
  }
}
