import SplitsCore
import Testing

@testable import SplitsRender

@Suite("Screen: cells, writing and changes")
struct ScreenTests {
  @Test("A run moved back onto an unchanged wide character still advances", .timeLimit(.minutes(1)))
  func changesAdvancePastAWideCharacterWhoseContinuationAloneChanged() {
    var before = Screen(size: Size(columns: 6, rows: 2))
    before.put("a한b", row: 0, column: 0)
    before.put("글", row: 1, column: 4)
    var after = before
    // Only the continuation cells differ (their style); the wide characters themselves do not.
    after.cells[2] = Cell("", style: .bold)
    after.cells[6 + 5] = Cell("", style: .dim)
    #expect(before.cells[1] == after.cells[1] && before.cells[2] != after.cells[2])
    let runs = after.changes(since: before)
    #expect(runs == [
      Screen.Run(row: 0, column: 1, text: "한", style: .plain),
      Screen.Run(row: 1, column: 4, text: "글", style: .plain),
    ])
  }

  @Test("Changes: runs of one style, wide characters whole, everything when the size differs")
  func changes() {
    var before = Screen(size: Size(columns: 10, rows: 1))
    before.put("00:12", row: 0, column: 0)
    var after = before
    after.put("34", row: 0, column: 3)
    after.put("한", row: 0, column: 7, style: .bold)
    #expect(after.changes(since: before) == [
      Screen.Run(row: 0, column: 3, text: "34", style: .plain),
      Screen.Run(row: 0, column: 7, text: "한", style: .bold),
    ])
    #expect(after.changes(since: Screen(size: Size(columns: 9, rows: 1))) == [
      Screen.Run(row: 0, column: 0, text: "00:34  ", style: .plain),
      Screen.Run(row: 0, column: 7, text: "한", style: .bold),
      Screen.Run(row: 0, column: 9, text: " ", style: .plain),
    ])
    #expect(after.changes(since: after).isEmpty)
  }
}
