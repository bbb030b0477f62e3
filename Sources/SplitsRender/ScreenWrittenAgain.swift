import SplitsCore

/// A frame written again (`patched`): the frame of a later instant made from the one before
/// by writing its clock figures again, the places it wrote noted so that a diff reads only them,
/// and the spare cells of the frame before the last that it is written into.
extension Screen {
  /// A frame written again from the frame whose cells are `base` (the same storage: an array
  /// shares it only while unchanged), in `boxes` only.
  struct WrittenAgain: Sendable {
    var base: [Cell]
    /// The places written, each figure's rows by the columns written in them with the cell on
    /// either side (whose wide character a write can cut in two); sorted by their first
    /// column, so that a row's boxes come from left to right.
    var boxes: [Box]

    /// Where the screen can differ from `cells` (never outside the screen: the boxes are
    /// clamped to it) when `cells` is the base itself; else nil.
    func area(against cells: [Cell]) -> [Box]? { sameStorage(base, cells) ? boxes : nil }
  }

  /// Rows by columns of a screen.
  struct Box: Equatable, Sendable {
    var rows: Range<Int>
    var columns: Range<Int>

    /// The part of the box on a screen of `size`; nil when none is.
    func clamped(to size: Size) -> Box? {
      let box = Box(rows: rows.clamped(to: 0..<size.rows), columns: columns.clamped(to: 0..<size.columns))
      return box.rows.isEmpty || box.columns.isEmpty ? nil : box
    }
  }

