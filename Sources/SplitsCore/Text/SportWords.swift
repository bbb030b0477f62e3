/// The words of a running ride: a run, not a ride (`Run 4`, `run 3 paused at …`; in Korean
/// 달리기). Only the words that name the ride itself change; a biking or other ride keeps
/// the tables as they are.
extension Strings {
  public static func of(_ language: Language, sport: Sport) -> Strings {
    guard sport == .running else { return of(language) }
    switch language {
    case .en: return runningEnglish
    case .ko: return runningKorean
    }
  }

  static let runningEnglish: Strings = {
    var s = english
    s.ride = "Run"
    s.helpFinish = "finish the run (while paused)"
    s.helpQuit = "quit; a running run keeps running"
    s.hintFinishReady = "No run to finish: space starts one"
    s.hintFinishRunning = "Pause with space first, then r finishes the run"
    s.summaryNoRide = "No run started."
    s.summaryFinishedFormat = "Run %@ finished"
    s.journalBannerFormat = "cannot write the journal (%@): the run is kept and written when it can be · %@"
    return s
  }()

  static let runningKorean: Strings = {
    var s = korean
    s.ride = "달리기"
    s.helpFinish = "달리기 완료 (일시정지 중)"
    s.helpQuit = "종료; 진행 중인 달리기는 계속됩니다"
    s.hintFinishReady = "완료할 달리기가 없습니다: space 로 시작"
    s.hintFinishRunning = "먼저 space 로 일시정지한 뒤 r 로 완료하세요"
    s.summaryNoRide = "시작한 달리기가 없습니다."
    s.summaryFinishedFormat = "달리기 %@ 완료"
    s.journalBannerFormat = "기록 파일에 쓸 수 없습니다 (%@): 달리기는 보관되며 쓸 수 있을 때 기록됩니다 · %@"
    return s
  }()
}

extension RemoteStrings {
  /// The lines of a command on a ride of `sport`: `run 3 paused at …` for a running one.
  public func of(sport: Sport?) -> RemoteStrings {
    guard sport == .running else { return self }
    var s = self
    let korean = language == .ko
    s.startedFormat = korean ? "달리기 %@ 시작" : "run %@ started"
    s.countdownFormat = korean ? "달리기 %@ 은(는) %@초 카운트다운 뒤 시작합니다" : "run %@ starts after a %@ s countdown"
    s.pausedFormat = korean ? "달리기 %@ 일시정지: %@" : "run %@ paused at %@"
    s.resumedFormat = korean ? "달리기 %@ 재개: %@" : "run %@ resumed at %@"
    s.finishedFormat = korean ? "달리기 %@ 완료: 이동 %@ · %@" : "run %@ finished: moving %@ · %@"
    return s
  }
}
