import SplitsWorkout

extension WorkoutStrings {
  /// What the summary after `r` and `show` say of a workout ride, after its times: its steps
  /// done, skipped and left; with `compared`, the last finished ride of the same workout (its
  /// moving time and steps done against this one's, the moving time's difference at
  /// `precision`), or that there is none; then the moving time in each kind of step, to the
  /// whole second, with the difference from that ride. Most telling first: a short screen
  /// keeps the first lines.
  public func summaryLines(
    _ summary: WorkoutRideSummary, moving: Duration, precision: Precision, compared: Bool = true
  ) -> [String] {
    let figures = summary.figures
    var lines = [steps(figures)]
    if compared, let before = summary.before {
      let difference = TimeFormat.signedDifference(moving - before.moving, precision: precision)
      lines.append(
        fill(
          summaryAgainstFormat, String(before.number), difference, String(before.figures.done),
          String(before.figures.steps)))
    } else if compared {
      lines.append(summaryFirstRide)
    }
    var rows: [(name: String, time: Duration, difference: Duration?)] = summary.kindRows().map {
      (kindName($0.kind), $0.time, compared ? $0.difference : nil)
    }
    if figures.afterWorkout > .zero { rows.append((summaryAfterWorkout, figures.afterWorkout, nil)) }
    let nameWidth = rows.map { TextWidth.columns($0.name) }.max() ?? 0
    for row in rows {
      var text = "  " + TextWidth.padded(row.name, to: nameWidth) + "  " + TimeFormat.clock(row.time, precision: .s)
      if let difference = row.difference { text += "  " + TimeFormat.signedDifference(difference, precision: .s) }
      lines.append(text)
    }
    return lines
  }

  /// `steps 2/10`: the steps done of all, as `history` gives a workout ride in place of a
  /// best lap.
  public func stepsCell(_ figures: WorkoutFigures) -> String {
    fill(stepsCellFormat, String(figures.done), String(figures.steps))
  }
}
