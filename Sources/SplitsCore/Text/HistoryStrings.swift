/// Every label and message of `splits status`, `history`, `show` and `export`, in each
/// language. One stored property per text, so a text missing in one language does not
/// compile. Machine formats (JSON, CSV, TCX, `status --json`) are never translated.
public struct HistoryStrings: Sendable {
  /// The language of these strings: a workout ride's words in `history` and `show` are the
  /// workout screen's (`workout`).
  public let language: Language
  public var workout: WorkoutStrings { .of(language) }

  /// `sport` as `history` and `show` name it.
  public func sportName(_ sport: Sport) -> String {
    switch sport {
    case .biking: sportBiking
    case .running: sportRunning
    case .other: sportOther
    }
  }


  // `status` one-liners
  /// `%@` is the lap number, as in `▶ 00:42:10 · lap 4`.
  public let statusLapFormat: String
  public let statusReady: String
  public let statusNone: String
  /// `%@` is the countdown step, as in `… 3`.
  public let statusCountdownFormat: String
  /// `%@` is the time left in a workout step, as in `▶ 00:42:10 · 3/8 Sweet spot · 00:04:10 left`.
  public let statusStepLeftFormat: String
  // Table headers
  public let rideHeader: String
  public let dateHeader: String
  public let sportHeader: String
  public let nameHeader: String
  /// `history --week` and `--month`: the period (`2026-W48`, `2026-11`) and its rides.
  public let periodHeader: String
  public let ridesHeader: String
  /// The sports, as `history` and `show` name them.
  public let sportBiking: String
  public let sportRunning: String
  public let sportOther: String
  public let movingHeader: String
  public let elapsedHeader: String
  public let pausedHeader: String
  public let lapsHeader: String
  public let bestLapHeader: String
  public let lapHeader: String
  public let lapTimeHeader: String
  public let splitHeader: String
  public let differenceHeader: String
  // `show`
  /// `%@` is the ride number.
  public let rideTitleFormat: String
  public let stateRunning: String
  public let statePaused: String
  public let stateReady: String
  public let stateCountdown: String
  public let stateFinished: String
  public let finishRow: String
  public let noLaps: String
  /// `show`'s summary, as the screen shows it after `r`: the laps, the best, worst and average
  /// lap; the moving time against the ride before (its number, the signed difference).
  public let lapSummaryFormat: String
  public let versusFormat: String
  /// Under a restored ride whose wall clock went backwards across a reboot.
  public let wallClockWentBackwards: String
  // `show --compare`
  /// The header of the delta column.
  public let compareHeader: String
  /// `%@` is the ride number, then the comparison's name (`comparePrevious` or `compareBest`).
  public let comparedWithRideFormat: String
  public let comparePrevious: String
  public let compareBest: String
  /// `%@` is the name.
  public let comparedWithGoldFormat: String
  /// `%@` is the name.
  public let noComparisonFormat: String
  public let noNameNoComparison: String
  /// No personal best with as many laps, though there are earlier rides: the name, the laps
  /// (`lapsFormat` or `lapsOrMoreFormat`), then which rides there are (`ridesWithLaps`).
  public let noBestComparedWithGoldFormat: String
  /// `%@` is a number of laps.
  public let lapsFormat: String
  public let lapsOrMoreFormat: String
  /// `%@` is a number of rides, then of laps (`ridesWithOneLapFormat` for one lap).
  public let ridesWithLapsFormat: String
  public let ridesWithOneLapFormat: String
  /// What the delta column's marks mean (they read without colour).
  public let compareLegend: String
  // Messages
  public let noRides: String
  /// `history` when rides were saved but none meets `--name`, `--sport`, `--since`, `--until`.
  public let noMatchingRides: String
  /// `%@` is the ride number.
  public let noSuchRideFormat: String
  /// `%@` is the ride number.
  public let notStartedFormat: String
  public let noFinishedRide: String
  /// `%@` is the file.
  public let fileExistsFormat: String

  /// `3 with 4 laps`: how many rides have how many laps.
  public func ridesWithLaps(_ rides: Int, laps: Int) -> String {
    laps == 1 ? fill(ridesWithOneLapFormat, String(rides)) : fill(ridesWithLapsFormat, String(rides), String(laps))
  }

  /// `6 laps`, or `6 laps or more` during a ride.
  public func laps(_ count: LapCount) -> String {
    switch count {
    case .exactly(let laps): fill(lapsFormat, String(laps))
    case .atLeast(let laps): fill(lapsOrMoreFormat, String(laps))
    }
  }

  public static func of(_ language: Language) -> HistoryStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  public func state(_ state: RideFigures.State) -> String {
    switch state {
    case .ready: stateReady
    case .countdown: stateCountdown
    case .running: stateRunning
    case .paused: statePaused
    case .finished: stateFinished
    }
  }