  /// Whether two arrays of cells are one storage (which two live arrays share only while
  /// equal).
  fileprivate static func sameStorage(_ a: [Cell], _ b: [Cell]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  /// The cells of a frame no longer shown, kept to write the next frame into
  /// (`patched(reusing:_:)`): `boxes` are where the frame shown now differs from them.
  public struct Spare: Sendable {
    fileprivate var cells: [Cell]
    fileprivate var boxes: [Box]
    /// The earlier frame's figures: their storage takes the new frame's (no allocation).
    fileprivate var placed: [Placed]
    /// The cells of the frame shown (its storage): a spare is for writing that frame again.
    fileprivate let over: [Cell]

    /// The boxes to copy from `cells` (a frame's) into the spare before writing that frame
    /// again into it; nil when the spare is not that frame's.
    fileprivate func boxes(toWrite cells: [Cell]) -> [Box]? { Screen.sameStorage(over, cells) ? boxes : nil }

    /// Gives the spare cells to `target`, taking `target`'s: no copy of either.
    fileprivate mutating func swapCells(with target: inout [Cell]) { swap(&cells, &target) }
  }

  /// This frame is shown now, in place of `earlier`: it forgets the frame it was written again
  /// from, and when that was `earlier`, hands back `earlier`'s cells (they differ in the boxes
  /// this frame wrote) and its lists of boxes and figures as the spare for the next frame
  /// written again.
  public mutating func shown(after earlier: consuming Screen?) -> Spare? {
    defer { writtenAgain = nil }
    guard let earlier, let written = writtenAgain, written.area(against: earlier.cells) != nil else { return nil }
    return Spare(cells: earlier.cells, boxes: written.boxes, placed: earlier.placed, over: cells)
  }

  /// `patched(reusing:_:)` without a spare: into new storage.
  public func patched(_ value: (ClockField) -> Duration?) -> Screen? {
    var none: Spare?
    return patched(reusing: &none, value)
  }

  /// This frame brought to the clock values `value` gives (the same screen's state at a later
  /// instant, with no input between and nothing but its clocks moved: the caller's promise) by
  /// writing each placed figure's new text over its old: the cells a render would give, for a
  /// fraction of its work (the next-change property test holds it to that). Nil when a render
  /// is needed: something noted has no reading or is covered, or a figure's text changes
  /// length (or its big glyphs their columns).
  ///
  /// `spare`: the cells of the frame before this one (`shown(after:)`), taken to write the
  /// new frame into: only the boxes this frame changed are copied into them, instead of the
  /// whole grid into new storage; its lists of boxes and figures take the new frame's. The
  /// cells are the same either way (`WrittenAgainTests`).
  ///
  /// A figure whose shown value (`Reading.shown`) did not move keeps its text: it is not
  /// formatted again.
  public func patched(reusing spare: inout Spare?, _ value: (ClockField) -> Duration?) -> Screen? {
    // A spare is used once, for the frame it was kept for, or not at all.
    defer { spare = nil }
    guard patchable, !placed.isEmpty else { return nil }
    var screen = self
    // The places written, in the spare's list when there is one (its storage reused).
    var boxes: [Box] = []
    if var kept = spare.take(), let toCopy = kept.boxes(toWrite: cells) {
      // The spare's storage becomes the new frame's, and is its only owner: written in place.
      kept.swapCells(with: &screen.cells)
      let columns = size.columns
      screen.cells.withUnsafeMutableBufferPointer { target in
        cells.withUnsafeBufferPointer { source in
          for box in toCopy {
            for row in box.rows {
              let from = row * columns + box.columns.lowerBound
              let to = row * columns + box.columns.upperBound
              _ = UnsafeMutableBufferPointer(rebasing: target[from..<to]).update(fromContentsOf: source[from..<to])
            }
          }
        }
      }
      if kept.placed.count == placed.count {
        swap(&screen.placed, &kept.placed)
        screen.placed.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: placed) }
      }
      boxes = toCopy
    }
    boxes.removeAll(keepingCapacity: true)
    func wrote(_ columns: Range<Int>, rows: Range<Int>) {
      if let box = Box(rows: rows, columns: columns.lowerBound - 1..<columns.upperBound + 1).clamped(to: size) { boxes.append(box) }
    }
    for (index, place) in placed.enumerated() {
      // Big digits may hang over the last row (drawing clips them): only rows of the screen.
      let rows = (place.row..<max(place.row, place.row + (place.face?.height ?? 1))).clamped(to: 0..<size.rows)
      guard let reading = place.figure.reading, let now = value(place.figure.field) else { return nil }
      let old = place.figure.text
      // Something drawn over a figure after it (nothing should be: the layout gives each
      // widget its rows) leaves it to a render.
      if place.face == nil, !zip(0..<place.shown, old.utf8).allSatisfy({ self[place.row, place.column + $0].bytes == UInt64($1) }) {
        return nil
      }
      // The same shown (a figure to the second, most frames at hundredths): the same text.
      let showing = reading.shown(now)
      if showing == place.figure.shown { continue }
      screen.placed[index].figure.shown = showing
      let text = reading.text(now)
      if text == old { continue }
      guard text.utf8.count == old.utf8.count else { return nil }
      if let face = place.face {
        let columns = BigDigits.glyphColumns(text, face: face, column: place.column)
        guard columns == BigDigits.glyphColumns(old, face: face, column: place.column) else { return nil }
        // Big digits ink only their cells: a glyph that changes is cleared, then drawn alone.
        for (glyph, (a, b)) in zip(columns, zip(old, text)) where a != b {
          for y in place.row..<place.row + face.height {
            for x in glyph { screen.set(y, x, .blank) }
          }
          BigDigits.draw(String(b), face: face, into: &screen, row: place.row, column: glyph.lowerBound, style: place.style)
          wrote(glyph, rows: rows)
        }
      } else {
        // Shown to at least as many characters as it has bytes: all of it, with no cut by
        // characters (a clock's text is ASCII).
        let shown = place.shown >= text.utf8.count ? text : String(text.prefix(place.shown))
        let written = screen.put(shown, row: place.row, column: place.column, style: place.style)
        wrote(place.column..<place.column + written, rows: rows)
      }
      screen.placed[index].figure.text = text
    }
    boxes.sort { $0.columns.lowerBound < $1.columns.lowerBound }
    screen.writtenAgain = WrittenAgain(base: cells, boxes: boxes)
    return screen
  }

}
