import SplitsSensors

/// Where the screen's writes to a trainer's control point go (the sensor link); a write that
/// cannot be sent is dropped, and the trainer's session sends it again or gives up.
@MainActor
public protocol TrainerWriter: AnyObject {
  func write(_ request: ControlPointRequest, to address: String)
}

/// The sensors a screen reads (`FullScreen.run`'s `sensors`): they write to a trainer, and stop
/// when the screen ends (what was written is sent first).
@MainActor
public protocol SensorsLinked: TrainerWriter {
  func stop()
}
