import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsStore

/// `splits config [KEY [VALUE]]`: the settings kept in the journal (the FTP).
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Settings: `splits config` lists them, `splits config ftp` prints one, `splits config ftp 250` sets it.")

  @Argument(help: ArgumentHelp("The setting: ftp (functional threshold power, watts).", valueName: "key"))
  var key: String?

  @Argument(help: ArgumentHelp("Its new value: for ftp, whole watts from 1 to 2000.", valueName: "value"))
  var value: String?

  @OptionGroup var data: DataOptions

  func validate() throws {
    guard let key else { return }
    let setting = try Self.setting(key)
    if let value, setting.normalized(value) == nil {
      throw ValidationError("ftp takes whole watts from 1 to 2000, not '\(Printable.text(value))'.")
    }
  }

  static func setting(_ key: String) throws -> Setting {
    guard let setting = Setting(rawValue: key) else {
      throw ValidationError(
        "'\(Printable.text(key))' is not a setting: the settings are "
          + Setting.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    }
    return setting
  }

  func run() throws {
    guard let key else {
      let settings = try read()
      try StandardOutput.print(Setting.allCases.map { "\($0.rawValue) \(settings[$0] ?? "-")" }.joined(separator: "\n"))
      return
    }
    let setting = try Self.setting(key)
    guard let value, let checked = setting.normalized(value) else {
      guard let current = try read()[setting] else {
        printError("\(setting.rawValue) is not set: splits config \(setting.rawValue) VALUE sets it.")
        throw ExitCode(1)
      }
      try StandardOutput.print(current)
      return
    }
    let directory = try data.checkedDirectory(creating: true)
    try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      try journal.set(setting, to: checked)
    }
    printError("\(setting.rawValue) set to \(checked)")
  }

  private func read() throws -> [Setting: String] {
    let directory = try data.checkedDirectory(creating: false)
    return try withJournalErrors { try openReader(dataDirectory: directory)?.settings() ?? [:] }
  }
}
