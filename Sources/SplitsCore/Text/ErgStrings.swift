import SplitsSensors

/// What the screen says when a trainer is not held to the plan (`--erg`), in each language:
/// once, on the banner line. One stored property per text, so a text missing in one language
/// does not compile.
public struct ErgStrings: Sendable {
  public let targetPowerNotSupported: String
  public let controlNotPermitted: String
  /// `%@` the request, `%@` what the trainer answered.
  public let refusedFormat: String
  /// `%@` the request.
  public let noAnswerFormat: String
  /// The requests: control, start, a target power (`%@` watts), pause, stop.
  public let requestControl: String
  public let start: String
  public let targetFormat: String
  public let pause: String
  public let stop: String
  /// The answers: not supported, an invalid parameter, failed, control not permitted, an
  /// unknown code (`%@`).
  public let notSupported: String
  public let invalidParameter: String
  public let failed: String
  public let notPermitted: String
  public let codeFormat: String

  public static func of(_ language: Language) -> ErgStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The banner's text for `refusal`.
  public func text(_ refusal: ErgSession.Refusal) -> String {
    switch refusal {
    case .targetPowerNotSupported: targetPowerNotSupported
    case .controlNotPermitted: controlNotPermitted
    case .refused(let request, let result): Template.fill(refusedFormat, [words(request), words(result)])
    case .noAnswer(let request): Template.fill(noAnswerFormat, [words(request)])
    }
  }

  func words(_ request: ControlPointRequest) -> String {
    switch request {
    case .requestControl: requestControl
    case .startOrResume: start
    case .setTargetPower(let watts): Template.fill(targetFormat, [String(watts)])
    case .pause: pause
    case .stop: stop
    }
  }

  func words(_ result: ControlPointResponse.Result) -> String {
    switch result {
    case .success: ""
    case .notSupported: notSupported
    case .invalidParameter: invalidParameter
    case .failed: failed
    case .controlNotPermitted: notPermitted
    case .other(let code): Template.fill(codeFormat, [String(code)])
    }
  }

  public static let english = ErgStrings(
    targetPowerNotSupported: "ERG off: the trainer cannot hold a target power",
    controlNotPermitted: "ERG off: the trainer refused control (another app may hold it)",
    refusedFormat: "ERG off: the trainer refused %@ (%@)", noAnswerFormat: "ERG off: the trainer did not answer %@",
    requestControl: "control", start: "to start", targetFormat: "%@ W", pause: "to pause", stop: "to stop",
    notSupported: "not supported", invalidParameter: "invalid value", failed: "failed",
    notPermitted: "control not permitted", codeFormat: "code %@")

  public static let korean = ErgStrings(
    targetPowerNotSupported: "ERG 꺼짐: 트레이너가 목표 파워를 유지할 수 없습니다",
    controlNotPermitted: "ERG 꺼짐: 트레이너가 제어를 거부했습니다 (다른 앱이 제어 중일 수 있습니다)",
    refusedFormat: "ERG 꺼짐: 트레이너가 %@ 요청을 거부했습니다 (%@)", noAnswerFormat: "ERG 꺼짐: 트레이너가 %@ 요청에 응답하지 않았습니다",
    requestControl: "제어", start: "시작", targetFormat: "%@ W", pause: "일시정지", stop: "정지",
    notSupported: "지원하지 않음", invalidParameter: "잘못된 값", failed: "실패",
    notPermitted: "제어 권한 없음", codeFormat: "코드 %@")
}
