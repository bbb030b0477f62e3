"""What two independent readers make of a TCX file: tcxreader and python-tcxparser.

Usage: tcx_check.py FILE...

Prints one line of JSON for each file, in order, after anything a reader printed for it:

  {"tcxreader": {...}, "tcxparser": {...}}

Times are milliseconds since 1970 UTC; the rest is what each reader says, as described at
each key below. The tests of the TCX export (Tests/SplitsReportsTests/TcxReadersTests.swift)
compare it with the rides written; scripts/test-venv.sh installs the readers.
"""

import json
import sys
from datetime import datetime, timedelta, timezone

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
NS = {"ns": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"}


def ms(dt):
    """Whole milliseconds since 1970 of a datetime; a naive one (tcxreader's) is UTC."""
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return (dt - EPOCH) // timedelta(milliseconds=1)


def with_tcxreader(path):
    """tcxreader puts the laps of every activity in one exercise and keeps only the laps with
    points. `only_gps=False`: by default it drops every point without a position, and ours
    have none."""
    from tcxreader.tcxreader import TCXReader

    exercise = TCXReader().read(path, only_gps=False)
    points = exercise.trackpoints

    def track_seconds(lap):
        # A lap's tracks come as one list of points: the time between two of them at most a
        # second apart is ridden, a longer gap is a pause.
        times = [ms(p.time) for p in lap.trackpoints]
        return sum(b - a for a, b in zip(times, times[1:]) if b - a <= 1000) / 1000

    return {
        # The last activity's: one exercise has one sport.
        "sport": exercise.activity_type,
        "laps": len(exercise.laps),
        "trackpoints": len(points),
        "lap_trackpoints": [len(lap.trackpoints) for lap in exercise.laps],
        # It reads no TotalTimeSeconds: a lap's duration is from its first point to its last
        # (pauses inside the lap included), and 0 for a lap of two points or fewer.
        "laps_seconds": sum(lap.duration or 0 for lap in exercise.laps),
        "track_seconds": sum(track_seconds(lap) for lap in exercise.laps),
        "first_ms": ms(points[0].time) if points else None,
        "last_ms": ms(points[-1].time) if points else None,
        # The exercise's distance and each lap's, in metres (None where the file has none).
        "distance": exercise.distance,
        "lap_distances": [lap.distance for lap in exercise.laps],
        # Each point's HeartRateBpm, Cadence and TPX Watts (None where it has none).
        "heart_rates": [p.hr_value for p in points],
        "cadences": [p.cadence for p in points],
        "watts": [None if p.tpx_ext.get("Watts") is None else float(p.tpx_ext["Watts"]) for p in points],
    }


def with_tcxparser(path):
    """python-tcxparser reads the first activity (`parser.activity`); the others are read by
    pointing it at each in turn. Its `time_values` are every `Time` of the file."""
    from dateutil.parser import isoparse
    from tcxparser import TCXParser

    parser = TCXParser(path)
    times = [ms(t) for t in parser.time_objects()]
    activities = []
    for activity in parser.root.Activities.Activity:
        parser.activity = activity
        mine = [ms(isoparse(t.text)) for t in activity.xpath(".//ns:Trackpoint/ns:Time", namespaces=NS)]
        activities.append(
            {
                "sport": parser.activity_type,
                "laps": len(activity.Lap),
                "trackpoints": len(mine),
                # The sum of the laps' TotalTimeSeconds.
                "laps_seconds": float(parser.duration),
                # The first lap's StartTime.
                "started_at_ms": ms(isoparse(parser.started_at)),
                # The last point of the last lap's first Track.
                "completed_at_ms": ms(isoparse(str(parser.completed_at))),
                "first_ms": mine[0] if mine else None,
                "last_ms": mine[-1] if mine else None,
                # The last track point's DistanceMeters (0 when no point has one).
                "distance": float(parser.distance),
            }
        )
    return {
        # Every HeartRateBpm, Cadence and TPX Watts of the file, in order (points without one
        # have none in these lists).
        "heart_rates": [int(v) for v in parser.hr_values()],
        "cadences": [int(v) for v in parser.cadence_values()],
        "watts": [int(v) for v in parser.power_values()],
        "trackpoints": len(times),
        "first_ms": times[0] if times else None,
        "last_ms": times[-1] if times else None,
        "activities": activities,
    }


def main():
    # Several files in one run (the readers are imported once): a summary line for each, in order.
    if len(sys.argv) < 2:
        sys.exit("usage: tcx_check.py FILE...")
    for path in sys.argv[1:]:
        summary = {"tcxreader": with_tcxreader(path), "tcxparser": with_tcxparser(path)}
        sys.stdout.write("\n" + json.dumps(summary, sort_keys=True) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
