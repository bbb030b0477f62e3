import CDBus
import Testing

@testable import SplitsBluetooth

/// Values written into a libdbus message through its iterators read back the same.
@Suite("D-Bus values through libdbus's iterators")
struct DBusWireTests {
  @Test func everyKindOfValueBlueZUsesReadsBackAsWritten() throws {
    let body: [DBusValue] = [
      .string("héllo"), .objectPath("/org/bluez/hci0/dev_AA_00_00_00_00_01"), .bytes([0x00, 0x8C, 0xFF]), .bytes([]),
      .properties([("Connected", .bool(true)), ("RSSI", .int16(-61)), ("UUIDs", .strings(["180d", "1818"]))]),
      .array(element: "s", []), .structure([.uint32(7), .double(1.5)]), .variant(.variant(.uint16(65_535))),
      .int32(-2), .int64(Int64.min), .uint64(UInt64.max), .byte(0x80),
      .dictionary(key: "y", value: "v", [DBusEntry(key: .byte(1), value: .variant(.string("x")))]),
    ]
    let message = DBusMessage.call("org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "Test", body)
    let raw = try #require(DBusWire.make(message))
    defer { splits_dbus_message_unref(raw) }
    #expect(DBusWire.message(raw) == message)
  }

  @Test func aMalformedPathIsRefusedNotTrapped() {
    #expect(DBusWire.make(.call("org.bluez", "no/slash", "org.bluez.Adapter1", "Test")) == nil)
  }
}

extension DBusWireTests {
  @Test func aPathInsideTheBodyThatIsNoPathIsRefusedToo() {
    #expect(DBusWire.make(.call("org.bluez", "/", "org.bluez.Adapter1", "Test", [.objectPath("/a//b")])) == nil)
    #expect(DBusWire.isPath("/org/bluez/hci0/dev_AA_00"))
    #expect(!DBusWire.isPath("/org/bluez/"))
    #expect(!DBusWire.isPath("/org/blu-ez"))
  }
}
