import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// The summary after `r` of a ride its sensors measured: a line for each figure, after the
/// laps; none for a ride without samples.
@Suite("The summary after r with the sensors' figures")
struct SensorSummaryTests {
  /// A ride of two minutes, finished; its summary given the figures of `SensorRides`.
  func finished(sensors: SensorFigures?) -> RideScreenState {
    var s = RideOpening(restored: nil, precision: .cs).state(at: t(0))
    for (key, at) in [(" ", 0), ("l", 60_000), (" ", 120_000), ("r", 121_000)] as [(Character, Int64)] {
      _ = RideReducer.reduce(&s, .key(.character(key), at: t(at)))
    }
    s.chrome.lastFinished?.sensors = sensors
    return s
  }

  func lines(_ s: RideScreenState, _ language: Language = .en) -> [String] {
    RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions(plain: true, language: language)).lines
  }

  @Test func theSummarySaysPowerHeartRateCadenceAndSpeed() {
    #expect(Array(lines(finished(sensors: SensorRides.ride().sensorFigures))[2...13]) == [
      " Ride 1 finished                                                                ",
      " Moving 00:02:00.00                                                             ",
      " Elapsed 00:02:01   Paused 00:00:01                                             ",
      " Laps 1                                                                         ",
      " ▲ best lap 00:01:00.00                                                         ",
      " ▼ worst lap 00:01:00.00                                                        ",
      "   average lap 00:01:00.00                                                      ",
      " Power avg 248 W · max 300 W · NP 261 W · IF 1.04 · TSS 3.5 · FTP 250 W         ",
      " Heart rate avg 150 bpm · max 160 bpm                                           ",
      " Cadence avg 95 rpm · max 100 rpm                                               ",
      " Speed avg 32.9 km/h · max 36.0 km/h                                            ",
      "                                                                                ",
    ])
  }

  @Test func inKoreanTooAndNothingWithoutSamples() {
    let korean = lines(finished(sensors: SensorRides.ride(ftp: nil).sensorFigures), .ko)
    #expect(korean[9] == " 파워 평균 248 W · 최대 300 W · NP 261 W                                        ")
    #expect(korean[10] == " 심박 평균 150 bpm · 최대 160 bpm                                               ")
    let plain = lines(finished(sensors: nil))
    #expect(plain[9] == String(repeating: " ", count: 80))
  }
}
