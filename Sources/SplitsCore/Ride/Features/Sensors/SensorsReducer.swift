import SplitsSensors

extension RideReducer {
  /// What a sensor did. A sensor is not the rider: nothing shown "until the next input"
  /// goes (no `inputArrived`), and no key's hint is touched.
  static func sensor(_ input: SensorInput, _ state: inout RideScreenState) -> [Effect] {
    switch input {
    case .connected(let address, let name):
      var link = state.sensors.links[address] ?? SensorLink(name: name, connected: true)
      link.connected = true
      if let name { link.name = name }
      state.sensors.links[address] = link
    case .lost(let address):
      state.sensors.links[address]?.lose()
    case .malformed(let address, _):
      state.sensors.links[address, default: SensorLink(name: nil, connected: true)].malformed += 1
    case .measurement(let address, let measurement):
      var link = state.sensors.links[address] ?? SensorLink(name: nil, connected: true)
      link.connected = true
      let readings = link.take(measurement, at: state.now)
      state.sensors.links[address] = link
      // Only the moving time is sampled, and only from the source the screen shows.
      guard state.phase == .running else { return [] }
      let (ride, second) = (state.clock.ride.number, Int(state.moving.components.seconds))
      for (figure, reading) in readings {
        guard let chosen = state.sensors.chosen(figure, at: state.now), chosen.address == address,
          chosen.reading.source == reading.source
        else { continue }
        state.sensors.sampling.hear(figure, reading.value, ride: ride, second: second)
      }
    case .trainer, .trainerAnswered:
      // ERG's (`RideReducer.trainer`).
      break
    }
    return []
  }

  /// The samples of the seconds of moving time passed since the last action: at most one
  /// (the second under way when the last reading was heard), recorded as the ride's.
  static func sampleSensors(_ state: inout RideScreenState) -> [Effect] {
    // Asked at every action and tick: with nothing heard (a ride without sensors), the
    // moving second is not even worked out.
    guard state.phase == .running || state.phase == .paused, !state.sensors.sampling.heardNothing else { return [] }
    let ride = state.clock.ride.number
    let second = Int(state.moving.components.seconds)
    guard let sample = state.sensors.sampling.move(ride: ride, to: second) else { return [] }
    state.sensors.rideSamples.append(sample)
    return [.recordSample(sample, ride: ride)]
  }

  /// The finished ride's last, partial second, recorded before its finish.
  static func finishSampling(_ state: inout RideScreenState) -> [Effect] {
    let ride = state.clock.ride.number
    guard let last = state.sensors.sampling.finish(ride: ride) else { return [] }
    state.sensors.rideSamples.append(last)
    return [.recordSample(last, ride: ride)]
  }
}
