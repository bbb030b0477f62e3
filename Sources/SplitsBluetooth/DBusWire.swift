import CDBus

/// `DBusValue`s and `DBusMessage`s read from and written to libdbus's messages, through its
/// iterators (`dbus_message_iter_*`, never the variadic calls): the one file that knows
/// libdbus's types.
enum DBusWire {
  private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }

  // MARK: Reading

  /// The message `raw` as a `DBusMessage`; its body's values that this model does not know
  /// (file descriptors) end the body there.
  static func message(_ raw: OpaquePointer) -> DBusMessage {
    let kind: DBusMessage.Kind =
      switch splits_dbus_message_get_type(raw) {
      case splits_dbus_message_method_return(): .methodReturn
      case splits_dbus_message_error(): .error
      case splits_dbus_message_signal(): .signal
      default: .methodCall
      }
    var body: [DBusValue] = []
    var iterator = DBusMessageIter()
    if splits_dbus_message_iter_init(raw, &iterator) != 0 {
      repeat {
        guard let value = read(&iterator) else { break }
        body.append(value)
      } while splits_dbus_message_iter_next(&iterator) != 0
    }
    return DBusMessage(
      kind: kind, path: text(splits_dbus_message_get_path(raw)), interface: text(splits_dbus_message_get_interface(raw)),
      member: text(splits_dbus_message_get_member(raw)), destination: text(splits_dbus_message_get_destination(raw)),
      errorName: text(splits_dbus_message_get_error_name(raw)), body: body)
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

  private static func basic<T>(_ iterator: inout DBusMessageIter, _ empty: T) -> T {
    var value = empty
    withUnsafeMutablePointer(to: &value) { splits_dbus_message_iter_get_basic(&iterator, $0) }
    return value
  }

  /// The value at `iterator`, nil at the end or for a type this model does not know.
  static func read(_ iterator: inout DBusMessageIter) -> DBusValue? {
    let type = splits_dbus_message_iter_get_arg_type(&iterator)
    switch type {
    case code("y"): return .byte(basic(&iterator, UInt8(0)))
    case code("b"): return .bool(basic(&iterator, UInt32(0)) != 0)
    case code("n"): return .int16(basic(&iterator, Int16(0)))
    case code("q"): return .uint16(basic(&iterator, UInt16(0)))
    case code("i"): return .int32(basic(&iterator, Int32(0)))
    case code("u"): return .uint32(basic(&iterator, UInt32(0)))
    case code("x"): return .int64(basic(&iterator, Int64(0)))
    case code("t"): return .uint64(basic(&iterator, UInt64(0)))
    case code("d"): return .double(basic(&iterator, Double(0)))
    case code("s"), code("o"), code("g"):
      let pointer = basic(&iterator, UnsafePointer<CChar>?.none)
      let text = pointer.map { String(cString: $0) } ?? ""
      return type == code("s") ? .string(text) : type == code("o") ? .objectPath(text) : .signature(text)
    case code("v"):
      var inner = DBusMessageIter()
      splits_dbus_message_iter_recurse(&iterator, &inner)
      return read(&inner).map(DBusValue.variant)
    case code("r"):
      var inner = DBusMessageIter()
      splits_dbus_message_iter_recurse(&iterator, &inner)
      return .structure(readAll(&inner))
    case code("a"): return readArray(&iterator)
    default: return nil
    }
  }

  private static func readAll(_ iterator: inout DBusMessageIter) -> [DBusValue] {
    var values: [DBusValue] = []
    while splits_dbus_message_iter_get_arg_type(&iterator) != splits_dbus_type_invalid() {
      guard let value = read(&iterator) else { break }
      values.append(value)
      splits_dbus_message_iter_next(&iterator)
    }
    return values
  }

  private static func readArray(_ iterator: inout DBusMessageIter) -> DBusValue? {
    // The array's own signature (`ay`, `a{sv}`), whose element type holds for an empty one.
    guard let raw = splits_dbus_message_iter_get_signature(&iterator) else { return nil }
    let signature = String(String(cString: raw).dropFirst())
    splits_dbus_free(raw)
    var inner = DBusMessageIter()
    splits_dbus_message_iter_recurse(&iterator, &inner)
    if signature == "y" {
      var pointer: UnsafePointer<UInt8>? = nil
      let count = splits_dbus_read_bytes(&inner, &pointer)
      guard let pointer, count > 0 else { return .bytes([]) }
      return .bytes(Array(UnsafeBufferPointer(start: pointer, count: Int(count))))
    }
    guard signature.hasPrefix("{") else { return .array(element: signature, readAll(&inner)) }
    // `{kv}`: the key is one basic type's letter, the value the rest.
    let key = String(signature.dropFirst().prefix(1))
    let value = String(signature.dropFirst(2).dropLast())
    var entries: [DBusEntry] = []
    while splits_dbus_message_iter_get_arg_type(&inner) != splits_dbus_type_invalid() {
      var entry = DBusMessageIter()
      splits_dbus_message_iter_recurse(&inner, &entry)
      let pair = readAll(&entry)
      if pair.count == 2 { entries.append(DBusEntry(key: pair[0], value: pair[1])) }
      splits_dbus_message_iter_next(&inner)
    }
    return .dictionary(key: key, value: value, entries)
  }

  // MARK: Writing

  /// A libdbus method call of `message` (to unref once sent); nil for a malformed path
  /// (checked here: libdbus aborts the process on one) or when it runs out of memory.
  static func make(_ message: DBusMessage) -> OpaquePointer? {
    guard let path = message.path, let member = message.member, isPath(path),
      message.body.allSatisfy(pathsAreValid),
      let raw = splits_dbus_message_new_method_call(message.destination, path, message.interface, member)
    else { return nil }
    var iterator = DBusMessageIter()
    splits_dbus_message_iter_init_append(raw, &iterator)
    for value in message.body where !append(value, to: &iterator) {
      splits_dbus_message_unref(raw)
      return nil
    }
    return raw
  }

  /// An object path as D-Bus allows it: `/`, or `/`-separated non-empty runs of `[A-Za-z0-9_]`.
  static func isPath(_ path: String) -> Bool {
    guard path.hasPrefix("/") else { return false }
    if path == "/" { return true }
    return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
      !part.isEmpty && part.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
      }
    }
  }

  /// Whether every object path inside `value` is one.
  private static func pathsAreValid(_ value: DBusValue) -> Bool {
    switch value {
    case .objectPath(let path): isPath(path)
    case .array(_, let values), .structure(let values): values.allSatisfy(pathsAreValid)
    case .dictionary(_, _, let entries): entries.allSatisfy { pathsAreValid($0.key) && pathsAreValid($0.value) }
    case .variant(let inner): pathsAreValid(inner)
    default: true
    }
  }

  private static func appendBasic<T>(_ value: T, _ type: Unicode.Scalar, to iterator: inout DBusMessageIter) -> Bool {
    var value = value
    return withUnsafeMutablePointer(to: &value) { splits_dbus_message_iter_append_basic(&iterator, code(type), $0) } != 0
  }

  private static func appendText(_ text: String, _ type: Unicode.Scalar, to iterator: inout DBusMessageIter) -> Bool {
    text.withCString { pointer in appendBasic(pointer, type, to: &iterator) }
  }

  /// Writes the values of a container opened as `type` with `signature`, and closes it.
  private static func container(
    _ type: Unicode.Scalar, _ signature: String?, on iterator: inout DBusMessageIter,
    _ fill: (inout DBusMessageIter) -> Bool
  ) -> Bool {
    var inner = DBusMessageIter()
    let opened =
      if let signature {
        signature.withCString { splits_dbus_message_iter_open_container(&iterator, code(type), $0, &inner) }
      } else {
        splits_dbus_message_iter_open_container(&iterator, code(type), nil, &inner)
      }
    guard opened != 0 else { return false }
    guard fill(&inner) else {
      splits_dbus_message_iter_abandon_container(&iterator, &inner)
      return false
    }
    return splits_dbus_message_iter_close_container(&iterator, &inner) != 0
  }

  static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) -> Bool {
    switch value {
    case .byte(let value): appendBasic(value, "y", to: &iterator)
    case .bool(let value): appendBasic(UInt32(value ? 1 : 0), "b", to: &iterator)
    case .int16(let value): appendBasic(value, "n", to: &iterator)
    case .uint16(let value): appendBasic(value, "q", to: &iterator)
    case .int32(let value): appendBasic(value, "i", to: &iterator)
    case .uint32(let value): appendBasic(value, "u", to: &iterator)
    case .int64(let value): appendBasic(value, "x", to: &iterator)
    case .uint64(let value): appendBasic(value, "t", to: &iterator)
    case .double(let value): appendBasic(value, "d", to: &iterator)
    case .string(let text): appendText(text, "s", to: &iterator)
    case .objectPath(let text): appendText(text, "o", to: &iterator)
    case .signature(let text): appendText(text, "g", to: &iterator)
    case .bytes(let bytes):
      container("a", "y", on: &iterator) { inner in
        bytes.withUnsafeBufferPointer { splits_dbus_append_bytes(&inner, $0.baseAddress, Int32($0.count)) != 0 }
      }
    case .array(let element, let values):
      container("a", element, on: &iterator) { inner in values.allSatisfy { append($0, to: &inner) } }
    case .dictionary(let key, let valueType, let entries):
      container("a", "{" + key + valueType + "}", on: &iterator) { inner in
        entries.allSatisfy { entry in
          container("e", nil, on: &inner) { pair in append(entry.key, to: &pair) && append(entry.value, to: &pair) }
        }
      }
    case .structure(let fields):
      container("r", nil, on: &iterator) { inner in fields.allSatisfy { append($0, to: &inner) } }
    case .variant(let inner):
      container("v", inner.signature, on: &iterator) { append(inner, to: &$0) }
    }
  }
}
