/// The diff between two frames (`changes(since:bridging:)`): runs of changed cells, with short
/// unchanged gaps taken along (bridging). What the terminal backend writes.
extension Screen {
  /// The cells that differ from `previous`, grouped into runs of one style on one row:
  /// what the terminal backend writes. A different size means everything changed.
  ///
  /// `bridging`: the most bytes of unchanged cells a run may take along to reach the next
  /// changed cell on its row, when writing them is cheaper than moving the cursor over them
  /// (a cursor address is 6–8 bytes). Taken along only when they look the same written in
  /// the run's style: the same style, or blanks outside reverse video (`looksAlike`). 0
  /// gives exactly the changed cells (plus the first cell of a wide character).
  public func changes(since previous: Screen?, bridging: Int = 0) -> [Run] {
    let old: [Cell]? = previous?.size == size ? previous?.cells : nil
    // A frame written again from `previous` differs from it only where it wrote: the search
    // for changed cells starts and ends in those boxes (a run found goes on past them as far
    // as it would). Else the whole screen.
    let boxes = old.flatMap { writtenAgain?.area(against: $0) } ?? [Box(rows: 0..<size.rows, columns: 0..<size.columns)]
    // Over the two frames' storage directly: the scan compares every cell of every frame (at
    // hundredths, a hundred frames a second), so no array is retained or checked per cell.
    return cells.withUnsafeBufferPointer { new in
      (old ?? []).withUnsafeBufferPointer { before in
        changes(new, old: old == nil ? nil : before, boxes: boxes, bridging: bridging)
      }
    }
  }

  /// The runs in `boxes` (sorted by their first column), row by row from the top, each row's
  /// from the left.
  private func changes(
    _ cells: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>?, boxes: [Box], bridging: Int
  ) -> [Run] {
    var runs: [Run] = []
    guard let top = boxes.lazy.map(\.rows.lowerBound).min(), let bottom = boxes.lazy.map(\.rows.upperBound).max() else {
      return runs
    }
    // A run's text is at most a row's bytes (8 a cell at most): built on the stack, not in
    // an array.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size.columns * 8) { text in
      scan(cells, old: old, boxes: boxes, bridging: bridging, rows: top..<bottom, text: text, into: &runs)
      return runs
    }
  }

  /// The runs of `changes(_:old:boxes:bridging:)` in `rows`, each run's text made in `text`.
  private func scan(
    _ cells: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>?, boxes: [Box], bridging: Int, rows: Range<Int>,
    text: UnsafeMutableBufferPointer<UInt8>, into runs: inout [Run]
  ) {
    for row in rows {
      let base = row * size.columns
      var column = 0
      for box in boxes where box.rows.contains(row) {
        column = max(column, box.columns.lowerBound)
        while column < box.columns.upperBound {
          if let old, old[base + column] == cells[base + column] {
            column += 1
            continue
          }
          // Start a run here; a run may not start on a continuation cell, so it starts on the
          // wide character's first cell, which is then written whether it changed or not.
          var start = column
          if cells[base + column].isContinuation, start > 0 { start -= 1 }
          let style = cells[base + start].style
          var count = 0
          var x = start
          while x < size.columns {
            let cell = cells[base + x]
            if x > start, !cell.isContinuation {
              if let old, old[base + x] == cell {
                guard bridging > 0, let end = gapEnd(cells, row: row, from: x, old: old, style: style, limit: bridging)
                else { break }
                for i in x..<end { count = cells[base + i].writeUTF8(into: text, at: count) }
                x = end
                continue
              }
              if cell.style != style { break }
            }
            count = cell.writeUTF8(into: text, at: count)
            x += 1
          }
          let written = UnsafeBufferPointer(rebasing: text[..<count])
          runs.append(Run(row: row, column: start, text: String(decoding: written, as: UTF8.self), style: style))
          // Always past the cell that started the run.
          column = max(x, column + 1)
        }
      }
    }
  }

  /// Where the unchanged cells from `x` end at a changed cell of the same row, when they take
  /// at most `limit` bytes and look the same in `style`; nil otherwise.
  private func gapEnd(
    _ cells: UnsafeBufferPointer<Cell>, row: Int, from x: Int, old: UnsafeBufferPointer<Cell>, style: Style, limit: Int
  ) -> Int? {
    let base = row * size.columns
    var bytes = 0
    var y = x
    while y < size.columns {
      let cell = cells[base + y]
      if old[base + y] != cell { return cell.isContinuation ? nil : y }
      if cell.isContinuation {
        // Only the second half of a wide character in the gap: its text is written with it.
        guard y > x, cells[base + y - 1].isWide else { return nil }
      } else if !Self.looksAlike(cell, in: style) {
        return nil
      }
      bytes += cell.utf8Count
      if bytes > limit { return nil }
      y += 1
    }
    return nil
  }

  /// Whether `cell` looks the same written in `style` as in its own: the same style, or a
  /// blank (colours are foreground only, so a blank looks the same bold, dim or coloured),
  /// unless either is reverse video.
  public static func looksAlike(_ cell: Cell, in style: Style) -> Bool {
    if cell.style == style { return true }
    return cell.bytes == 0x20 && Style.blanksLookAlike(cell.style, style)
  }

  /// Text of one style to write at a position.
  public struct Run: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var text: String
    public var style: Style

    public init(row: Int, column: Int, text: String, style: Style) {
      self.row = row
      self.column = column
      self.text = text
      self.style = style
    }
  }
}
