/// What `splits start | pause | resume | toggle | lap | undo | finish` (and LiveSplit Server's
/// commands, `splits split` …) print, in each language:
/// the outcome line, the refusals and the channel's errors. One stored property per text, so
/// a text missing in one language does not compile.
public struct RemoteStrings: Sendable {
  /// The language of the texts below.
  public let language: Language
  /// `%@` is the ride number.
  public internal(set) var startedFormat: String
  /// `%@` the ride number, `%@` the countdown's seconds.
  public internal(set) var countdownFormat: String
  /// `%@` the ride number, `%@` the moving time.
  public internal(set) var pausedFormat: String
  public internal(set) var resumedFormat: String
  /// `%@` the lap number, `%@` the lap's time, as in `lap 4  00:03:12.45`.
  public let lapFormat: String
  /// After a lap that ended a workout's last step (which pauses the ride).
  public let workoutComplete: String
  /// `%@` the lap number taken back.
  public let undoneFormat: String
  /// `%@` the ride number, `%@` the moving time, `%@` the laps (`lapsFormat` or `oneLap`).
  public internal(set) var finishedFormat: String
  /// A workout ride's steps after `finishedFormat`'s moving time: done, of all, skipped, left.
  public let stepsFormat: String
  /// A count of laps: `%@` the count (not 1).
  public let lapsFormat: String
  /// One lap.
  public let oneLap: String
  /// `%@` the segment's number, `%@` its name.
  public let skippedFormat: String
  /// `%@` the segment's number whose skip was taken back.
  public let unskippedFormat: String
  /// `%@` the ride number, `%@` the segments ended, `%@` the route's segments.
  public let resetFormat: String
  /// Refusals: the command makes no sense in the ride's state.
  public let refusedNoRide: String
  public let refusedCountingDown: String
  public let refusedAlreadyRunning: String
  public let refusedAlreadyPaused: String
  public let refusedLapWhilePaused: String
  /// `lap` while a workout ride is paused with a step to come.
  public let refusedStepWhilePaused: String
  public let refusedFinishWhileRunning: String
  public let refusedNothingToUndo: String
  public let refusedStepsStay: String
  public let refusedLapTooSoon: String
  public let refusedNoRoute: String
  public let refusedLastSegment: String
  public let refusedAttemptComplete: String
  /// The screen applied it, the journal has not taken it yet: `%@` why.
  public let unwrittenFormat: String
  /// The screen applied it, the journal refused it for good: `%@` why.
  public let droppedFormat: String
  /// The screen was reached but gave no answer in time, or an answer this version cannot read.
  public let screenSilent: String
  /// The open screen refused the connection: `%@` its reason.
  public let screenRefusedFormat: String
  /// Screens kept ending before answering, so whether the command was applied is not known.
  public let outcomeUnknown: String

  public static func of(_ language: Language) -> RemoteStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  /// The line a command prints for what it did, times at `precision`.
  public func describe(_ outcome: RemoteOutcome, precision: Precision) -> String {
    func clock(_ duration: Duration) -> String { TimeFormat.clock(duration, precision: precision) }
    switch outcome {
    case .started(let ride, 0): return fill(startedFormat, String(ride))
    case .started(let ride, let countdown): return fill(countdownFormat, String(ride), String(countdown))
    case .paused(let ride, let moving): return fill(pausedFormat, String(ride), clock(moving))
    case .resumed(let ride, let moving): return fill(resumedFormat, String(ride), clock(moving))
    case .lap(_, let number, let lap, _, let complete):
      let line = fill(lapFormat, String(number), clock(lap))
      return complete ? line + " · " + workoutComplete : line
    case .undone(_, let number): return fill(undoneFormat, String(number))
    case .finished(let ride, let moving, let laps):
      let count = laps == 1 ? oneLap : fill(lapsFormat, String(laps))
      return fill(finishedFormat, String(ride), clock(moving), count)
    case .skipped(_, let number, let name): return fill(skippedFormat, String(number), Printable.text(name))
    case .unskipped(_, let number): return fill(unskippedFormat, String(number))
    case .reset(let ride, let ended, let segments): return fill(resetFormat, String(ride), String(ended), String(segments))
    case .value(let text): return Printable.text(text)
    case .finishedWorkout(let ride, let moving, let steps, let done, let skipped):
      let count = fill(stepsFormat, String(done), String(steps), String(skipped), String(max(0, steps - done - skipped)))
      return fill(finishedFormat, String(ride), clock(moving), count)
    case .refused(let refusal): return reason(refusal)
    }
  }

  public func reason(_ refusal: RemoteRefusal) -> String {
    switch refusal {
    case .noRide: refusedNoRide
    case .countingDown: refusedCountingDown
    case .alreadyRunning: refusedAlreadyRunning
    case .alreadyPaused: refusedAlreadyPaused
    case .lapWhilePaused: refusedLapWhilePaused
    case .stepWhilePaused: refusedStepWhilePaused
    case .finishWhileRunning: refusedFinishWhileRunning
    case .nothingToUndo: refusedNothingToUndo
    case .stepsStay: refusedStepsStay
    case .lapTooSoon: refusedLapTooSoon
    case .noRoute: refusedNoRoute
    case .lastSegment: refusedLastSegment
    case .attemptComplete: refusedAttemptComplete
    }
  }

