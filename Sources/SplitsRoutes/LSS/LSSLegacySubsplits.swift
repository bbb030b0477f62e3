/// LiveSplit's subsplits before version 1.8.1 were a naming convention: a segment named
/// `-Name` belongs to the group that the next segment without a dash ends, and that segment may
/// name the group `{Group} Name`. livesplit-core (`import_legacy_subsplits`) makes them native
/// segment groups: the dash and the brace prefix leave the names, and the groups are written
/// as `<SegmentGroups>` from 1.8.1. Splits does the same, keeping the groups as the element
/// livesplit-core's saver would write.
enum LSSLegacySubsplits {
  /// Renames the segments as livesplit-core does and gives the `<SegmentGroups>` element of
  /// the groups found, or nil when there are none (names then unchanged).
  static func upgrade(_ segments: inout [RouteSegment]) -> String? {
    var groups: [(start: Int, end: Int, name: String?)] = []
    var groupStart: Int?
    for index in segments.indices {
      let isFinal = index + 1 == segments.count
      let oldName = segments[index].name
      if !isFinal && oldName.hasPrefix("-") {
        if groupStart == nil { groupStart = index }
        segments[index].name = String(oldName.dropFirst())
        continue
      }
      var groupName: String?
      var segmentName: String?
      if oldName.hasPrefix("{"), let close = oldName.firstIndex(of: "}") {
        groupName = String(oldName[oldName.index(after: oldName.startIndex)..<close])
        segmentName = String(oldName[oldName.index(after: close)...].drop { $0.isWhitespace })
      }
      if let start = groupStart {
        groupStart = nil
        groups.append((start, index + 1, groupName.flatMap { $0.isEmpty ? nil : $0 }))
        // The brace prefix names only a group that just ended; elsewhere it is part of a name.
        if let segmentName { segments[index].name = segmentName }
      }
    }
    guard !groups.isEmpty else { return nil }
    var source = "<SegmentGroups>"
    for group in groups {
      source += "<SegmentGroup start=\"\(group.start)\" end=\"\(group.end)\""
      if let name = group.name {
        source += "><Name>\(LSSWriter.escape(name))</Name></SegmentGroup>"
      } else {
        source += "/>"
      }
    }
    return source + "</SegmentGroups>"
  }
}
