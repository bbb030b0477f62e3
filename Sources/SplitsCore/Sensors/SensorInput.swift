import SplitsSensors

/// What a remembered Bluetooth sensor did, as the screen's loop hands it to the reducer: an
/// `Input` like a key. A sensor is named by its Bluetooth address (`AA:BB:CC:DD:EE:FF`).
public enum SensorInput: Equatable, Sendable {
  /// The sensor connected and its measurements notify; `name` is what it calls itself.
  case connected(address: String, name: String?)
  /// One notification, read.
  case measurement(address: String, SensorMeasurement)
  /// A notification that could not be read (too short, impossible flags): counted, ignored.
  case malformed(address: String, SensorPacketError)
  /// The sensor disconnected (or stopped answering); it is being connected again.
  case lost(address: String)
  /// A connected trainer (Fitness Machine) with these features and, if it gives one, this
  /// range of power it can hold: what ERG needs to begin.
  case trainer(address: String, FitnessMachineFeatures, SupportedPowerRange?)
  /// The trainer's control point answered a request.
  case trainerAnswered(address: String, ControlPointResponse)
}
