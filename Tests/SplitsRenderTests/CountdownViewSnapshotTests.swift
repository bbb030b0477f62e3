import SplitsCore
import SplitsTestSupport
import Testing

@testable import SplitsRender

/// The countdown screen, drawn from fixed states. Each snapshot is the text of every row.
@Suite("Countdown screen snapshots")
struct CountdownViewSnapshotTests {
  enum Fixture {
    /// 25 minutes, 1.5 s in: 00:24:59.
    case running
    /// A date 3 days and 5 s away: DD:HH:MM:SS.
    case days
    /// A date in the past.
    case ended
    /// The running duration with `?` pressed.
    case help
    /// The date with space pressed: it cannot be paused.
    case hint

    static let start = Now(monotonic: Instant(nanoseconds: 1_000_000_000_000), wallMilliseconds: 1_795_341_600_000)

    var state: CountdownState {
      let start = Self.start
      switch self {
      case .running:
        var state = CountdownState(target: .duration(.seconds(25 * 60)), start: start)
        let later = Now(monotonic: start.monotonic + .milliseconds(1500), wallMilliseconds: start.wallMilliseconds + 1500)
        _ = CountdownReducer.reduce(&state, .tick(at: later))
        return state
      case .days:
        return CountdownState(target: .date(wallMilliseconds: start.wallMilliseconds + 3 * 86_400_000 + 5000), start: start)
      case .ended:
        return CountdownState(target: .date(wallMilliseconds: 0), start: start)
      case .help:
        var state = Fixture.running.state
        _ = CountdownReducer.reduce(&state, .key(.character("?"), at: state.now))
        return state
      case .hint:
        var state = Fixture.days.state
        _ = CountdownReducer.reduce(&state, .key(.character(" "), at: start))
        return state
      }
    }
  }

