/// Every label and message, in each language. A `Strings` value has one stored property per
/// text, so a text missing in one language does not compile.
public struct Strings: Sendable {
  // Ride screen
  public let appName: String
  public internal(set) var ride: String
  public let ready: String
  public let running: String
  public let paused: String
  public let elapsed: String
  public let pausedTotal: String
  public let laps: String
  public let lapHeader: String
  public let lapTimeHeader: String
  public let splitHeader: String
  public let differenceHeader: String
  /// The lap table's mark of laps left out: the count.
  public let earlierLapsFormat: String
  public let keysTitle: String
  public let helpFooter: String
  /// In place of the help box when the terminal is smaller than it: the size it needs.
  public let helpTooSmallFormat: String
  /// Command labels for the help line, by phase where they differ.
  public let start: String
  public let pause: String
  public let resume: String
  public let lap: String
  public let undo: String
  /// `s` on a route: the segment skipped.
  public let skip: String
  public let finish: String
  public let help: String
  public let close: String
  public let cancel: String
  public let quit: String
  /// What each command does, for the help overlay.
  public let helpStartPause: String
  public let helpLap: String
  public let helpUndo: String
  public let helpSkip: String
  public internal(set) var helpFinish: String
  public let helpHelp: String
  public let helpBack: String
  public internal(set) var helpQuit: String
  public let helpSignals: String
  /// Hints for keys that do nothing now.
  public let hintLapReady: String
  public let hintLapPaused: String
  public internal(set) var hintFinishReady: String
  public internal(set) var hintFinishRunning: String
  public let hintNothingToUndo: String
  public let hintStepsStay: String
  public let hintCountdownWait: String
  public let hintNothingToCancel: String
  public let hintUnknownKey: String
  /// `c` for a ride without a name, and during a workout.
  public let hintCompareNeedsName: String
  public let hintCompareWorkout: String
  /// A route's hints: `r` once on an attempt with segments left, `s` on the last segment or
  /// on a ride with no route.
  public let hintResetAsk: String
  public let hintSkipLast: String
  public let hintSkipNoRoute: String
  // Comparisons on the ride screen
  /// The `c` key's label and what it does.
  public let compare: String
  public let helpCompare: String
  /// The lap table's column of deltas against the comparison.
  public let deltaHeader: String
  /// Each comparison's name in the footer.
  public let comparePrevious: String
  public let compareBest: String
  public let compareGold: String
  public let compareNone: String
  /// The footer's comparison: its name, then the ride compared with (its finish follows).
  public let compareRideFormat: String
  /// The footer's comparison without one ride (best segments): its name.
  public let compareAgainstFormat: String
  /// The footer when the chosen comparison has nothing to compare with: its name.
  public let compareNothingFormat: String
  /// The footer when there is no personal best with the laps the ride has so far, though
  /// there are earlier rides: the comparison's name, the laps so far, which rides there are
  /// (`ridesWithLapsFormat`, `ridesWithOneLapFormat`: a number of rides, then of laps).
  public let compareNoBestFormat: String
  public let ridesWithLapsFormat: String
  public let ridesWithOneLapFormat: String
  /// The footer's part saying the Δ column is against the best segments instead.
  public let compareDeltaAgainstGold: String
  /// `l` within the split guard of the lap before (or of the start): the guard in ms.
  public let hintLapTooSoonFormat: String
  public let footerPredicted: String
  public let footerSumOfBest: String
  /// The banner when the journal did not keep the choice of comparison: why.
  public let comparisonNotSavedFormat: String
  // Summary after exit
  public let summaryMoving: String
  public let summaryLapsFormat: String
  public let summaryOneLap: String
  public internal(set) var summaryNoRide: String
  public internal(set) var summaryFinishedFormat: String
  public let summaryStillRunning: String
  public let summaryStillPaused: String
  /// The summary after `r`: the best, worst and average lap, and the difference from the
  /// previous ride (its number, then the signed difference).
  public let summaryBest: String
  public let summaryWorst: String
  public let summaryAverage: String
  public let summaryVersusFormat: String
  /// Shown when `q` would lose events the journal has not taken yet.
  public let unsavedOnQuitFormat: String
  /// The banner while the journal refuses writes: the reason, then the journal's path (last,
  /// so that a narrow screen cuts the path, not the reason).
  public internal(set) var journalBannerFormat: String
  /// The lines after an exit that left events unwritten: the count, then the journal's path.
  public let unwrittenOnExitFormat: String
  // Errors
  public let notATerminal: String
  public let termUnset: String
  public let termUnusableFormat: String
  public let termCannotAddressFormat: String
  public let terminalFailed: String