  public static let english = HistoryStrings(
    language: .en,
    statusLapFormat: "lap %@",
    statusReady: "ready",
    statusNone: "no ride",
    statusCountdownFormat: "starts in %@",
    statusStepLeftFormat: "%@ left",
    rideHeader: "Ride",
    dateHeader: "Date",
    sportHeader: "Sport",
    nameHeader: "Name",
    periodHeader: "Period",
    ridesHeader: "Rides",
    sportBiking: "biking",
    sportRunning: "running",
    sportOther: "other",
    movingHeader: "Moving",
    elapsedHeader: "Elapsed",
    pausedHeader: "Paused",
    lapsHeader: "Laps",
    bestLapHeader: "Best lap",
    lapHeader: "Lap",
    lapTimeHeader: "Lap time",
    splitHeader: "Split",
    differenceHeader: "Diff",
    rideTitleFormat: "Ride %@",
    stateRunning: "running",
    statePaused: "paused",
    stateReady: "ready",
    stateCountdown: "counting down",
    stateFinished: "finished",
    finishRow: "to finish",
    noLaps: "No laps.",
    lapSummaryFormat: "Laps %@ · best lap %@ · worst lap %@ · average lap %@",
    versusFormat: "Moving time against ride %@: %@",
    wallClockWentBackwards: "The wall clock went backwards across a restart; that stretch was counted as zero.",
    compareHeader: "Δ",
    comparedWithRideFormat: "Compared with ride %@ (%@).",
    comparePrevious: "previous",
    compareBest: "personal best",
    comparedWithGoldFormat: "Compared with the best segments of the earlier rides named %@ (gold).",
    noComparisonFormat: "No earlier finished ride named %@ to compare with.",
    noNameNoComparison: "This ride has no name, so there is no earlier ride to compare it with.",
    noBestComparedWithGoldFormat:
      "No earlier finished ride named %@ with %@ to compare with (%@); Δ is against the best segments.",
    lapsFormat: "%@ laps",
    lapsOrMoreFormat: "%@ laps or more",
    ridesWithLapsFormat: "%@ with %@ laps",
    ridesWithOneLapFormat: "%@ with 1 lap",
    compareLegend: "⇈ ahead, gaining · ⇡ ahead, losing · ⇣ behind, gaining · ⇊ behind, losing · ★ new best segment",
    noRides: "No rides yet: run splits and press space to start one.",
    noMatchingRides: "No saved ride matches the filters given.",
    noSuchRideFormat: "There is no ride %@: splits history lists the rides.",
    notStartedFormat: "Ride %@ has not started yet: there is nothing to export.",
    noFinishedRide: "There is no finished ride yet: finish a ride with r (while paused) first.",
    fileExistsFormat: "%@ already exists: pass --force to replace it, or choose another file with -o."
  )

  public static let korean = HistoryStrings(
    language: .ko,
    statusLapFormat: "랩 %@",
    statusReady: "준비",
    statusNone: "라이드 없음",
    statusCountdownFormat: "%@초 후 시작",
    statusStepLeftFormat: "%@ 남음",
    rideHeader: "라이드",
    dateHeader: "날짜",
    sportHeader: "종목",
    nameHeader: "이름",
    periodHeader: "기간",
    ridesHeader: "라이드",
    sportBiking: "자전거",
    sportRunning: "달리기",
    sportOther: "기타",
    movingHeader: "이동",
    elapsedHeader: "경과",
    pausedHeader: "정지",
    lapsHeader: "랩",
    bestLapHeader: "최고 랩",
    lapHeader: "랩",
    lapTimeHeader: "랩 타임",
    splitHeader: "스플릿",
    differenceHeader: "차이",
    rideTitleFormat: "라이드 %@",
    stateRunning: "주행 중",
    statePaused: "일시정지",
    stateReady: "준비",
    stateCountdown: "카운트다운",
    stateFinished: "완료",
    finishRow: "완료까지",
    noLaps: "랩이 없습니다.",
    lapSummaryFormat: "랩 %@ · 가장 빠른 랩 %@ · 가장 느린 랩 %@ · 평균 랩 %@",
    versusFormat: "라이드 %@ 대비 이동 시간: %@",
    wallClockWentBackwards: "재시작 사이에 시계가 거꾸로 갔습니다; 그 구간은 0으로 셌습니다.",
    compareHeader: "Δ",
    comparedWithRideFormat: "라이드 %@ 와(과) 비교 (%@).",
    comparePrevious: "이전",
    compareBest: "개인 최고",
    comparedWithGoldFormat: "이름이 %@ 인 이전 라이드들의 구간 최고 기록과 비교 (골드).",
    noComparisonFormat: "이름이 %@ 인 완료된 이전 라이드가 없어 비교할 수 없습니다.",
    noNameNoComparison: "이 라이드는 이름이 없어 비교할 이전 라이드가 없습니다.",
    noBestComparedWithGoldFormat:
      "이름이 %@ 이고 랩이 %@인 완료된 이전 라이드가 없습니다 (%@); Δ 는 구간 최고 기록과의 차이입니다.",
    lapsFormat: "%@개",
    lapsOrMoreFormat: "%@개 이상",
    ridesWithLapsFormat: "라이드 %@개는 랩 %@개",
    ridesWithOneLapFormat: "라이드 %@개는 랩 1개",
    compareLegend: "⇈ 앞섬, 벌리는 중 · ⇡ 앞섬, 좁혀지는 중 · ⇣ 뒤짐, 따라잡는 중 · ⇊ 뒤짐, 더 벌어지는 중 · ★ 구간 최고 기록",
    noRides: "아직 라이드가 없습니다: splits 를 실행하고 space 로 시작하세요.",
    noMatchingRides: "주어진 조건에 맞는 저장된 라이드가 없습니다.",
    noSuchRideFormat: "%@번 라이드는 없습니다: splits history 로 목록을 보세요.",
    notStartedFormat: "라이드 %@ 은(는) 아직 시작하지 않았습니다: 내보낼 것이 없습니다.",
    noFinishedRide: "완료된 라이드가 아직 없습니다: 먼저 일시정지 중에 r 로 라이드를 완료하세요.",
    fileExistsFormat: "이미 있는 파일입니다: %@. 바꾸려면 --force 를, 아니면 -o 로 다른 파일을 지정하세요."
  )

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }
}