  func render(_ fixture: Fixture, _ columns: Int, _ rows: Int, _ language: Language, plain: Bool = false) -> [String] {
    CountdownView.render(
      fixture.state, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: plain, language: language)
    ).lines
  }

  @Test("Snapshot: a duration, English, 80×24")
  func durationEnglish80x24() {
    #expect(
      render(.running, 80, 24, .en, plain: false) == [
        " Countdown                                                                      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " Ends in                                                                        ",
        "                                                                                ",
        " ██████████  ██████████      ██████████  ██      ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██      ██      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██          ██  ██      ██  ██  ██          ██      ██ ",
        " ██      ██  ██      ██  ██          ██  ██      ██  ██  ██          ██      ██ ",
        " ██      ██  ██      ██      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██  ██                  ██  ██          ██          ██ ",
        " ██      ██  ██      ██  ██  ██                  ██  ██          ██          ██ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space pause  ? help  q quit                                                    ",
      ])
  }

  @Test("Snapshot: a duration, English, 20×5")
  func durationEnglish20x5() {
    #expect(
      render(.running, 20, 5, .en, plain: false) == [
        "                    ",
        "  Ends in 00:24:59  ",
        "                    ",
        "                    ",
        " space pause  q quit",
      ])
  }

  @Test("Snapshot: a duration, Korean, 80×24")
  func durationKorean80x24() {
    #expect(
      render(.running, 80, 24, .ko, plain: false) == [
        " 카운트다운                                                                     ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " 종료까지                                                                       ",
        "                                                                                ",
        " ██████████  ██████████      ██████████  ██      ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██      ██      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██          ██  ██      ██  ██  ██          ██      ██ ",
        " ██      ██  ██      ██  ██          ██  ██      ██  ██  ██          ██      ██ ",
        " ██      ██  ██      ██      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██  ██                  ██  ██          ██          ██ ",
        " ██      ██  ██      ██  ██  ██                  ██  ██          ██          ██ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space 일시정지  ? 도움말  q 종료                                               ",
      ])
  }

  @Test("Snapshot: a duration, Korean, 20×5")
  func durationKorean20x5() {
    #expect(
      render(.running, 20, 5, .ko, plain: false) == [
        "                    ",
        " 종료까지 00:24:59  ",
        "                    ",
        "                    ",
        " q 종료             ",
      ])
  }

  @Test("Snapshot: a duration, English, plain, 80×24")
  func plainEnglish80x24() {
    #expect(
      render(.running, 80, 24, .en, plain: true) == [
        " Countdown                                                                      ",
        " Ends in 00:24:59                                                               ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space pause  ? help  q quit                                                    ",
      ])
  }

  @Test("Snapshot: a duration, English, plain, 20×5")
  func plainEnglish20x5() {
    #expect(
      render(.running, 20, 5, .en, plain: true) == [
        " Ends in 00:24:59   ",
        "                    ",
        "                    ",
        "                    ",
        " space pause  q quit",
      ])
  }

  @Test("Snapshot: a duration, Korean, plain, 80×24")
  func plainKorean80x24() {
    #expect(
      render(.running, 80, 24, .ko, plain: true) == [
        " 카운트다운                                                                     ",
        " 종료까지 00:24:59                                                              ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space 일시정지  ? 도움말  q 종료                                               ",
      ])
  }

  @Test("Snapshot: a duration, Korean, plain, 20×5")
  func plainKorean20x5() {
    #expect(
      render(.running, 20, 5, .ko, plain: true) == [
        " 종료까지 00:24:59  ",
        "                    ",
        "                    ",
        "                    ",
        " q 종료             ",
      ])
  }

  @Test("Snapshot: a date days away, English, 80×24")
  func daysEnglish80x24() {
    #expect(
      render(.days, 80, 24, .en, plain: false) == [
        " Countdown                                                                      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "             Ends in                                                            ",
        "                                                                                ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █ █                  ",
        "             █   █  ████   █   █ █   █   █   █ █   █   █   █ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █     █              ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " ? help  q quit                                                                 ",
      ])
  }

  @Test("Snapshot: a date days away, English, 20×5")
  func daysEnglish20x5() {
    #expect(
      render(.days, 20, 5, .en, plain: false) == [
        "                    ",
        "    Ends in         ",
        "    03:00:00:05     ",
        "                    ",
        " ? help  q quit     ",
      ])
  }

  @Test("Snapshot: a date days away, Korean, 80×24")
  func daysKorean80x24() {
    #expect(
      render(.days, 80, 24, .ko, plain: false) == [
        " 카운트다운                                                                     ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "             종료까지                                                           ",
        "                                                                                ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █ █                  ",
        "             █   █  ████   █   █ █   █   █   █ █   █   █   █ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █     █              ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " ? 도움말  q 종료                                                               ",
      ])
  }

  @Test("Snapshot: a date days away, Korean, 20×5")
  func daysKorean20x5() {
    #expect(
      render(.days, 20, 5, .ko, plain: false) == [
        "                    ",
        "    종료까지        ",
        "    03:00:00:05     ",
        "                    ",
        " ? 도움말  q 종료   ",
      ])
  }

  @Test("Snapshot: an ended countdown, English, 80×24")
  func endedEnglish80x24() {
    #expect(
      render(.ended, 80, 24, .en, plain: false) == [
        " Countdown                                                                      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " Ended                                                                          ",
        "                                                                                ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██      ██      ██  ██      ██      ██      ██  ██      ██ ",
        " ██      ██  ██      ██      ██      ██  ██      ██      ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " ? help  q quit                                                                 ",
      ])
  }

  @Test("Snapshot: an ended countdown, English, 20×5")
  func endedEnglish20x5() {
    #expect(
      render(.ended, 20, 5, .en, plain: false) == [
        "                    ",
        "  Ended   00:00:00  ",
        "                    ",
        "                    ",
        " ? help  q quit     ",
      ])
  }

  @Test("Snapshot: an ended countdown, Korean, 80×24")
  func endedKorean80x24() {
    #expect(
      render(.ended, 80, 24, .ko, plain: false) == [
        " 카운트다운                                                                     ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " 종료                                                                           ",
        "                                                                                ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██      ██      ██  ██      ██      ██      ██  ██      ██ ",
        " ██      ██  ██      ██      ██      ██  ██      ██      ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██      ██  ██      ██  ██  ██      ██  ██      ██  ██  ██      ██  ██      ██ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████  ██████████      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " ? 도움말  q 종료                                                               ",
      ])
  }

  @Test("Snapshot: an ended countdown, Korean, 20×5")
  func endedKorean20x5() {
    #expect(
      render(.ended, 20, 5, .ko, plain: false) == [
        "                    ",
        " 종료     00:00:00  ",
        "                    ",
        "                    ",
        " ? 도움말  q 종료   ",
      ])
  }

  @Test("Snapshot: the help overlay, English, 80×24")
  func helpEnglish80x24() {
    #expect(
      render(.help, 80, 24, .en, plain: false) == [
        " Countdown                                                                      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " Ends in                                                                        ",
        "                   ┌─ Keys ────────────────────────────────┐                    ",
        " ██████████  ██████│ space  pause, resume (durations only) │███████  ██████████ ",
        " ██████████  ██████│ ?      show or close this help        │███████  ██████████ ",
        " ██      ██  ██    │ Esc    close this help                │         ██      ██ ",
        " ██      ██  ██    │ q      quit                           │         ██      ██ ",
        " ██      ██  ██    │ Ctrl-Z suspends, Ctrl-C quits         │███████  ██████████ ",
        " ██      ██  ██    │                                       │███████  ██████████ ",
        " ██      ██  ██    │ Esc or ? closes this help             │     ██          ██ ",
        " ██      ██  ██    └───────────────────────────────────────┘     ██          ██ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space pause  ? help  Esc close  q quit                                         ",
      ])
  }

  @Test("Snapshot: the help overlay, English, 20×5: too small for the box, it says how large it must be")
  func helpEnglish20x5() {
    #expect(
      render(.help, 20, 5, .en, plain: false) == [
        "                    ",
        " The keys need a    ",
        " terminal of 41×9;  ",
        " Esc closes         ",
        " space pause  q quit",
      ])
  }

  @Test("Snapshot: the help overlay, Korean, 80×24")
  func helpKorean80x24() {
    #expect(
      render(.help, 80, 24, .ko, plain: false) == [
        " 카운트다운                                                                     ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " 종료까지                                                                       ",
        "                    ┌─ 키 ────────────────────────────────┐                     ",
        " ██████████  ███████│ space  일시정지, 재개 (시간 길이만) │████████  ██████████ ",
        " ██████████  ███████│ ?      도움말 열기/닫기             │████████  ██████████ ",
        " ██      ██  ██     │ Esc    도움말 닫기                  │          ██      ██ ",
        " ██      ██  ██     │ q      종료                         │          ██      ██ ",
        " ██      ██  ██     │ Ctrl-Z 일시 중단, Ctrl-C 종료       │████████  ██████████ ",
        " ██      ██  ██     │                                     │████████  ██████████ ",
        " ██      ██  ██     │ Esc 또는 ? 로 닫기                  │      ██          ██ ",
        " ██      ██  ██     └─────────────────────────────────────┘      ██          ██ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        " ██████████  ██████████      ██████████          ██      ██████████  ██████████ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " space 일시정지  ? 도움말  Esc 닫기  q 종료                                     ",
      ])
  }

  @Test("Snapshot: the help overlay, Korean, 20×5: too small for the box, it says how large it must be")
  func helpKorean20x5() {
    #expect(
      render(.help, 20, 5, .ko, plain: false) == [
        " 키 목록은 터미널이 ",
        " 39×9 이상이어야    ",
        " 보입니다; Esc 로   ",
        " 닫기               ",
        " q 종료             ",
      ])
  }

  @Test("Snapshot: a hint, English, 80×24")
  func hintEnglish80x24() {
    #expect(
      render(.hint, 80, 24, .en, plain: false) == [
        " Countdown                                                                      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "             Ends in                                                            ",
        "                                                                                ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █ █                  ",
        "             █   █  ████   █   █ █   █   █   █ █   █   █   █ █████              ",
        "             █   █     █ █ █   █ █   █ █ █   █ █   █ █ █   █     █              ",
        "             █████ █████   █████ █████   █████ █████   █████ █████              ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " A countdown to a date cannot be paused                                         ",
      ])
  }

  @Test("Snapshot: a hint, English, 20×5")
  func hintEnglish20x5() {
    #expect(
      render(.hint, 20, 5, .en, plain: false) == [
        "                    ",
        "    Ends in         ",
        "    03:00:00:05     ",
        "                    ",
        " A countdown to a da",
      ])
  }

  @Test("Snapshot: a hint, Korean, plain, 80×24")
  func hintKorean80x24() {
    #expect(
      render(.hint, 80, 24, .ko, plain: true) == [
        " 카운트다운                                                                     ",
        " 종료까지 03:00:00:05                                                           ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " 날짜까지의 카운트다운은 일시정지할 수 없습니다                                 ",
      ])
  }

  @Test("Snapshot: a hint, Korean, plain, 20×5")
  func hintKorean20x5() {
    #expect(
      render(.hint, 20, 5, .ko, plain: true) == [
        "종료까지 03:00:00:05",
        "                    ",
        "                    ",
        "                    ",
        " 날짜까지의 카운트다",
      ])
  }
}
