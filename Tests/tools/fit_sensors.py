"""fit_sensors.py FILE: the sensors' figures of a FIT file as two independent decoders read
them, Garmin's own (garmin-fit-sdk) and fitdecode.

Prints one line of JSON: {"garmin": {...}, "fitdecode": {...}}, each with `records` (every
record's timestamp, heart_rate, cadence, power and speed, None where a record has none),
`laps` and `sessions` (their averages and maxima, normalized_power, and the session's
training_stress_score, intensity_factor and threshold_power) and the session's `sub_sport`.
Values are raw (FIT seconds, speeds in mm/s, TSS in tenths, IF in thousandths). Exit status
0 when the summary is printed, 2 on bad usage.
"""

import json
import sys

RECORD = ["timestamp", "heart_rate", "cadence", "power", "speed"]
LAP = [
    "avg_heart_rate", "max_heart_rate", "avg_cadence", "max_cadence", "avg_power", "max_power",
    "avg_speed", "max_speed", "normalized_power",
]
SESSION = LAP + ["training_stress_score", "intensity_factor", "threshold_power"]


def with_garmin(data):
    from garmin_fit_sdk import Decoder, Stream

    messages, errors = Decoder(Stream.from_byte_array(bytearray(data))).read(
        apply_scale_and_offset=False,
        convert_datetimes_to_dates=False,
        convert_types_to_strings=True,
        enable_crc_check=True,
        expand_sub_fields=False,
        expand_components=False,
        merge_heart_rates=False,
    )

    def pick(m, names):
        return {n: m.get(n) for n in names}

    sessions = messages.get("session_mesgs", [])
    return {
        "errors": [str(e) for e in errors],
        "records": [pick(m, RECORD) for m in messages.get("record_mesgs", [])],
        "laps": [pick(m, LAP) for m in messages.get("lap_mesgs", [])],
        "sessions": [pick(m, SESSION) for m in sessions],
        "sub_sport": sessions[0].get("sub_sport") if sessions else None,
    }


def with_fitdecode(path):
    import fitdecode

    out = {"records": [], "laps": [], "sessions": [], "sub_sport": None}

    def raw(frame, names):
        values = {}
        for name in names:
            field = frame.get_field(name) if frame.has_field(name) else None
            value = None if field is None else field.raw_value
            values[name] = value
        return values

    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
        for frame in reader:
            if not isinstance(frame, fitdecode.FitDataMessage):
                continue
            if frame.name == "record":
                out["records"].append(raw(frame, RECORD))
            elif frame.name == "lap":
                out["laps"].append(raw(frame, LAP))
            elif frame.name == "session":
                out["sessions"].append(raw(frame, SESSION))
                if frame.has_field("sub_sport"):
                    out["sub_sport"] = frame.get_value("sub_sport")
    return out


def main(argv):
    if len(argv) != 2:
        print("usage: fit_sensors.py FILE", file=sys.stderr)
        return 2
    with open(argv[1], "rb") as file:
        data = file.read()
    json.dump({"garmin": with_garmin(data), "fitdecode": with_fitdecode(argv[1])}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
