/// What the ride screen says of a route, in each language. One stored property per text, so
/// a text missing in one language does not compile.
public struct RouteStrings: Sendable {
  public let segmentHeader: String
  public let timeHeader: String
  public let deltaHeader: String
  /// A skipped segment's time.
  public let skipped: String
  /// The footer: the attempt's number and the complete attempts (`#12 · 4 complete`).
  public let attemptFormat: String
  public let sumOfBestFormat: String
  public let possibleSaveFormat: String
  public let paceFormat: String
  /// The comparison measured against, in the footer (`vs Personal Best`).
  public let versusFormat: String
  /// The attempt's state after its last split.
  public let complete: String
  public let personalBest: String
  /// The summary's line after `r`: complete, complete and the personal best, or a reset.
  public let summaryComplete: String
  public let summaryPersonalBest: String
  public let summaryReset: String

  public static func of(_ language: Language) -> RouteStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  public static let english = RouteStrings(
    segmentHeader: "Segment", timeHeader: "Time", deltaHeader: "Δ", skipped: "–",
    attemptFormat: "#%@, %@ complete", sumOfBestFormat: "sum of best %@", possibleSaveFormat: "save %@",
    paceFormat: "finish %@", versusFormat: "vs %@", complete: "complete", personalBest: "personal best",
    summaryComplete: "Attempt complete", summaryPersonalBest: "Attempt complete · a new personal best",
    summaryReset: "Attempt unfinished (a reset): its last stretch is no segment")

  public static let korean = RouteStrings(
    segmentHeader: "구간", timeHeader: "시간", deltaHeader: "Δ", skipped: "–",
    attemptFormat: "#%@, 완주 %@", sumOfBestFormat: "최고 구간 합 %@", possibleSaveFormat: "단축 가능 %@",
    paceFormat: "예상 %@", versusFormat: "비교: %@", complete: "완주", personalBest: "개인 최고 기록",
    summaryComplete: "시도 완주", summaryPersonalBest: "시도 완주 · 새 개인 최고 기록",
    summaryReset: "시도 미완료 (리셋): 마지막 구간은 기록되지 않습니다")
}
