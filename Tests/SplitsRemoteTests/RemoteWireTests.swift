import SplitsCore
import Testing

@testable import SplitsRemote

@Suite("Remote commands: the control socket's messages")
struct RemoteWireTests {
  static let id = "0123456789abcdef0123456789abcdef"

  @Test func aRequestReadsBack() throws {
    for command in RemoteCommand.allCases {
      let request = try #require(RemoteRequest(command, id: Self.id))
      let line = RemoteWire.request(request)
      #expect(line.last == UInt8(ascii: "\n"))
      #expect(line.count <= RemoteWire.maxRequest)
      #expect(RemoteWire.parse(line.dropLast()) == .success(request))
    }
  }

  @Test func aRequestWithoutAValidIDIsRefused() {
    #expect(RemoteWire.parse(Array("splits-control 3 lap".utf8)) == .failure(.notARequest))
    #expect(RemoteWire.parse(Array("splits-control 3 lap 0123".utf8)) == .failure(.badID))
    #expect(RemoteWire.parse(Array("splits-control 3 lap 0123456789ABCDEF0123456789ABCDEF".utf8)) == .failure(.badID))
    #expect(RemoteWire.parse(Array("splits-control 3 lap \(Self.id) extra".utf8)) == .failure(.notARequest))
  }

  @Test("splits start --name Track --sport running carries the name and sport to the screen")
  func aStartCarriesItsRidesNameAndSport() throws {
    for details in [
      RemoteRideDetails(name: "Track", sport: .running), RemoteRideDetails(name: "언덕 반복 🏃"), RemoteRideDetails(name: ""),
      RemoteRideDetails(sport: .other), RemoteRideDetails(name: String(repeating: "가", count: 85)),
    ] {
      let request = try #require(RemoteRequest(.start, id: Self.id, details: details))
      let line = RemoteWire.request(request)
      #expect(line.count <= RemoteWire.maxRequest)
      #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
      #expect(RemoteWire.parse(line.dropLast()) == .success(request))
    }
    let track = try #require(RemoteRequest(.start, id: Self.id, details: RemoteRideDetails(name: "Track", sport: .running)))
    #expect(String(decoding: RemoteWire.request(track), as: UTF8.self) == "splits-control 3 start \(Self.id) name=547261636b sport=running\n")
    // Details only on a start, each once, spelt as written.
    for line in [
      "lap \(Self.id) sport=running", "start \(Self.id) sport=skiing", "start \(Self.id) name=5", "start \(Self.id) name=4A",
      "start \(Self.id) name=41 name=42", "start \(Self.id) name=ff", "start \(Self.id) colour=red",
    ] {
      #expect(RemoteWire.parse(Array("splits-control 3 \(line)".utf8)) == .failure(.notARequest), "\(line)")
    }
  }

  @Test func malformedRequestsAreRefused() {
    #expect(RemoteWire.parse(Array("splits-control 3 explode \(Self.id)".utf8)) == .failure(.unknownCommand))
    #expect(RemoteWire.parse(Array("splits-control 1 lap".utf8)) == .failure(.otherVersion))
    // Version 2, which had no details, is another version: its screen is quit and opened again.
    #expect(RemoteWire.parse(Array("splits-control 2 lap \(Self.id)".utf8)) == .failure(.otherVersion))
    #expect(RemoteWire.parse(Array("GET / HTTP/1.1".utf8)) == .failure(.notARequest))
    #expect(RemoteWire.parse(Array("splits-control 3 lap".utf8)) == .failure(.notARequest))
    #expect(RemoteWire.parse([0xff, 0xfe, 0x20]) == .failure(.notARequest))
    #expect(RemoteWire.parse([UInt8](repeating: 0x41, count: RemoteWire.maxRequest + 1)) == .failure(.tooLong))
    #expect(RemoteWire.parse([]) == .failure(.notARequest))
  }

  @Test func answersRoundTrip() {
    let replies: [RemoteWire.Reply] = [
      .init(answer: RemoteAnswer(outcome: .lap(ride: 3, number: 4, lap: .milliseconds(192_450), moving: .seconds(600), workoutComplete: false))),
      .init(answer: RemoteAnswer(outcome: .paused(ride: 3, moving: .milliseconds(2_467_230)), unwritten: "disk full")),
      .init(answer: RemoteAnswer(outcome: .refused(.finishWhileRunning))),
      .init(error: "unknown command"),
    ]
    for reply in replies {
      let bytes = RemoteWire.encode(reply)
      #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 1)
      #expect(RemoteWire.decode(bytes) == reply)
    }
    #expect(RemoteWire.decode(Array("garbage\n".utf8)) == nil)
  }
}
