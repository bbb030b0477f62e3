import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsStore

/// `splits sensors list [--json]`: the remembered sensors.
struct SensorsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "The remembered sensors, in the order they were added (--json too).")

  @Flag(help: "Print JSON: a list of {address, name, added_at}.")
  var json = false

  @OptionGroup var data: DataOptions

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let sensors = try withJournalErrors { try openReader(dataDirectory: directory)?.rememberedSensors() ?? [] }
    try StandardOutput.print(json ? Self.json(sensors) : Self.text(sensors))
  }

  /// A line a sensor: `AA:BB:CC:DD:EE:FF  Strap  added 2026-11-27 08:30`.
  static func text(_ sensors: [RememberedSensor]) -> String {
    guard !sensors.isEmpty else {
      return "No sensors yet: splits sensors add ADDRESS remembers one (splits sensors scan finds them)."
    }
    return sensors.map { sensor in
      [sensor.address, sensor.name.map(Printable.text) ?? "-", "added " + WallTime.localDateTime(sensor.addedAt)]
        .joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// `[{"address": "AA:…", "name": "Strap", "added_at": "2026-11-27T08:30:00Z"}]` (name null without one).
  static func json(_ sensors: [RememberedSensor]) -> String {
    let items = sensors.map { sensor in
      "{\"address\":\(quoted(sensor.address)),\"name\":\(sensor.name.map(quoted) ?? "null"),"
        + "\"added_at\":\(quoted(WallTime.iso8601(sensor.addedAt)))}"
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  static func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
