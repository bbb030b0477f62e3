import SplitsCore

/// A Bluetooth sensor seen by `splits sensors scan`: its address, name, the sensors' services
/// it advertises and its signal.
public struct ScannedSensor: Equatable, Sendable {
  /// A service Splits reads, by its JSON key.
  public enum Service: String, Sendable, CaseIterable {
    case heartRate = "heart_rate"
    case power
    case speedCadence = "speed_cadence"
    case trainer
  }

  public var address: String
  public var name: String?
  public var services: [Service]
  /// dBm, when known.
  public var rssi: Int?

  public init(address: String, name: String?, services: [Service], rssi: Int?) {
    self.address = address
    self.name = name
    self.services = services
    self.rssi = rssi
  }
}

/// `splits sensors scan`'s table and JSON.
public enum SensorScanReport {
  /// One line a sensor, aligned: address, name, services, signal. A line that says none was
  /// found when none was.
  public static func text(_ sensors: [ScannedSensor], seconds: Int, language: Language) -> String {
    let words = SensorScanWords.of(language)
    guard !sensors.isEmpty else { return words.noneFound(seconds) + "\n" }
    let rows = [[words.address, words.name, words.services, words.signal]]
      + sensors.map { sensor in
        [
          sensor.address, Printable.text(sensor.name ?? "-"), sensor.services.map(words.service).joined(separator: ", "),
          sensor.rssi.map { "\($0) dBm" } ?? "-",
        ]
      }
    let widths = (0..<4).map { column in rows.map { TextWidth.columns($0[column]) }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == 3 ? TextWidth.leftPadded(cell, to: widths[index]) : TextWidth.padded(cell, to: widths[index])
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  /// `[{"address": …, "name": … or null, "services": ["heart_rate", …], "rssi_dbm": … or null}]`.
  public static func json(_ sensors: [ScannedSensor]) -> String {
    JSONText.array(
      sensors.map { sensor in
        JSONText.object([
          ("address", JSONText.string(sensor.address)),
          ("name", JSONText.optional(sensor.name.map(JSONText.string))),
          ("services", JSONText.array(sensor.services.map { JSONText.string($0.rawValue) })),
          ("rssi_dbm", JSONText.optional(sensor.rssi.map { String($0) })),
        ])
      }) + "\n"
  }
}

/// The words of `sensors scan`'s table, in each language.
struct SensorScanWords {
  let address: String
  let name: String
  let services: String
  let signal: String
  let service: @Sendable (ScannedSensor.Service) -> String
  let noneFound: @Sendable (Int) -> String

  static func of(_ language: Language) -> SensorScanWords {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  static let english = SensorScanWords(
    address: "address", name: "name", services: "services", signal: "signal",
    service: { service in
      switch service {
      case .heartRate: "heart rate"
      case .power: "power"
      case .speedCadence: "speed/cadence"
      case .trainer: "trainer"
      }
    },
    noneFound: { seconds in
      "No heart rate, power, speed/cadence or trainer sensor advertised in \(seconds) s; wake it (pedal, wear the strap) and scan again."
    })

  static let korean = SensorScanWords(
    address: "주소", name: "이름", services: "서비스", signal: "신호",
    service: { service in
      switch service {
      case .heartRate: "심박"
      case .power: "파워"
      case .speedCadence: "속도/케이던스"
      case .trainer: "트레이너"
      }
    },
    noneFound: { seconds in
      "\(seconds)초 동안 심박, 파워, 속도/케이던스, 트레이너 센서가 보이지 않았습니다. 센서를 깨우고(페달을 돌리거나 스트랩을 차고) 다시 검색하세요."
    })
}
