import SplitsWorkout

/// Every label and message of the workout screen and of a ride that follows a workout, in
/// each language. One stored property per text, so a text missing in one language does not
/// compile. The ride screen's words the workout screen shares (start, pause, help, hints)
/// stay in `Strings`.
public struct WorkoutStrings: Sendable {
  /// The workout screen: a workout without a name.
  public let workout: String
  /// The kinds of step.
  public let kindWarmup: String
  public let kindActive: String
  public let kindRest: String
  public let kindCooldown: String
  public let kindFree: String
  public let kindMax: String
  /// A ramp's target: `ramp 50→75%`.
  public let ramp: String
  /// What to hold in a step without a target, and in a max effort.
  public let targetFree: String
  public let targetMax: String
  /// A lap step's length.
  public let untilLap: String
  /// Under the time left in a step; under the time into a lap step; during the pre-start countdown.
  public let stepLeft: String
  public let stepLapInto: String
  public let startsIn: String
  /// The step after this one.
  public let nextFormat: String
  public let lastStep: String
  /// The workout's time so far, then its time left.
  public let workoutTimesFormat: String
  /// The workout's time so far, when a lap step is still to come.
  public let workoutTimesOpenFormat: String
  /// The finished steps' table.
  public let stepHeader: String
  public let plannedHeader: String
  public let actualHeader: String
  public let endedHeader: String
  public let endedTime: String
  public let endedLap: String
  public let endedSkip: String
  public let lapLength: String
  public let earlierStepsFormat: String
  /// The summary when the last step ends.
  public let workoutComplete: String
  public let riddenFormat: String
  public let plannedTotalFormat: String
  public let plannedOpenFormat: String
  /// Steps ended by their time, by `l` on a lap step, skipped.
  public let endedOnTimeFormat: String
  public let endedOnLapFormat: String
  public let endedSkippedFormat: String
  /// Key labels on the workout screen.
  public let endStep: String
  public let skipStep: String
  public let rideOn: String
  /// What the keys do on the workout screen, for the help overlay (space as on the ride
  /// screen: riding on is resuming).
  public let helpWorkoutLap: String
  public let helpWorkoutUndo: String
  /// `l` before the start or while paused, with a step to come: it ends (a lap step) or
  /// skips the step, but only while riding.
  public let hintEndStepReady: String
  public let hintSkipStepReady: String
  public let hintEndStepPaused: String
  public let hintSkipStepPaused: String
  /// The summary after `r` of a workout ride: steps done (of all), skipped and left; the
  /// last ride of the same workout (its number, the moving time's difference, its steps
  /// done of all), or that there is none; the time ridden after the last step.
  public let summaryStepsFormat: String
  public let summaryAgainstFormat: String
  public let summaryFirstRide: String
  public let summaryAfterWorkout: String
  /// `history`'s cell for a workout ride, in place of the best lap: steps done, of all.
  public let stepsCellFormat: String
  /// `SPLITS_CUE` when a workout's last step ends.
  public let workoutCompleteCue: String
  /// `--cue-cmd` failed: its exit status, the signal that ended it, or why it did not start.
  public let cueFailedFormat: String
  public let cueKilledFormat: String
  public let cueCouldNotStartFormat: String
  /// The workout kept with the open ride cannot be read: why.
  public let workoutUnreadableFormat: String
  /// What the workout's reader skipped (a `.zwo` element it does not know): the first warning.
  public let workoutWarningFormat: String
  /// The same with more than one: the first, then how many more.
  public let workoutWarningsFormat: String

  public static func of(_ language: Language) -> WorkoutStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The kind of a workout step, as the workout screen names it.
  public func kindName(_ kind: WorkoutStep.Kind) -> String {
    switch kind {
    case .warmup: kindWarmup
    case .active: kindActive
    case .rest: kindRest
    case .cooldown: kindCooldown
    case .free: kindFree
    case .max: kindMax
    }
  }

  /// How a workout step ended, for the finished steps' table.
  public func ended(_ end: StepEnd) -> String {
    switch end {
    case .time: endedTime
    case .lap: endedLap
    case .skip: endedSkip
    }
  }

  /// The label of `command` on the workout screen's key line: `l` ends a lap step and skips
  /// a timed one; after the last step space rides on; the other keys as `ride` labels them.
  public func label(
    _ command: Command, phase: Ride.Phase, helpShown: Bool, lapStep: Bool, complete: Bool, ride: Strings
  ) -> String {
    switch command {
    case .startPause where phase == .paused && complete: rideOn
    case .lap: lapStep ? endStep : skipStep
    default: ride.label(command, phase: phase, helpShown: helpShown)
    }
  }

  /// `Steps 2/10 done · 1 skipped · 7 left`.
  public func steps(_ figures: WorkoutFigures) -> String {
    fill(
      summaryStepsFormat, String(figures.done), String(figures.steps), String(figures.skipped), String(figures.left))
  }

  /// What `l` says before the start (`paused` false) or while paused, with a step to come.
  public func stepWhileStopped(lapStep: Bool, paused: Bool) -> String {
    switch (lapStep, paused) {
    case (true, false): hintEndStepReady
    case (false, false): hintSkipStepReady
    case (true, true): hintEndStepPaused
    case (false, true): hintSkipStepPaused
    }
  }

