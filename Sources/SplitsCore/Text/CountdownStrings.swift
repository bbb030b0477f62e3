/// Every label and message of the countdown screen and `splits countdown`, in each language.
/// One stored property per text, so a text missing in one language does not compile.
public struct CountdownStrings: Sendable {
  public let language: Language
  public let title: String
  /// Above the time while it counts down.
  public let endsIn: String
  /// Above the time while a duration countdown is paused.
  public let paused: String
  /// Above the zeros once the target is reached.
  public let ended: String
  /// Command labels for the help line.
  public let pause: String
  public let resume: String
  public let help: String
  public let close: String
  public let quit: String
  /// What each command does, for the help overlay.
  public let helpPauseResume: String
  public let helpHelp: String
  public let helpBack: String
  public let helpQuit: String
  public let helpQuitWithExit: String
  public let helpSignals: String
  public let helpFooter: String
  /// In place of the help box when the terminal is smaller than it: the size it needs.
  public let helpTooSmallFormat: String
  public let keysTitle: String
  /// Hints for keys that do nothing now.
  public let hintDateCannotPause: String
  public let hintEnded: String
  public let hintNothingToClose: String
  public let hintUnknownKey: String
  /// The line printed after the screen closes.
  public let summaryEnded: String
  /// `%@` is the time left.
  public let summaryStoppedFormat: String
  /// `%@` is the TARGET as given; the rest lists the accepted forms.
  public let invalidTargetFormat: String

  public static func of(_ language: Language) -> CountdownStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The message for a TARGET that is none of the accepted forms.
  public func invalidTarget(_ input: String) -> String { Self.fill(invalidTargetFormat, input) }

  /// The message for a TARGET of an accepted form with a part out of range: what was given,
  /// and why it is refused.
  public func refusedTarget(_ input: String, because reason: CountdownRefusal) -> String {
    switch language {
    case .en: "\"\(input)\" is not a countdown target: \(Self.reason(reason, in: .en))."
    case .ko: "\"\(input)\" 은(는) 카운트다운 대상이 아닙니다: \(Self.reason(reason, in: .ko))."
    }
  }