  public static let english = RemoteStrings(
    language: .en,
    startedFormat: "ride %@ started",
    countdownFormat: "ride %@ starts after a %@ s countdown",
    pausedFormat: "ride %@ paused at %@",
    resumedFormat: "ride %@ resumed at %@",
    lapFormat: "lap %@  %@",
    workoutComplete: "workout complete (paused)",
    undoneFormat: "took back lap %@",
    finishedFormat: "ride %@ finished: moving %@ · %@",
    stepsFormat: "steps %@/%@ done, %@ skipped, %@ left",
    lapsFormat: "%@ laps",
    oneLap: "1 lap",
    skippedFormat: "skipped segment %@ (%@)",
    unskippedFormat: "took back the skip of segment %@",
    resetFormat: "ride %@: the attempt was reset after %@ of %@ segments",
    refusedNoRide: "no ride is open: splits start starts one",
    refusedCountingDown: "the pre-start countdown is on: the ride has not started yet",
    refusedAlreadyRunning: "the ride is already running",
    refusedAlreadyPaused: "the ride is paused: splits resume goes on",
    refusedLapWhilePaused: "laps are recorded while running: splits resume first",
    refusedStepWhilePaused: "lap ends or skips the workout's step only while riding: splits resume first",
    refusedFinishWhileRunning: "the ride is running: splits pause first, then splits finish",
    refusedNothingToUndo: "no lap to take back",
    refusedStepsStay: "a workout's steps stay as they ended",
    refusedLapTooSoon:
      "no lap: it came within the split guard of the one before or of the start (a double press?); "
      + "the screen's --split-guard MS sets it, 0 turns it off",
    refusedNoRoute: "the ride rides no route: only a route's segments are skipped (splits route new NAME …)",
    refusedLastSegment: "the last segment is never skipped: splits split ends it",
    refusedAttemptComplete: "the attempt is complete: splits reset (or r on the screen) records it",
    unwrittenFormat: "the screen shows it, but the journal has not taken it yet (%@); the screen keeps retrying",
    droppedFormat: "the screen showed it, but the journal refused it for good: %@",
    screenSilent: "the open screen did not answer",
    screenRefusedFormat: "the open screen refused the command: %@",
    outcomeUnknown: "the screen ended before answering, and went on ending: whether the command was applied is unknown (check `splits status`)")

  public static let korean = RemoteStrings(
    language: .ko,
    startedFormat: "라이드 %@ 시작",
    countdownFormat: "라이드 %@ 은(는) %@초 카운트다운 뒤 시작합니다",
    pausedFormat: "라이드 %@ 일시정지: %@",
    resumedFormat: "라이드 %@ 재개: %@",
    lapFormat: "랩 %@  %@",
    workoutComplete: "워크아웃 완료 (일시정지)",
    undoneFormat: "랩 %@ 취소",
    finishedFormat: "라이드 %@ 완료: 이동 %@ · %@",
    stepsFormat: "단계 %@/%@ 완료, 건너뜀 %@, 남음 %@",
    lapsFormat: "랩 %@",
    oneLap: "랩 1",
    skippedFormat: "구간 %@ (%@) 건너뜀",
    unskippedFormat: "구간 %@ 건너뛰기 취소",
    resetFormat: "라이드 %@: 구간 %@/%@ 에서 시도를 리셋했습니다",
    refusedNoRide: "열린 라이드가 없습니다: splits start 로 시작",
    refusedCountingDown: "시작 전 카운트다운 중입니다: 라이드가 아직 시작되지 않았습니다",
    refusedAlreadyRunning: "라이드가 이미 진행 중입니다",
    refusedAlreadyPaused: "라이드가 일시정지 상태입니다: splits resume 로 재개",
    refusedLapWhilePaused: "랩은 주행 중에만 기록됩니다: 먼저 splits resume",
    refusedStepWhilePaused: "lap 은 주행 중에만 워크아웃 단계를 끝내거나 건너뜁니다: 먼저 splits resume",
    refusedFinishWhileRunning: "주행 중입니다: 먼저 splits pause, 그다음 splits finish",
    refusedNothingToUndo: "취소할 랩이 없습니다",
    refusedStepsStay: "워크아웃 단계는 끝난 대로 남습니다",
    refusedLapTooSoon:
      "랩 기록 안 됨: 이전 랩이나 시작 직후 스플릿 가드 안에 들어왔습니다 (두 번 눌렀나요?); "
      + "화면의 --split-guard MS 로 정하고 0 이면 끕니다",
    refusedNoRoute: "이 라이드에는 루트가 없습니다: 루트의 구간만 건너뛸 수 있습니다 (splits route new NAME …)",
    refusedLastSegment: "마지막 구간은 건너뛸 수 없습니다: splits split 으로 끝냅니다",
    refusedAttemptComplete: "시도가 완료되었습니다: splits reset (또는 화면의 r) 으로 기록합니다",
    unwrittenFormat: "화면에는 보이지만 저널에 아직 기록되지 않았습니다 (%@); 화면이 계속 다시 시도합니다",
    droppedFormat: "화면에는 보였지만 저널이 완전히 거부했습니다: %@",
    screenSilent: "열린 화면이 응답하지 않았습니다",
    screenRefusedFormat: "열린 화면이 명령을 거부했습니다: %@",
    outcomeUnknown: "화면이 응답하기 전에 계속 종료되어 명령이 적용되었는지 알 수 없습니다 (`splits status`로 확인하세요)")
}
