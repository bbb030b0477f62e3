import SplitsCore
import SplitsRuntime
import SplitsSensors

extension SensorLink: SensorsLinked {
  /// A request for a trainer's control point (ERG), written with a response; the trainer's
  /// answer comes as an indication. A write BlueZ refuses is dropped: the trainer's session
  /// sends it again after its patience, or gives up.
  public func write(_ request: ControlPointRequest, to address: String) {
    write(request.bytes, to: .controlPoint, of: address) { _ in }
  }

  /// A sensor that connected and is a trainer that says what it can hold: its features and
  /// its power range (when it gives one) read and told, so ERG can begin. A sensor that is no
  /// trainer has no features to read, and nothing is told.
  func readTrainer(_ address: String, deliver: @escaping @MainActor (SensorInput) -> Void) {
    read(.features, of: address) { [weak self] features in
      guard let self, case .success(let bytes) = features, let features = try? FitnessMachineFeatures(bytes) else {
        return
      }
      self.read(.powerRange, of: address) { range in
        let range = (try? range.get()).flatMap { try? SupportedPowerRange($0) }
        deliver(.trainer(address: address, features, range))
      }
    }
  }
}
