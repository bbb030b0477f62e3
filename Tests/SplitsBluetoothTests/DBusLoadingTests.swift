import CDBus
import Testing

/// libdbus is opened at the first D-Bus call, not linked (Sources/CDBus/shim.h): every
/// function Splits calls is found in the library, or none is and the failure says why.
@Suite("libdbus opened when first needed")
struct DBusLoadingTests {
  @Test func libdbusGivesEveryFunctionSplitsCalls() throws {
    var table = splits_dbus_table()
    splits_dbus_find("libdbus-1.so.3", &table)
    #expect(table.failure == nil, "\(table.failure.map { String(cString: $0) } ?? "")")
    // The first and the last of the list, and one between.
    #expect(table.dbus_error_init != nil)
    #expect(table.dbus_connection_read_write != nil)
    #expect(table.dbus_message_iter_abandon_container != nil)
    // The table the wrappers use holds the same library.
    #expect(splits_dbus_failure() == nil)
  }

  @Test func aLibraryThatCannotBeOpenedIsNamedAndNothingIsSet() throws {
    var table = splits_dbus_table()
    splits_dbus_find("libdbus-absent.so.9", &table)
    let failure = try #require(table.failure.map { String(cString: $0) })
    #expect(failure.contains("libdbus-absent.so.9"), "\(failure)")
    #expect(table.dbus_error_init == nil)
    #expect(table.dbus_message_iter_abandon_container == nil)
  }

  @Test func aLibraryWithoutLibdbusFunctionsIsRefusedAtTheFirstMissing() throws {
    // libc opens, but has none of them: the first one looked for is named, and none is set.
    var table = splits_dbus_table()
    splits_dbus_find("libc.so.6", &table)
    let failure = try #require(table.failure.map { String(cString: $0) })
    #expect(failure == "libdbus has no dbus_error_init")
    #expect(table.dbus_error_init == nil)
    #expect(table.dbus_message_unref == nil)
  }
}
