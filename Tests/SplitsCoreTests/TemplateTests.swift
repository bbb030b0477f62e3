import Foundation
import SplitsTestRandom
import Testing

@testable import SplitsCore

/// `Template.fill` searches the bytes for `%@`: for every format it gives what splitting the
/// format at each `%@` and putting the values between the pieces gives.
@Suite("Templates: %@ filled in order")
struct TemplateTests {
  static func plain(_ format: String, _ values: [String]) -> String {
    let pieces = format.components(separatedBy: "%@")
    var out = pieces[0]
    for (index, piece) in pieces.dropFirst().enumerated() {
      out += (index < values.count ? values[index] : "") + piece
    }
    return out
  }

  @Test func examples() {
    #expect(Template.fill("%@ earlier laps", ["12"]) == "12 earlier laps")
    #expect(Template.fill("이전 랩 %@개", ["3"]) == "이전 랩 3개")
    #expect(Template.fill("%@ of %@", ["1"]) == "1 of ")
    #expect(Template.fill("100% done", ["x"]) == "100% done")
    #expect(Template.fill("%%@@", ["a"]) == "%a@")
    #expect(Template.fill("ends in %", []) == "ends in %")
    #expect(Template.fill("", ["a"]) == "")
  }

  @Test func everyFormatReadsAsItsPieces() {
    var rng = SplitMix64(state: 0x7E3A_91A7)
    let alphabet: [String] = ["%", "@", "%@", "a", " ", "랩", "é", "·", "\n"]
    for _ in 0..<3_000 {
      func any() -> String { alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
      let format = (0..<Int.random(in: 0...12, using: &rng)).map { _ in any() }.joined()
      let values = (0..<Int.random(in: 0...4, using: &rng)).map { _ in any() + "v" }
      #expect(Template.fill(format, values) == Self.plain(format, values), "\(format.debugDescription) \(values)")
    }
  }
}
