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
  /// `s`'s hints: nothing to skip, or the last segment (never skipped).
  public let skipLast: String
  public let skipNoRoute: String
  /// The first `r` on an attempt with segments left.
  public let resetAsk: String
  /// The key line's word for `s`, and the help overlay's line.
  public let skipKey: String
  public let helpSkip: String

  public static func of(_ language: Language) -> RouteStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// `format` with each `%@` replaced by the next of `values`.
  public func fill(_ format: String, _ values: String...) -> String {
    var out = ""
    var rest = values[...]
    var remaining = Substring(format)
    while let range = remaining.range(of: "%@") {
      out += remaining[..<range.lowerBound]
      out += rest.popFirst() ?? ""
      remaining = remaining[range.upperBound...]
    }
    return out + remaining
  }

  public static let english = RouteStrings(
    segmentHeader: "Segment", timeHeader: "Time", deltaHeader: "Δ", skipped: "–",
    attemptFormat: "#%@ · %@ complete", sumOfBestFormat: "sum of best %@", possibleSaveFormat: "save %@",
    paceFormat: "finish %@", versusFormat: "vs %@", complete: "complete", personalBest: "personal best",
    skipLast: "the last segment is not skipped: l ends it", skipNoRoute: "s skips a route's segment: this ride has no route",
    resetAsk: "r again ends the attempt unfinished (a reset)", skipKey: "skip",
    helpSkip: "skip the segment (it folds into the next)")

  public static let korean = RouteStrings(
    segmentHeader: "구간", timeHeader: "시간", deltaHeader: "Δ", skipped: "–",
    attemptFormat: "#%@ · 완주 %@", sumOfBestFormat: "최고 구간 합 %@", possibleSaveFormat: "단축 가능 %@",
    paceFormat: "예상 %@", versusFormat: "비교: %@", complete: "완주", personalBest: "개인 최고 기록",
    skipLast: "마지막 구간은 건너뛸 수 없습니다: l 로 끝내세요", skipNoRoute: "s 는 경로의 구간을 건너뜁니다: 이 라이드에는 경로가 없습니다",
    resetAsk: "r 을 한 번 더 누르면 시도가 미완료로 끝납니다 (리셋)", skipKey: "건너뛰기",
    helpSkip: "구간 건너뛰기 (다음 구간에 합쳐집니다)")
}
