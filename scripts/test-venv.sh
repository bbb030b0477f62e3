#!/bin/sh
# The tests' Python tools (Tests/tools/requirements.txt) in a virtual environment of their
# own, .build/test-venv: created when missing, brought up to the requirements otherwise.
# The tests find it there, or at $SPLITS_TEST_PYTHON.
set -eu
cd "$(dirname "$0")/.."
venv=.build/test-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tests/tools/requirements.txt
# The analyser's parser alone (see requirements.txt): not its window's dependencies.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps livesplit-analyser==1.0.6
