import Dispatch
import Foundation

extension Duration {
  /// The duration in seconds, as a `TimeInterval`.
  public var seconds: Double {
    let (s, atto) = components
    return Double(s) + Double(atto) / 1e18
  }
}

/// `status --follow`'s main loop (the screen has its own: `EventLoop`): the main thread waits
/// in `RunLoop.main`, which serves the main queue (main-actor work, dispatch sources on
/// `.main`) and Foundation's timers, until `done`.
@MainActor
public enum MainLoop {
  public static func run(until done: () -> Bool) {
    while !done() {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
  }

  /// Makes `run` look at `done` again (after something set it from a timer's callback).
  public static func wake() { DispatchQueue.main.async {} }
}
