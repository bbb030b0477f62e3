import SplitsCore

/// A trainer ride with sensors, for the figures, the reports and the exports: started at
/// 2026-11-22T03:00:01Z, a lap at 60 s, a pause from 90 s to 100 s of elapsed time (10 s),
/// then 30 s more, paused and finished a second later: moving 120 s, elapsed 131 s. Its samples: the first lap at
/// 200 W, 140 bpm, 90 rpm and 8.333 m/s (30 km/h) each second; the second at 300 W, 160 bpm,
/// 100 rpm and 10 m/s, except that every sensor dropped out for seconds 70 to 74 (absent).
public enum SensorRides {
  public static let boot = "sensor-boot"
  /// 2026-11-22T03:00:00Z
  public static let wall0: Int64 = 1_795_316_400_000

  public static func stored(_ kind: RideEvent.Kind, _ at: Int64) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: wall0 + at, bootID: boot, boottimeNanoseconds: at * 1_000_000, countdownSteps: 0)
  }

  public static var samples: [SensorSample] {
    (0..<120).compactMap { second in
      if (70..<75).contains(second) { return nil }
      return second < 60
        ? SensorSample(second: second, heartRate: 140, power: 200, cadence: 90, speedMillimetresPerSecond: 8_333)
        : SensorSample(second: second, heartRate: 160, power: 300, cadence: 100, speedMillimetresPerSecond: 10_000)
    }
  }

  /// The ride as the journal restores it, with `samples`.
  public static func restored(samples: [SensorSample] = SensorRides.samples) -> RestoredRide {
    var restored = Restore.ride(
      number: 4,
      events: [
        stored(.start, 1_000), stored(.lap, 61_000), stored(.pause, 91_000), stored(.resume, 101_000),
        stored(.pause, 131_000), stored(.finish, 132_000),
      ], bootID: boot, now: Now(monotonic: ms(200_000), wallMilliseconds: wall0 + 200_000))
    restored.samples = samples
    return restored
  }

  /// Its figures, with the rider's FTP `ftp`.
  public static func ride(ftp: Int? = 250, samples: [SensorSample] = SensorRides.samples) -> RideFigures {
    var figures = RideFigures(restored(samples: samples))
    figures.ftpSetting = ftp
    return figures
  }
}
