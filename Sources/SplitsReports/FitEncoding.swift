/// FIT's encoding: base types, fields, messages, the writer of definition and data messages,
/// the header and its CRC. `FitExport` says what a file holds; this says how it is written.
extension FitExport {
  /// A field's base type as a definition message writes it (bit 7: a multi-byte type).
  enum BaseType: UInt8 {
    case enumeration = 0x00, uint8 = 0x02, string = 0x07, byte = 0x0D, uint16 = 0x84, uint32 = 0x86, uint32z = 0x8C

    /// The size of a value (a string's is its field's own: its bytes and the NUL).
    var size: Int {
      switch self {
      case .enumeration, .uint8, .string, .byte: 1
      case .uint16: 2
      case .uint32, .uint32z: 4
      }
    }
  }

  /// A field: a number in the size of its type, or bytes (a string, a byte array).
  struct Field: Equatable {
    var number: UInt8
    var type: BaseType
    var value: UInt32
    var bytes: [UInt8]?

    init(_ number: UInt8, _ type: BaseType, _ value: UInt32) {
      self.number = number
      self.type = type
      self.value = value
    }

    init(_ number: UInt8, text: [UInt8]) {
      self.init(number, bytes: text, type: .string)
    }

    init(_ number: UInt8, bytes: [UInt8], type: BaseType = .byte) {
      self.number = number
      self.type = type
      self.value = 0
      self.bytes = bytes
    }

    var size: Int { bytes?.count ?? type.size }
    var encoded: [UInt8] { bytes ?? le(value, type.size) }
    /// The field without its value, as a definition gives it.
    var layout: Field {
      var out = self
      out.value = 0
      out.bytes = bytes.map { [UInt8](repeating: 0, count: $0.count) }
      return out
    }

    /// A string field: `text` in UTF-8, cut at a character's end to `maxBytes`, then a NUL.
    init(_ number: UInt8, string text: String, maxBytes: Int = 63) {
      var cut = ""
      for character in text where cut.utf8.count + character.utf8.count <= maxBytes { cut.append(character) }
      self.init(number, text: Array(cut.utf8) + [0])
    }
  }

  /// A data message: its global message number, its fields and its developer fields (all of
  /// developer data index 0).
  struct Message: Equatable {
    var number: UInt16
    var fields: [Field]
    var developerFields: [Field] = []
  }

  /// The messages, each preceded by its definition when its local message type is new or was
  /// defined with other fields. One local type per global message number, in the order they
  /// first appear (a file has six).
  struct Writer {
    private(set) var data: [UInt8] = []
    private var locals: [UInt16: (local: UInt8, layout: [Field])] = [:]
    /// Whether a message has developer fields: the file is then of protocol 2.0.
    private var developerFields = false

    mutating func write(_ message: Message) {
      // The layout: the fields without their values, the developer fields after them.
      let layout = (message.fields + message.developerFields).map(\.layout)
      let local = locals[message.number]?.local ?? UInt8(locals.count)
      if locals[message.number]?.layout != layout {
        locals[message.number] = (local, layout)
        // Definition: header (bit 6; bit 5 with developer fields), reserved, architecture
        // (0: little-endian), global number, field count, then number, size and base type
        // of each field; then the developer fields' count and number, size and data index.
        let developer = !message.developerFields.isEmpty
        developerFields = developerFields || developer
        data += [0x40 | (developer ? 0x20 : 0) | local, 0, 0]
        data += le(UInt32(message.number), 2)
        data.append(UInt8(message.fields.count))
        for field in message.fields { data += [field.number, UInt8(field.size), field.type.rawValue] }
        if developer {
          data.append(UInt8(message.developerFields.count))
          for field in message.developerFields { data += [field.number, UInt8(field.size), 0] }
        }
      }
      // Data: header (the local type), then each value in the size of its type.
      data.append(local)
      for field in message.fields + message.developerFields { data += field.encoded }
    }

    /// The whole file: header, messages, CRC.
    func file() -> [UInt8] {
      var header: [UInt8] = [14, developerFields ? 0x20 : 0x10]  // header size; protocol 2.0 or 1.0
      header += le(profileVersion, 2)
      header += le(UInt32(data.count), 4)  // data size
      header += Array(".FIT".utf8)
      header += le(UInt32(crc(header)), 2)
      let body = header + data
      return body + le(UInt32(crc(body)), 2)
    }
  }

  /// `value`'s low `size` bytes, least significant first.
  static func le(_ value: UInt32, _ size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// The FIT CRC-16 (polynomial 0x8005 reflected, initial value 0: CRC-16/ARC), computed a
  /// nibble at a time, low nibble first, with the profile's 16-entry table.
  static func crc(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    func add(_ nibble: UInt8) {
      let tmp = crcTable[Int(crc & 0x0F)]
      crc = (crc >> 4) & 0x0FFF
      crc = crc ^ tmp ^ crcTable[Int(nibble)]
    }
    for byte in bytes {
      add(byte & 0x0F)
      add(byte >> 4)
    }
    return crc
  }

  static let crcTable: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]
}