  /// What `command` does on the workout screen, for the help overlay; the other keys as
  /// `ride` describes them.
  public func describe(_ command: Command, ride: Strings) -> String {
    switch command {
    case .lap: helpWorkoutLap
    case .undo: helpWorkoutUndo
    default: ride.describe(command)
    }
  }

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  public static let english = WorkoutStrings(
    workout: "Workout",
    kindWarmup: "warm-up",
    kindActive: "active",
    kindRest: "rest",
    kindCooldown: "cool-down",
    kindFree: "free ride",
    kindMax: "max effort",
    ramp: "ramp",
    targetFree: "ride as you like",
    targetMax: "all out",
    untilLap: "until l",
    stepLeft: "left in step",
    stepLapInto: "into the step · l ends it",
    startsIn: "until the start",
    nextFormat: "Next: %@",
    lastStep: "Last step",
    workoutTimesFormat: "%@ / %@ left",
    workoutTimesOpenFormat: "%@ / time left unknown: a lap step is to come",
    stepHeader: "Step",
    plannedHeader: "Planned",
    actualHeader: "Actual",
    endedHeader: "Ended",
    endedTime: "time",
    endedLap: "lap",
    endedSkip: "skipped",
    lapLength: "lap",
    earlierStepsFormat: "   … %@ earlier steps",
    workoutComplete: "Workout complete",
    riddenFormat: "Ridden %@",
    plannedTotalFormat: "planned %@",
    plannedOpenFormat: "%@ and lap steps",
    endedOnTimeFormat: "On time %@",
    endedOnLapFormat: "on l %@",
    endedSkippedFormat: "skipped %@",
    endStep: "end step",
    skipStep: "skip step",
    rideOn: "ride on",
    helpWorkoutLap: "end the step (skip if timed)",
    helpWorkoutUndo: "undo a lap after the workout",
    hintEndStepReady: "l ends the step while riding: space starts",
    hintSkipStepReady: "l skips the step while riding: space starts",
    hintEndStepPaused: "l ends the step while riding: space resumes",
    hintSkipStepPaused: "l skips the step while riding: space resumes",
    summaryStepsFormat: "Steps %@/%@ done · %@ skipped · %@ left",
    summaryAgainstFormat: "Against ride %@ of this workout: %@ · %@/%@ steps done",
    summaryFirstRide: "The first finished ride of this workout",
    summaryAfterWorkout: "after the workout",
    stepsCellFormat: "steps %@/%@",
    workoutCompleteCue: "Workout complete",
    cueFailedFormat: "The cue command failed with exit status %@",
    cueKilledFormat: "The cue command was ended by signal %@",
    cueCouldNotStartFormat: "The cue command could not start: %@",
    workoutUnreadableFormat: "This ride's workout cannot be read (%@): it goes on as a plain ride",
    workoutWarningFormat: "Warning: %@",
    workoutWarningsFormat: "Warning: %@ (and %@ more: splits workout check lists them)"
  )

  public static let korean = WorkoutStrings(
    workout: "워크아웃",
    kindWarmup: "워밍업",
    kindActive: "운동",
    kindRest: "휴식",
    kindCooldown: "쿨다운",
    kindFree: "자유 주행",
    kindMax: "최대 노력",
    ramp: "램프",
    targetFree: "자유롭게",
    targetMax: "전력으로",
    untilLap: "l 까지",
    stepLeft: "단계 남은 시간",
    stepLapInto: "단계 경과 · l 로 끝내기",
    startsIn: "시작까지",
    nextFormat: "다음: %@",
    lastStep: "마지막 단계",
    workoutTimesFormat: "%@ / 남은 시간 %@",
    workoutTimesOpenFormat: "%@ / 랩 단계가 남아 남은 시간 모름",
    stepHeader: "단계",
    plannedHeader: "계획",
    actualHeader: "실제",
    endedHeader: "종료",
    endedTime: "시간",
    endedLap: "랩",
    endedSkip: "건너뜀",
    lapLength: "랩",
    earlierStepsFormat: "   … 이전 단계 %@개",
    workoutComplete: "워크아웃 완료",
    riddenFormat: "주행 %@",
    plannedTotalFormat: "계획 %@",
    plannedOpenFormat: "%@ + 랩 단계",
    endedOnTimeFormat: "시간 종료 %@",
    endedOnLapFormat: "l 종료 %@",
    endedSkippedFormat: "건너뜀 %@",
    endStep: "단계 끝내기",
    skipStep: "단계 건너뛰기",
    rideOn: "계속 주행",
    helpWorkoutLap: "단계 끝내기 (시간 단계는 건너뜀)",
    helpWorkoutUndo: "워크아웃 뒤의 랩 취소",
    hintEndStepReady: "l 은 주행 중에 단계를 끝냅니다: space 로 시작",
    hintSkipStepReady: "l 은 주행 중에 단계를 건너뜁니다: space 로 시작",
    hintEndStepPaused: "l 은 주행 중에 단계를 끝냅니다: space 로 재개",
    hintSkipStepPaused: "l 은 주행 중에 단계를 건너뜁니다: space 로 재개",
    summaryStepsFormat: "단계 %@/%@ 완료 · 건너뜀 %@ · 남음 %@",
    summaryAgainstFormat: "이 워크아웃의 라이드 %@ 대비: %@ · 단계 %@/%@ 완료",
    summaryFirstRide: "이 워크아웃의 첫 완료 라이드",
    summaryAfterWorkout: "워크아웃 뒤",
    stepsCellFormat: "단계 %@/%@",
    workoutCompleteCue: "워크아웃 완료",
    cueFailedFormat: "큐 명령이 종료 상태 %@(으)로 실패했습니다",
    cueKilledFormat: "큐 명령이 시그널 %@(으)로 종료되었습니다",
    cueCouldNotStartFormat: "큐 명령을 시작할 수 없습니다: %@",
    workoutUnreadableFormat: "이 라이드의 워크아웃을 읽을 수 없습니다 (%@): 일반 라이드로 계속합니다",
    workoutWarningFormat: "경고: %@",
    workoutWarningsFormat: "경고: %@ (외 %@개: splits workout check 로 모두 보기)"
  )
}
