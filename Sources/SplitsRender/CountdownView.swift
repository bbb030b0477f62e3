import SplitsCore

/// The countdown screen: a pure function from state and size into a whole frame.
///
/// Top to bottom: the title, then the label ("Ends in", "Paused", "Ended") over the remaining
/// time in big digits, centred, and the keys that do something now (or a hint) on the bottom
/// line. Below the size big digits need, and with `--plain`, the label and the time are one
/// line of text. The label sits at the left edge of the time, which keeps one width for the
/// whole countdown, so nothing shifts while the digits change.
public enum CountdownView {
  public static func render(_ state: CountdownState, size: Size, options: ViewOptions) -> Screen {
    var screen = Screen(size: size)
    let width = size.columns
    let height = size.rows
    guard width > 0, height > 0 else { return screen }
    let s = CountdownStrings.of(options.language)
    let label = self.label(state, s)
    let time = state.display
    let style = options.colored(color(state.phase), .bold)

    var top = 0
    var bottom = height
    // The key line (or the hint) at the bottom.
    if height >= 2 {
      if let hint = state.hint {
        screen.put(" " + hintText(hint, s), row: height - 1, column: 0, style: options.colored(.yellow))
      } else {
        screen.put(" " + helpLine(state, s, columns: width - 1), row: height - 1, column: 0, style: .dim)
      }
      bottom = height - 1
    }
    // The title, when there is room for it and a gap.
    if height >= 8 {
      screen.put(" " + s.title, row: 0, column: 0, style: .bold)
      top = 1
    }

    let room = bottom - top
    // Big digits need the label row and a gap row above them.
    if !options.plain, room >= 3, width >= 3,
      let face = BigDigits.bestFace(for: time, columns: width - 2, rows: room - 2)
    {
      let digitsWidth = BigDigits.width(time, face: face)
      let column = (width - digitsWidth) / 2
      let block = face.height + 2
      let row = top + (room - block) / 2
      screen.put(label, row: row, column: column, style: style)
      screen.put(big: ClockFigure(.countdown, time), face: face, row: row + 2, column: column, style: style)
    } else if room > 0 || height == 1 {
      drawText(label: label, time: time, state: state, s: s, options: options, style: style, into: &screen, top: top, room: max(1, room))
    }

    if state.showingHelp { drawHelp(state, s, into: &screen) }
    return screen
  }

  /// The label and the time as text. With `--plain` it is the first line under the title, at
  /// the left, so a screen reader reads it first; otherwise it is centred.
  static func drawText(
    label: String, time: String, state: CountdownState, s: CountdownStrings, options: ViewOptions, style: Style,
    into screen: inout Screen, top: Int, room: Int
  ) {
    let width = screen.size.columns
    // The label field is as wide as the widest label, so the time never moves.
    let labelWidth = [s.endsIn, s.paused, s.ended].map { TextWidth.columns($0) }.max() ?? 0
    let timeWidth = TextWidth.columns(time)
    let oneLine = labelWidth + 1 + timeWidth
    if options.plain {
      let field = TextWidth.padded(label, to: labelWidth) + " "
      if oneLine <= width {
        let column = screen.put((oneLine < width ? " " : "") + field, row: top, column: 0)
        putTime(time, row: top, column: column, into: &screen)
      } else if room >= 2 {
        screen.put(label, row: top, column: 0)
        putTime(time, row: top + 1, column: 0, into: &screen)
      } else {
        putTime(time, row: top, column: 0, into: &screen)
      }
      return
    }
    if oneLine <= width - 2 || (oneLine <= width && room < 2) {
      let column = max(0, (width - oneLine) / 2)
      let row = top + (room - 1) / 2
      screen.put(label, row: row, column: column, style: style)
      putTime(time, row: row, column: column + labelWidth + 1, into: &screen)
    } else if room >= 2 {
      // Label over the time, both from the time's left edge.
      let column = max(0, (width - timeWidth) / 2)
      let row = top + (room - 2) / 2
      screen.put(label, row: row, column: column, style: style)
      putTime(time, row: row + 1, column: column, into: &screen)
    } else {
      // One row, too narrow for both: the time, which is what matters.
      putTime(time, row: top, column: max(0, (width - timeWidth) / 2), into: &screen)
    }
  }

  /// The remaining time as text, noted as a clock figure to the digit that fits.
  static func putTime(_ time: String, row: Int, column: Int, into screen: inout Screen) {
    // Never cut inside a field: whole fields go, marked (TimeFormat.fitted).
    screen.put([.figure(ClockFigure(.countdown, time), fitting: screen.size.columns - column)], row: row, column: column, style: .bold)
  }

  public static func label(_ state: CountdownState, _ s: CountdownStrings) -> String {
    switch state.phase {
    case .running: s.endsIn
    case .paused: s.paused
    case .ended: s.ended
    }
  }

  static func color(_ phase: CountdownState.Phase) -> Color {
    switch phase {
    case .running: .green
    case .paused: .yellow
    case .ended: .red
    }
  }

  /// The keys that do something now: `space pause  ? help  q quit`. When the line is wider
  /// than `columns`, help goes first, then close, then pause; quit stays to the last.
  public static func helpLine(_ state: CountdownState, _ s: CountdownStrings, columns: Int = .max) -> String {
    var shown = CountdownKeys.enabled(in: state)
    func line() -> String {
      shown.map { "\($0.label) \(commandLabel($0.command, state, s))" }.joined(separator: "  ")
    }
    for dropped in [CountdownKeyCommand.help, .back, .pauseResume] where TextWidth.columns(line()) > columns {
      shown.removeAll { $0.command == dropped }
    }
    return line()
  }

  static func commandLabel(_ command: CountdownKeyCommand, _ state: CountdownState, _ s: CountdownStrings) -> String {
    switch command {
    case .pauseResume: state.phase == .paused ? s.resume : s.pause
    case .help: s.help
    case .back: s.close
    case .quit: s.quit
    }
  }

  static func describe(_ command: CountdownKeyCommand, _ state: CountdownState, _ s: CountdownStrings) -> String {
    switch command {
    case .pauseResume: s.helpPauseResume
    case .help: s.helpHelp
    case .back: s.helpBack
    case .quit: state.exitsAtZero ? s.helpQuitWithExit : s.helpQuit
    }
  }

  static func hintText(_ hint: CountdownState.Hint, _ s: CountdownStrings) -> String {
    switch hint {
    case .dateCannotPause: s.hintDateCannotPause
    case .ended: s.hintEnded
    case .nothingToClose: s.hintNothingToClose
    case .unknownKey: s.hintUnknownKey
    }
  }

  /// The `?` overlay, built from the same key table as the key line.
  static func drawHelp(_ state: CountdownState, _ s: CountdownStrings, into screen: inout Screen) {
    let content = HelpBox.Content(
      title: s.keysTitle, keys: CountdownKeys.bindings.map { ($0.label, describe($0.command, state, s)) },
      notes: [s.helpSignals], footer: s.helpFooter, tooSmall: { s.helpTooSmall($0) })
    HelpBox.draw(content, into: &screen)
  }

}