  public static func of(_ language: Language) -> Strings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The label of `command` on the help line in `phase`.
  public func label(_ command: Command, phase: Ride.Phase, helpShown: Bool) -> String {
    switch command {
    case .startPause: phase == .running ? pause : phase == .paused ? resume : start
    case .lap: lap
    case .undo: undo
    case .skip: skip
    case .finish: finish
    case .compare: compare
    case .help: help
    case .back: phase == .countdown ? cancel : close
    case .quit: quit
    }
  }

  /// What `command` does, for the help overlay.
  public func describe(_ command: Command) -> String {
    switch command {
    case .startPause: helpStartPause
    case .lap: helpLap
    case .undo: helpUndo
    case .skip: helpSkip
    case .finish: helpFinish
    case .compare: helpCompare
    case .help: helpHelp
    case .back: helpBack
    case .quit: helpQuit
    }
  }

  /// The name of a phase as the status shows it (the countdown shows its number instead).
  public func phaseName(_ phase: Ride.Phase) -> String {
    switch phase {
    case .ready, .countdown: ready
    case .running: running
    case .paused: paused
    }
  }

  /// "1 lap", "3 laps" / "랩 3개".
  public func lapCount(_ n: Int) -> String { n == 1 ? summaryOneLap : fill(summaryLapsFormat, String(n)) }

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  public static let english = Strings(
    appName: "Splits",
    ride: "Ride",
    ready: "READY",
    running: "RUNNING",
    paused: "PAUSED",
    elapsed: "Elapsed",
    pausedTotal: "Paused",
    laps: "Laps",
    lapHeader: "Lap",
    lapTimeHeader: "Lap time",
    splitHeader: "Split",
    differenceHeader: "Diff",
    earlierLapsFormat: "   … %@ earlier laps",
    keysTitle: "Keys",
    helpFooter: "Esc or ? closes this help",
    helpTooSmallFormat: "The keys need a terminal of %@; Esc closes",
    start: "start",
    pause: "pause",
    resume: "resume",
    lap: "lap",
    undo: "undo",
    skip: "skip",
    finish: "finish",
    help: "help",
    close: "close",
    cancel: "cancel",
    quit: "quit",
    helpStartPause: "start, pause, resume",
    helpLap: "record a lap (while running)",
    helpUndo: "take back the last lap",
    helpSkip: "skip a route's segment (it folds into the next)",
    helpFinish: "finish the ride (while paused)",
    helpHelp: "show or close this help",
    helpBack: "cancel countdown, close help",
    helpQuit: "quit; a running ride keeps running",
    helpSignals: "Ctrl-Z suspends, Ctrl-C quits",
    hintLapReady: "Laps are recorded while running: space starts",
    hintLapPaused: "Laps are recorded while running: space resumes",
    hintFinishReady: "No ride to finish: space starts one",
    hintFinishRunning: "Pause with space first, then r finishes the ride",
    hintNothingToUndo: "No lap to take back",
    hintStepsStay: "A workout's steps stay as they ended",
    hintCountdownWait: "Counting down: Esc cancels",
    hintNothingToCancel: "Nothing to cancel",
    hintUnknownKey: "That key does nothing here: ? shows the keys",
    hintCompareNeedsName: "Comparisons are between rides of one name: start splits with --name",
    hintCompareWorkout: "A workout ride is not compared",
    hintResetAsk: "r again ends the attempt unfinished (a reset)",
    hintSkipLast: "The last segment is not skipped: l ends it",
    hintSkipNoRoute: "s skips a route's segment: this ride's name has no route",
    compare: "compare",
    helpCompare: "cycle the comparison",
    deltaHeader: "Δ",
    comparePrevious: "previous",
    compareBest: "PB",
    compareGold: "best segments",
    compareNone: "no comparison",
    compareRideFormat: "vs %@ (ride %@)",
    compareAgainstFormat: "vs %@",
    compareNothingFormat: "vs %@: no finished ride of this name yet",
    compareNoBestFormat: "vs %@: no finished ride of %@+ laps yet (%@)",
    ridesWithLapsFormat: "%@ with %@ laps",
    ridesWithOneLapFormat: "%@ with 1 lap",
    compareDeltaAgainstGold: "Δ vs best segments",
    hintLapTooSoonFormat: "No lap: within %@ ms of the one before (a double press?)",
    footerPredicted: "predicted",
    footerSumOfBest: "sum of best",
    comparisonNotSavedFormat: "The comparison chosen was not saved (%@); it holds until you quit",
    summaryMoving: "Moving",
    summaryLapsFormat: "%@ laps",
    summaryOneLap: "1 lap",
    summaryNoRide: "No ride started.",
    summaryFinishedFormat: "Ride %@ finished",
    summaryStillRunning: "still running: run splits to come back",
    summaryStillPaused: "kept, paused: run splits to come back, space resumes",
    summaryBest: "best lap",
    summaryWorst: "worst lap",
    summaryAverage: "average lap",
    summaryVersusFormat: "Moving time against ride %@: %@",
    unsavedOnQuitFormat: "Events not written yet: %@. q again quits without them",
    journalBannerFormat: "cannot write the journal (%@): the ride is kept and written when it can be · %@",
    unwrittenOnExitFormat: "splits: %@ events shown on screen could not be written to the journal:\n%@",
    notATerminal: "splits needs an interactive terminal; try `splits status`",
    termUnset: "TERM is not set: splits needs to know the terminal type (for example TERM=xterm-256color)",
    termUnusableFormat: "TERM=%@ is not a terminal type this system knows; set TERM to one it does (for example xterm-256color)",
    termCannotAddressFormat: "TERM=%@ cannot move the cursor, which a full screen needs; use a terminal that can (for example TERM=xterm-256color), or splits status",
    terminalFailed: "the terminal could not be set up"
  )