  /// Why a date or time is refused (`there is no 30 February 2026`), in `language`.
  public static func reason(_ reason: CountdownRefusal, in language: Language) -> String {
    switch language {
    case .en: englishReason(reason)
    case .ko: koreanReason(reason)
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

  static func englishReason(_ reason: CountdownRefusal) -> String {
    switch reason {
    case .noSuchDay(let year, let month, let day):
      if day == 0 { return "there is no day 00 in a month" }
      let date = "\(day) \(monthNames[month - 1]) \(year)"
      return month == 2 && day == 29 ? "there is no \(date): \(year) is not a leap year" : "there is no \(date)"
    case .noSuchMonth(let month): return "there is no month \(twoDigits(month)): months go from 01 to 12"
    case .year: return "years go from 0001 to 9999"
    case .hour(let hour):
      return "an hour of \(twoDigits(hour)): a time of day goes from 00:00 to 23:59 (a duration is 90s, 25m, 1h30m or 1:30:00)"
    case .minute(let minute): return "minutes go up to 59, not \(minute)"
    case .second(let second): return "seconds go up to 59, not \(second)"
    case .tooLong: return "a countdown lasts at most 9999 days (9999d)"
    case .offset: return "an offset from UTC goes up to ±23:59"
    }
  }

  static func koreanReason(_ reason: CountdownRefusal) -> String {
    switch reason {
    case .noSuchDay(let year, let month, let day):
      if day == 0 { return "0일은 없습니다" }
      let date = "\(year)년 \(month)월 \(day)일"
      return month == 2 && day == 29 ? "\(date)은 없습니다: \(year)년은 윤년이 아닙니다" : "\(date)은 없습니다"
    case .noSuchMonth(let month): return "\(month)월은 없습니다: 월은 01부터 12까지입니다"
    case .year: return "연도는 0001부터 9999까지입니다"
    case .hour(let hour):
      return "\(twoDigits(hour))시는 없습니다: 시각은 00:00부터 23:59까지입니다 (시간 길이는 90s, 25m, 1h30m 또는 1:30:00)"
    case .minute(let minute): return "분은 59까지입니다 (\(minute) 아님)"
    case .second(let second): return "초는 59까지입니다 (\(second) 아님)"
    case .tooLong: return "카운트다운은 9999일(9999d)까지입니다"
    case .offset: return "UTC 오프셋은 ±23:59까지입니다"
    }
  }

  /// "Countdown stopped with 00:12:34 left".
  public func summaryStopped(_ left: String) -> String { Self.fill(summaryStoppedFormat, left) }
  public func helpTooSmall(_ size: String) -> String { Self.fill(helpTooSmallFormat, size) }

  /// Replaces each `%@` in order.
  static func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  public static let english = CountdownStrings(
    language: .en,
    title: "Countdown",
    endsIn: "Ends in",
    paused: "Paused",
    ended: "Ended",
    pause: "pause",
    resume: "resume",
    help: "help",
    close: "close",
    quit: "quit",
    helpPauseResume: "pause, resume (durations only)",
    helpHelp: "show or close this help",
    helpBack: "close this help",
    helpQuit: "quit",
    helpQuitWithExit: "quit (exit status 1 before the end)",
    helpSignals: "Ctrl-Z suspends, Ctrl-C quits",
    helpFooter: "Esc or ? closes this help",
    helpTooSmallFormat: "The keys need a terminal of %@; Esc closes",
    keysTitle: "Keys",
    hintDateCannotPause: "A countdown to a date cannot be paused",
    hintEnded: "The countdown has ended: q quits",
    hintNothingToClose: "Nothing to close",
    hintUnknownKey: "That key does nothing here: ? shows the keys",
    summaryEnded: "Countdown ended",
    summaryStoppedFormat: "Countdown stopped with %@ left",
    invalidTargetFormat: """
      "%@" is not a countdown target. Accepted forms:
        2026-12-31T23:59:59+09:00   date and time with an offset (or Z)
        2026-12-31 18:00            local date and time (seconds optional; T or space)
        2026-12-31                  the start of a local date
        14:30, 09:05, 14:30:15      the next time of day to come (two-digit hours)
        90, 90s, 25m, 1h30m, 1d2h   a duration (a bare number is seconds)
        1:30, 1:30:00               a duration as M:SS or H:MM:SS (1:30 is 90 s)
      Durations up to 9999 days.
      """
  )

  public static let korean = CountdownStrings(
    language: .ko,
    title: "카운트다운",
    endsIn: "종료까지",
    paused: "일시정지",
    ended: "종료",
    pause: "일시정지",
    resume: "재개",
    help: "도움말",
    close: "닫기",
    quit: "종료",
    helpPauseResume: "일시정지, 재개 (시간 길이만)",
    helpHelp: "도움말 열기/닫기",
    helpBack: "도움말 닫기",
    helpQuit: "종료",
    helpQuitWithExit: "종료 (끝나기 전이면 종료 상태 1)",
    helpSignals: "Ctrl-Z 일시 중단, Ctrl-C 종료",
    helpFooter: "Esc 또는 ? 로 닫기",
    helpTooSmallFormat: "키 목록은 터미널이 %@ 이상이어야 보입니다; Esc 로 닫기",
    keysTitle: "키",
    hintDateCannotPause: "날짜까지의 카운트다운은 일시정지할 수 없습니다",
    hintEnded: "카운트다운이 끝났습니다: q 로 종료",
    hintNothingToClose: "닫을 것이 없습니다",
    hintUnknownKey: "여기서는 쓰지 않는 키입니다: ? 로 키 보기",
    summaryEnded: "카운트다운 종료",
    summaryStoppedFormat: "카운트다운 중단: %@ 남음",
    invalidTargetFormat: """
      "%@" 은(는) 카운트다운 대상이 아닙니다. 받는 형식:
        2026-12-31T23:59:59+09:00   오프셋(또는 Z)이 있는 날짜와 시각
        2026-12-31 18:00            현지 날짜와 시각 (초는 생략 가능; T 또는 공백)
        2026-12-31                  현지 날짜의 시작
        14:30, 09:05, 14:30:15      다음에 올 시각 (시는 두 자리)
        90, 90s, 25m, 1h30m, 1d2h   시간 길이 (숫자만 쓰면 초)
        1:30, 1:30:00               M:SS 또는 H:MM:SS 형식의 시간 길이 (1:30 은 90초)
      시간 길이는 9999일까지입니다.
      """
  )
}
