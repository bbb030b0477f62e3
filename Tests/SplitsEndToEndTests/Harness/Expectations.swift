import Testing

/// Expects `stty -a` modes of a terminal left as a shell wants it: canonical input and echo
/// on (`icanon`, `echo`; not `-icanon`, `-echo`).
func expectRestoredTerminal(_ modes: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(modes.contains("icanon"), "stty -a: \(modes.sorted())", sourceLocation: sourceLocation)
  #expect(!modes.contains("-icanon"), "stty -a: \(modes.sorted())", sourceLocation: sourceLocation)
  #expect(modes.contains("echo"), "stty -a: \(modes.sorted())", sourceLocation: sourceLocation)
  #expect(!modes.contains("-echo"), "stty -a: \(modes.sorted())", sourceLocation: sourceLocation)
}
