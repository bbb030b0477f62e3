/// The documented exit statuses.
public enum ExitStatus: Int32, Sendable, Equatable {
  case success = 0
  /// A failure while running (I/O, database), or a countdown quit before zero with `--exit`.
  case failure = 1
  /// Bad usage or bad input.
  case usage = 2
  case hangup = 129
  case interrupt = 130
  case terminate = 143
}

/// A signal the terminal layer passes on, already decoded.
public enum SignalKind: Sendable, Equatable {
  case hangup, interrupt, terminate
  /// SIGTSTP (Ctrl-Z): suspend with the terminal restored.
  case suspend

  public var exitStatus: ExitStatus? {
    switch self {
    case .hangup: .hangup
    case .interrupt: .interrupt
    case .terminate: .terminate
    case .suspend: nil
    }
  }
}
