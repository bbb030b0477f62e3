"""What an outside reader of LiveSplit's files makes of one: livesplit-analyser (PyPI).

Usage: lss_check.py FILE

Prints one line of JSON, last on standard output:

  {"title": ..., "attempt_count": ..., "segments": ..., "names": [...], "personal_best_s": ...,
   "sum_of_best_s": ..., "completed": ...}

- title: "Game Category", as the analyser builds it.
- attempt_count: the file's AttemptCount.
- segments, names: the segments it reads.
- personal_best_s: the last segment's personal best split time (its first SplitTime), in
  seconds.
- sum_of_best_s: the sum of the best segments, in seconds (the analyser's getSOB).
- completed: the attempts with a final time in the attempt history (getGaps).

The tests of the LiveSplit writer (Tests/SplitsRoutesTests/LSSOutsideReaderTests.swift) compare
it with the route written; scripts/test-venv.sh installs the analyser.
"""

import json
import os
import sys

# The analyser imports matplotlib's pyplot: no display is needed or wanted.
os.environ.setdefault("MPLBACKEND", "Agg")


def load_parser():
    """The analyser's parser module, loaded on its own: the package's `__init__` imports its
    window (PyQt5), which is not installed (scripts/test-venv.sh)."""
    import importlib.util

    spec = importlib.util.find_spec("livesplit_analyser")
    folder = os.path.dirname(spec.origin)
    module_spec = importlib.util.spec_from_file_location("split_result", os.path.join(folder, "SplitResult.py"))
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module.splitsParser


splitsParser = load_parser()


def main(path):
    parser = splitsParser(path)
    segments = parser.getSegments()
    personal_best = parser.getSec([segments[-1].segmentPB], opt=True) if segments else []
    print(
        json.dumps(
            {
                "title": parser.title,
                "attempt_count": int(parser.attempts),
                "segments": len(segments),
                "names": [segment.segmentName for segment in segments],
                "personal_best_s": personal_best[0] if personal_best else None,
                "sum_of_best_s": float(parser.getSOB()),
                "completed": len(parser.getGaps()["Completed Time"]),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
