/// A D-Bus value, as much of the type system as BlueZ's interfaces use: the basic types,
/// byte arrays (a characteristic's value), arrays, dictionaries, structures and variants.
/// Pure: read and written from libdbus's messages in `DBusWire.swift` only.
public indirect enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case bool(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case objectPath(String)
  case signature(String)
  /// `ay`: kept apart from `array` so that a notification's bytes cost one copy.
  case bytes([UInt8])
  /// An array of values of the signature `element` (given, so that an empty one has a type).
  case array(element: String, [DBusValue])
  /// `a{kv}`: entries in their order, with the key's and the value's signatures.
  case dictionary(key: String, value: String, [DBusEntry])
  case structure([DBusValue])
  case variant(DBusValue)

  /// Its type signature (`s`, `a{sv}`, `v`, …).
  public var signature: String {
    switch self {
    case .byte: "y"
    case .bool: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .bytes: "ay"
    case .array(let element, _): "a" + element
    case .dictionary(let key, let value, _): "a{" + key + value + "}"
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .variant: "v"
    }
  }

  /// The value inside any number of variants.
  public var unwrapped: DBusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// A string or an object path's text.
  public var text: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text): text
    default: nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = unwrapped { return value }
    return nil
  }

  /// Any integer type, widened; nil for anything else.
  public var integer: Int64? {
    switch unwrapped {
    case .byte(let value): Int64(value)
    case .int16(let value): Int64(value)
    case .uint16(let value): Int64(value)
    case .int32(let value): Int64(value)
    case .uint32(let value): Int64(value)
    case .int64(let value): value
    case .uint64(let value): Int64(exactly: value)
    default: nil
    }
  }

  /// A byte array, or an array of bytes written element by element.
  public var byteArray: [UInt8]? {
    switch unwrapped {
    case .bytes(let bytes): return bytes
    case .array("y", let elements):
      var bytes: [UInt8] = []
      for element in elements {
        guard case .byte(let byte) = element else { return nil }
        bytes.append(byte)
      }
      return bytes
    default: return nil
    }
  }

  /// The texts of an array of strings or object paths (non-texts skipped).
  public var texts: [String]? {
    guard case .array(_, let elements) = unwrapped else { return nil }
    return elements.compactMap(\.text)
  }

  /// A dictionary's entries keyed by their texts (`a{sv}`, `a{oa{…}}`); nil for anything else.
  public var entries: [String: DBusValue]? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    var result: [String: DBusValue] = [:]
    for entry in entries {
      if let key = entry.key.text { result[key] = entry.value }
    }
    return result
  }

  /// `a{sv}` from texts and values (each wrapped in a variant).
  public static func properties(_ pairs: [(String, DBusValue)]) -> DBusValue {
    .dictionary(key: "s", value: "v", pairs.map { DBusEntry(key: .string($0.0), value: .variant($0.1)) })
  }

  /// `as` from texts.
  public static func strings(_ texts: [String]) -> DBusValue {
    .array(element: "s", texts.map(DBusValue.string))
  }
}

/// One entry of a D-Bus dictionary.
public struct DBusEntry: Equatable, Sendable {
  public var key: DBusValue
  public var value: DBusValue

  public init(key: DBusValue, value: DBusValue) {
    self.key = key
    self.value = value
  }
}

/// A D-Bus message as the BlueZ client reads and writes it, without libdbus: the pure state
/// machines take and give these.
public struct DBusMessage: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case methodCall, methodReturn, error, signal
  }

  public var kind: Kind
  public var path: String?
  public var interface: String?
  public var member: String?
  public var destination: String?
  /// An error reply's name (`org.bluez.Error.Failed`).
  public var errorName: String?
  public var body: [DBusValue]

  public init(
    kind: Kind, path: String? = nil, interface: String? = nil, member: String? = nil, destination: String? = nil,
    errorName: String? = nil, body: [DBusValue] = []
  ) {
    self.kind = kind
    self.path = path
    self.interface = interface
    self.member = member
    self.destination = destination
    self.errorName = errorName
    self.body = body
  }

  /// A method call to `destination`'s object `path`.
  public static func call(
    _ destination: String, _ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []
  ) -> DBusMessage {
    DBusMessage(kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
  }

  /// A signal (what the tests feed the state machines).
  public static func signal(_ path: String, _ interface: String, _ member: String, _ body: [DBusValue]) -> DBusMessage {
    DBusMessage(kind: .signal, path: path, interface: interface, member: member, body: body)
  }

  /// An error reply's text: its first argument when it is a string.
  public var errorText: String? { body.first?.text }
}
