import SplitsCore
import Testing

@testable import SplitsRender

@Suite("Big digits drawn from tables built once")
struct BigDigitsTests {
  /// Drawing as the font's strings say, character by character.
  static func referenceDraw(_ text: String, face: BigDigits.Face, into screen: inout Screen, row: Int, column: Int, style: Style) {
    var x = column
    for character in text {
      let lines = BigDigits.glyph(character, face.font)
      for (lineIndex, line) in lines.enumerated() {
        var scaled = ""
        for c in line { scaled += String(repeating: String(c), count: face.scale) }
        for repeatRow in 0..<face.scale {
          var offset = 0
          for c in scaled {
            if c != " " { screen.put(String(c), row: row + lineIndex * face.scale + repeatRow, column: x + offset, style: style) }
            offset += 1
          }
        }
      }
      x += (TextWidth.columns(lines[0]) + 1) * face.scale
    }
  }

  @Test func widthsAndDrawingMatchTheFont() {
    let texts = ["0123456789", "12:34:56.78", "100:00:00", " 9.", "x-é한", ""]
    for font in BigDigits.Font.allCases {
      for character in "0123456789:. x한" {
        #expect(BigDigits.glyphWidth(character, font) == TextWidth.columns(BigDigits.glyph(character, font)[0]))
      }
      for scale in 1...3 {
        let face = BigDigits.Face(font: font, scale: scale)
        for text in texts {
          let reference = text.reduce(0) { $0 + TextWidth.columns(BigDigits.glyph($1, font)[0]) * scale }
            + max(0, text.count - 1) * scale
          #expect(BigDigits.width(text, face: face) == reference)
          for column in [-3, 0, 5] {
            var drawn = Screen(size: Size(columns: 70, rows: 16))
            drawn.put("under 한 the digits", row: 1, column: 2)
            var expected = drawn
            BigDigits.draw(text, face: face, into: &drawn, row: 0, column: column, style: .bold)
            Self.referenceDraw(text, face: face, into: &expected, row: 0, column: column, style: .bold)
            #expect(drawn == expected, "\(text) \(font) ×\(scale) at \(column)")
          }
        }
      }
    }
  }
}
