import SplitsCore
import SplitsRuntime
import SplitsSensors

/// The remembered sensors, live on the screen's loop: `SensorLinkState` run against BlueZ on
/// the system bus. Each notification becomes an `Input.sensor` handed to `deliver`, in the
/// order it came. A sensor lost, a connection refused or the bus gone is tried again every
/// `retryInterval` (one timer, armed only while something waits).
@MainActor
public final class SensorLink {
  /// How long a lost sensor (or a lost bus) waits before it is connected again.
  public static let retryInterval: Duration = .seconds(2)

  private let loop: EventLoop
  private let deliver: @MainActor (SensorInput) -> Void
  /// A trainer's control point indications (the answers to `write`), in the order they came.
  public var onIndication: (@MainActor (ControlPointIndication) -> Void)?
  private var state: SensorLinkState
  private var bus: SystemBus?
  private var timer: LoopTimer?
  private var stopped = false
  /// The bus's address when it is not the system bus (a test's).
  private let address: String?

  public init(
    addresses: [String], loop: EventLoop, busAddress: String? = nil, deliver: @escaping @MainActor (SensorInput) -> Void
  ) {
    self.loop = loop
    address = busAddress
    self.deliver = deliver
    state = SensorLinkState(addresses: addresses)
  }

  /// Connects to the bus and starts; without a bus it tries again later.
  public func start() {
    guard !stopped, !state.addresses.isEmpty else { return }
    guard let bus = try? SystemBus(loop: loop, address: address) else {
      arm()
      return
    }
    self.bus = bus
    bus.onSignal = { [weak self] message in
      guard let self else { return }
      self.run(self.state.signal(message))
    }
    bus.onClosed = { [weak self] in self?.busClosed() }
    run(state.start())
  }

  /// The screen's way to link its sensors (`FullScreen.run`'s `sensors`): the link, which
  /// also tells a trainer's news (`.trainer`, `.trainerAnswered`) and writes to it, for ERG.
  public static func linking(
    _ addresses: [String], busAddress: String? = nil
  ) -> @MainActor (EventLoop, @escaping @MainActor (SensorInput) -> Void) -> (any SensorsLinked)? {
    { loop, deliver in
      guard !addresses.isEmpty else { return nil }
      var link: SensorLink?
      let created = SensorLink(addresses: addresses, loop: loop, busAddress: busAddress) { input in
        deliver(input)
        if case .connected(let address, _) = input { link?.readTrainer(address, deliver: deliver) }
      }
      link = created
      created.onIndication = { indication in
        guard let response = indication.response else { return }
        deliver(.trainerAnswered(address: indication.address, response))
      }
      created.start()
      return created
    }
  }

  /// Stops: the timer cancelled, the bus closed (BlueZ disconnects a client's notifications).
  public func stop() {
    stopped = true
    if let timer { loop.cancel(timer) }
    timer = nil
    let bus = self.bus
    self.bus = nil
    bus?.onClosed = nil
    bus?.close()
  }

  private func run(_ step: SensorLinkState.Step) {
    for sent in step.send {
      let call = sent.call
      bus?.call(sent.message) { [weak self] result in
        guard let self, !self.stopped else { return }
        self.run(self.state.answer(call, result))
      }
    }
    for input in step.inputs { deliver(input) }
    for indication in step.indications { onIndication?(indication) }
    if step.retry { arm() }
  }

  /// The failure of a write or read that could not be sent: the sensor is not connected.
  static let notConnected = DBusFailure(name: "org.bluez.Error.NotConnected", text: "the sensor is not connected")

  /// Writes `bytes` to a trainer's `characteristic` with a response; `done` gets BlueZ's
  /// answer (the trainer's own answer to a control point write comes as an indication).
  public func write(
    _ bytes: [UInt8], to characteristic: TrainerCharacteristic, of address: String,
    done: @escaping @MainActor (Result<Void, DBusFailure>) -> Void
  ) {
    guard let bus, let message = state.write(bytes, to: characteristic, of: address) else {
      loop.soon { done(.failure(Self.notConnected)) }
      return
    }
    bus.call(message) { result in done(result.map { _ in () }) }
  }

  /// Reads a trainer's `characteristic` (its features, its power range).
  public func read(
    _ characteristic: TrainerCharacteristic, of address: String,
    done: @escaping @MainActor (Result<[UInt8], DBusFailure>) -> Void
  ) {
    guard let bus, let message = state.read(characteristic, of: address) else {
      loop.soon { done(.failure(Self.notConnected)) }
      return
    }
    bus.call(message) { result in
      done(result.flatMap { body in
        body.first?.byteArray.map { .success($0) }
          ?? .failure(DBusFailure(name: "org.freedesktop.DBus.Error.InvalidSignature", text: "not a byte array"))
      })
    }
  }

  private func arm() {
    guard timer == nil, !stopped else { return }
    timer = loop.after(Self.retryInterval) { [weak self] in
      guard let self else { return }
      self.timer = nil
      if self.bus == nil { self.start() } else { self.run(self.state.retry()) }
    }
  }

  private func busClosed() {
    bus = nil
    run(state.busLost())
    arm()
  }
}
