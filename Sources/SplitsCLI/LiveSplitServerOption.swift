import SplitsRemote

/// `--livesplit-server [PORT]`: the port may be left out (LiveSplit's 16834). Argument-parser
/// has no option whose value is optional, so the default is put in before it parses.
public enum LiveSplitServerOption {
  public static func normalized(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      result.append(argument)
      if argument == "--" {
        result += rest
        break
      }
      guard argument == "--livesplit-server" else { continue }
      let next = rest.first
      if next.map({ $0.isEmpty || !$0.allSatisfy(\.isASCII) || !$0.allSatisfy(\.isNumber) }) ?? true {
        result.append(String(LiveSplitServer.defaultPort))
      }
    }
    return result
  }
}