  public static let korean = Strings(
    appName: "Splits",
    ride: "라이드",
    ready: "준비",
    running: "주행 중",
    paused: "일시정지",
    elapsed: "경과",
    pausedTotal: "정지",
    laps: "랩",
    lapHeader: "랩",
    lapTimeHeader: "랩 타임",
    splitHeader: "스플릿",
    differenceHeader: "차이",
    earlierLapsFormat: "   … 이전 랩 %@개",
    keysTitle: "키",
    helpFooter: "Esc 또는 ? 로 닫기",
    helpTooSmallFormat: "키 목록은 터미널이 %@ 이상이어야 보입니다; Esc 로 닫기",
    start: "시작",
    pause: "일시정지",
    resume: "재개",
    lap: "랩",
    undo: "취소",
    skip: "건너뛰기",
    finish: "완료",
    help: "도움말",
    close: "닫기",
    cancel: "취소",
    quit: "종료",
    helpStartPause: "시작, 일시정지, 재개",
    helpLap: "랩 기록 (주행 중)",
    helpUndo: "마지막 랩 취소",
    helpSkip: "경로의 구간 건너뛰기 (다음 구간에 합쳐집니다)",
    helpFinish: "라이드 완료 (일시정지 중)",
    helpHelp: "도움말 열기/닫기",
    helpBack: "카운트다운 취소, 도움말 닫기",
    helpQuit: "종료; 주행 중인 라이드는 계속됩니다",
    helpSignals: "Ctrl-Z 일시 중단, Ctrl-C 종료",
    hintLapReady: "랩은 주행 중에만 기록됩니다: space 로 시작",
    hintLapPaused: "랩은 주행 중에만 기록됩니다: space 로 재개",
    hintFinishReady: "완료할 라이드가 없습니다: space 로 시작",
    hintFinishRunning: "먼저 space 로 일시정지한 뒤 r 로 완료하세요",
    hintNothingToUndo: "취소할 랩이 없습니다",
    hintStepsStay: "워크아웃 단계는 끝난 대로 남습니다",
    hintCountdownWait: "카운트다운 중: Esc 로 취소",
    hintNothingToCancel: "취소할 것이 없습니다",
    hintUnknownKey: "여기서는 쓰지 않는 키입니다: ? 로 키 보기",
    hintCompareNeedsName: "비교는 같은 이름의 라이드끼리 합니다: splits 를 --name 과 함께 시작하세요",
    hintCompareWorkout: "워크아웃 라이드는 비교하지 않습니다",
    hintResetAsk: "r 을 한 번 더 누르면 시도가 미완료로 끝납니다 (리셋)",
    hintSkipLast: "마지막 구간은 건너뛸 수 없습니다: l 로 끝내세요",
    hintSkipNoRoute: "s 는 경로의 구간을 건너뜁니다: 이 라이드 이름에는 경로가 없습니다",
    compare: "비교",
    helpCompare: "비교 대상 바꾸기",
    deltaHeader: "Δ",
    comparePrevious: "이전",
    compareBest: "최고 기록",
    compareGold: "구간 최고",
    compareNone: "비교 없음",
    compareRideFormat: "%@ 대비 (라이드 %@)",
    compareAgainstFormat: "%@ 대비",
    compareNothingFormat: "%@ 대비: 이 이름의 완료된 라이드가 아직 없습니다",
    compareNoBestFormat: "%@ 대비: 랩 %@개 이상인 라이드 없음 (%@)",
    ridesWithLapsFormat: "라이드 %@개는 랩 %@개",
    ridesWithOneLapFormat: "라이드 %@개는 랩 1개",
    compareDeltaAgainstGold: "Δ: 구간 최고",
    hintLapTooSoonFormat: "랩 기록 안 됨: 이전 랩 후 %@ ms 이내 (두 번 눌렀나요?)",
    footerPredicted: "예상",
    footerSumOfBest: "구간 최고 합",
    comparisonNotSavedFormat: "비교 선택을 저장하지 못했습니다 (%@); 종료할 때까지 유지됩니다",
    summaryMoving: "이동 시간",
    summaryLapsFormat: "랩 %@개",
    summaryOneLap: "랩 1개",
    summaryNoRide: "시작한 라이드가 없습니다.",
    summaryFinishedFormat: "라이드 %@ 완료",
    summaryStillRunning: "계속 주행 중: splits 를 다시 실행하면 돌아옵니다",
    summaryStillPaused: "일시정지 상태로 보관됨: splits 를 다시 실행하고 space 로 재개",
    summaryBest: "가장 빠른 랩",
    summaryWorst: "가장 느린 랩",
    summaryAverage: "평균 랩",
    summaryVersusFormat: "라이드 %@ 대비 이동 시간: %@",
    unsavedOnQuitFormat: "아직 기록되지 않은 이벤트 %@개: q 를 한 번 더 누르면 기록 없이 종료합니다",
    journalBannerFormat: "기록 파일에 쓸 수 없습니다 (%@): 라이드는 보관되며 쓸 수 있을 때 기록됩니다 · %@",
    unwrittenOnExitFormat: "splits: 화면에 보인 이벤트 %@개를 기록하지 못했습니다:\n%@",
    notATerminal: "splits 는 대화형 터미널이 필요합니다; `splits status` 를 써 보세요",
    termUnset: "TERM 이 설정되지 않았습니다: 터미널 종류가 필요합니다 (예: TERM=xterm-256color)",
    termUnusableFormat: "TERM=%@ 은(는) 이 시스템이 모르는 터미널 종류입니다; 아는 값으로 설정하세요 (예: xterm-256color)",
    termCannotAddressFormat: "TERM=%@ 은(는) 커서를 옮길 수 없어 전체 화면을 쓸 수 없습니다; 옮길 수 있는 터미널을 쓰거나 (예: TERM=xterm-256color) splits status 를 쓰세요",
    terminalFailed: "터미널을 준비하지 못했습니다"
  )
}
