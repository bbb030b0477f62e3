import SplitsCore

extension ShownClocks {
  /// `forEachLattice(field)` as a list, for the tests to compare.
  public func lattices(_ field: ClockField) -> [(origin: Duration, place: Duration)] {
    var smallest: [(origin: Duration, place: Duration)] = []
    forEachLattice(field) { smallest.append(($0, $1)) }
    return smallest
  }
}
