import SplitsCore
import SplitsReports
import Testing

/// `sensors scan`'s table in each language, and what it says when nothing was found.
@Suite("sensors scan's table and JSON")
struct SensorScanReportTests {
  static let found = [
    ScannedSensor(address: "AA:00:00:00:00:04", name: "Smart Trainer", services: [.power, .trainer], rssi: -55),
    ScannedSensor(address: "AA:00:00:00:00:01", name: nil, services: [.heartRate], rssi: nil),
  ]

  @Test func theKoreanTableAlignsItsWideWordsAndShowsADashForWhatIsUnknown() {
    #expect(
      SensorScanReport.text(Self.found, seconds: 5, language: .ko) == """
        주소               이름           서비스             신호
        AA:00:00:00:00:04  Smart Trainer  파워, 트레이너  -55 dBm
        AA:00:00:00:00:01  -              심박                  -

        """)
  }

  @Test func nothingFoundSaysSoAndHowToWakeASensor() {
    #expect(
      SensorScanReport.text([], seconds: 3, language: .en)
        == "No heart rate, power, speed/cadence or trainer sensor advertised in 3 s; wake it (pedal, wear the strap) and scan again.\n")
    #expect(SensorScanReport.json([]) == "[]\n")
  }

  @Test func theJSONHasNullsForAMissingNameAndSignal() {
    #expect(
      SensorScanReport.json(Self.found) == """
        [{"address": "AA:00:00:00:00:04", "name": "Smart Trainer", "services": ["power", "trainer"], "rssi_dbm": -55}, \
        {"address": "AA:00:00:00:00:01", "name": null, "services": ["heart_rate"], "rssi_dbm": null}]

        """)
  }
}
