import SplitsCore

/// Messages only the command line prints (export files, countdown without a terminal), in
/// each language. One stored property per text, so a text missing in one language does not
/// compile. Argument-parser's own errors (and those the CLI words like them) stay English.
struct CLIStrings: Sendable {
  /// Ride number, its laps, the file: `Wrote ride 12, 4 laps, to ride.tcx`.
  let wroteRide: @Sendable (Int, Int, String) -> String
  /// Number of rides, the file: `Wrote 3 rides to rides.csv`.
  let wroteRides: @Sendable (Int, String) -> String
  /// The directory `-o` named, and a file name to suggest in it.
  let outputIsDirectory: @Sendable (String, String) -> String
  /// The path `-o` named and what it is: `splits: /dev/full is a character device, …`.
  let outputNotRegular: @Sendable (String, ExportFile.Kind) -> String
  /// The file, its extension's format, the format written.
  let extensionDisagrees: @Sendable (String, String, String) -> String
  let countdownNeedsTerminal: String
  /// `last` (or no RIDE) named the open ride: it is exported as it is now.
  let openRideExported: @Sendable (Int) -> String
  /// `--name` or `--sport` given to a screen opening on open ride N (of the sport it has
  /// now: a running ride is a run): what it took (a name it lacked, a sport).
  let openRideChanged: @Sendable (Int, Sport, [String]) -> String
  /// `--name` other than open ride N's own: it is the next ride's (the open ride's, the given).
  let openRideKeepsName: @Sendable (Int, Sport, String, String) -> String
  /// The workout file open ride N follows was changed since it began: the file, the ride.
  let workoutFileChanged: @Sendable (String, Int, Sport) -> String

  static func of(_ language: Language) -> CLIStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  static let english = CLIStrings(
    wroteRide: { ride, laps, file in
      "Wrote ride \(ride), \(laps == 1 ? "1 lap" : "\(laps) laps"), to \(file)"
    },
    wroteRides: { count, file in "Wrote \(count == 1 ? "1 ride" : "\(count) rides") to \(file)" },
    outputIsDirectory: { directory, name in
      "splits: \(directory) is a directory: name a file in it, for example -o \(name)"
    },
    outputNotRegular: { file, kind in
      let what =
        switch kind {
        case .directory: "a directory"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a named pipe"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        }
      return "splits: \(file) is \(what), not a regular file: export writes and replaces regular files only (-o - for standard output)"
    },
    extensionDisagrees: { file, named, written in
      "splits: warning: \(file) ends in .\(named), but it is written as \(written.uppercased()) (--format \(written))"
    },
    countdownNeedsTerminal:
      "splits countdown needs an interactive terminal: run it in a terminal (it has no form without a screen)",
    openRideExported: { ride in
      "splits: ride \(ride) is still open: exported as it is now (r on its screen finishes it)"
    },
    openRideChanged: { ride, sport, changes in
      "\(sport == .running ? "Run" : "Ride") \(ride) is open: now \(changes.joined(separator: ", "))"
    },
    openRideKeepsName: { ride, sport, open, name in
      "\(sport == .running ? "Run" : "Ride") \(ride) is open as \(Printable.text(open)): --name \(Printable.text(name)) names the next ride (splits edit \(ride) renames)"
    },
    workoutFileChanged: { file, ride, sport in
      "\(Printable.text(file)) changed since \(sport == .running ? "run" : "ride") \(ride) began: it goes on with the workout as it was then (r finishes it)"
    })

  static let korean = CLIStrings(
    wroteRide: { ride, laps, file in "라이드 \(ride) (랩 \(laps)개) 을(를) \(file) 에 저장했습니다" },
    wroteRides: { count, file in "라이드 \(count)개를 \(file) 에 저장했습니다" },
    outputIsDirectory: { directory, name in
      "splits: \(directory) 은(는) 디렉터리입니다: 그 안의 파일을 지정하세요, 예: -o \(name)"
    },
    outputNotRegular: { file, kind in
      let what =
        switch kind {
        case .directory: "디렉터리"
        case .characterDevice: "문자 장치"
        case .blockDevice: "블록 장치"
        case .fifo: "이름 있는 파이프"
        case .socket: "소켓"
        case .symbolicLink: "심볼릭 링크"
        }
      return "splits: \(file) 은(는) 일반 파일이 아니라 \(what)입니다: export 는 일반 파일만 쓰고 바꿉니다 (표준 출력은 -o -)"
    },
    extensionDisagrees: { file, named, written in
      "splits: 경고: \(file) 의 확장자는 .\(named) 이지만 \(written.uppercased()) 형식으로 씁니다 (--format \(written))"
    },
    countdownNeedsTerminal: "splits countdown 은 대화형 터미널이 필요합니다: 터미널에서 실행하세요 (화면 없이 쓰는 방법은 없습니다)",
    openRideExported: { ride in
      "splits: \(ride)번 라이드는 아직 진행 중입니다: 지금 상태로 내보냈습니다 (화면에서 r 로 완료)"
    },
    openRideChanged: { ride, sport, changes in
      "\(ride)번 \(sport == .running ? "달리기" : "라이드") 진행 중: 이제 \(changes.joined(separator: ", "))"
    },
    openRideKeepsName: { ride, sport, open, name in
      "\(ride)번 \(sport == .running ? "달리기가" : "라이드가") \(Printable.text(open)) 이름으로 진행 중: --name \(Printable.text(name)) 은 다음 라이드 이름 (바꾸기: splits edit \(ride))"
    },
    workoutFileChanged: { file, ride, sport in
      "\(Printable.text(file)) 이(가) \(ride)번 \(sport == .running ? "달리기" : "라이드") 시작 후 바뀌었습니다: 시작할 때의 워크아웃으로 계속합니다 (r 로 완료)"
    })
}
