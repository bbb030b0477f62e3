import GRDB
import SplitsCore
import SplitsTestRandom
import Testing

@testable import SplitsStore

/// The samples read through SQLite's C interface are those GRDB's rows give, and a row Splits
/// never writes sends the read to GRDB's rows, which name it as damage.
@Suite("Sensor samples read stepped, as GRDB's rows read them")
struct SampleReadTests {
  private func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE samples (ride INTEGER NOT NULL, second INTEGER NOT NULL, heart_rate INTEGER, power INTEGER,
            cadence INTEGER, speed_mm_s INTEGER, PRIMARY KEY (ride, second)) WITHOUT ROWID
          """)
    }
    return queue
  }

  @Test("random rides of samples, NULLs among them: the same samples either way, for all rides and for each")
  func steppedIsByRows() throws {
    var random = SplitMix64(state: 10)
    for _ in 0..<40 {
      let queue = try database()
      let rides = Int.random(in: 0...6, using: &random)
      try queue.write { db in
        for ride in 0..<rides {
          for second in 0..<Int.random(in: 0...300, using: &random) where Int.random(in: 0..<10, using: &random) > 0 {
            func value(_ range: ClosedRange<Int>) -> Int? {
              Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: range, using: &random)
            }
            try db.execute(
              sql: "INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?)",
              arguments: [
                ride * 7 + 1, second, value(SensorFigure.heartRate.plausible), value(SensorFigure.power.plausible),
                value(SensorFigure.cadence.plausible), value(SensorFigure.speed.plausible),
              ])
          }
        }
      }
      try queue.read { db in
        let stepped = try #require(try SensorRows.samplesStepped(db, ride: nil))
        let byRows = try SensorRows.samplesByRows(db, ride: nil, path: "j")
        #expect(stepped == byRows)
        #expect(stepped.count <= rides)
        let read = try SensorRows.samples(db, ride: nil, path: "j")
        #expect(read == stepped)
        for ride in [1, 8, 15, 2] {
          let one = try SensorRows.samplesStepped(db, ride: ride)
          let oneByRows = try SensorRows.samplesByRows(db, ride: ride, path: "j")
          #expect(one == oneByRows)
        }
      }
    }
  }

  @Test(
    "a value Splits never writes is damage, named as GRDB's rows name it",
    arguments: [
      ("1, 2, 'x', NULL, NULL, NULL", "second 2 of ride 1 has heart_rate \"x\""),
      ("1, 2, NULL, 5001, NULL, NULL", "second 2 of ride 1 has power 5001"),
      ("1, 2, NULL, NULL, NULL, -1", "second 2 of ride 1 has speed_mm_s -1"),
      ("1, -3, NULL, NULL, NULL, NULL", "a sample of ride 1 has second -3"),
      ("1, 'two', NULL, NULL, NULL, NULL", "a sample of ride 1 has second \"two\""),
    ])
  func damageIsNamed(row: String, message: String) throws {
    let queue = try database()
    try queue.write { db in
      try db.execute(sql: "INSERT INTO samples VALUES (1, 1, 120, 200, 90, 8000)")
      try db.execute(sql: "INSERT INTO samples VALUES (\(row))")
    }
    try queue.read { db in
      let stepped = try SensorRows.samplesStepped(db, ride: nil)
      #expect(stepped == nil)
      #expect(throws: JournalError(path: "j", reason: .corrupt(message))) {
        try SensorRows.samples(db, ride: nil, path: "j")
      }
    }
  }

  @Test(
    "a real number in an integer column is damage, named, not truncated",
    arguments: [
      ("1, 2, 80.5, NULL, NULL, NULL", "second 2 of ride 1 has heart_rate 80.5"),
      ("1, 2, NULL, NULL, 90.25, NULL", "second 2 of ride 1 has cadence 90.25"),
      ("1, 2.5, NULL, NULL, NULL, NULL", "a sample of ride 1 has second 2.5"),
    ])
  func aRealNumberIsDamage(row: String, message: String) throws {
    let queue = try database()
    try queue.write { db in try db.execute(sql: "INSERT INTO samples VALUES (\(row))") }
    try queue.read { db in
      let stepped = try SensorRows.samplesStepped(db, ride: nil)
      #expect(stepped == nil)
      #expect(throws: JournalError(path: "j", reason: .corrupt(message))) {
        try SensorRows.samples(db, ride: nil, path: "j")
      }
    }
  }

  @Test("an integral real number is stored by SQLite as the integer, and read as it")
  func anIntegralRealIsTheInteger() throws {
    let queue = try database()
    try queue.write { db in try db.execute(sql: "INSERT INTO samples VALUES (1, 2, 80.0, NULL, NULL, NULL)") }
    try queue.read { db in
      let read = try SensorRows.samples(db, ride: nil, path: "j")
      #expect(read[1]?.map(\.heartRate) == [80])
    }
  }
}
