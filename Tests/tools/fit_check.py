"""fit_check.py FILE...: FIT files as Garmin's own decoder (garmin-fit-sdk) reads them.

Prints a JSON summary a line for each file, in order, on standard output: whether the decoder takes it for a FIT file with a
good CRC, the errors it met, the file_id, session, activity, each lap, the timer events, the
records' timestamps, and a workout ride's workout and steps. Values are the raw ones of the file: times in FIT seconds,
durations in ms; enumerations by their profile names. Exit status 0 when the summary is
printed (whatever it says), 2 on bad usage.
"""

import json
import sys

from garmin_fit_sdk import Decoder, Stream


def pick(message, names):
    return {name: message.get(name) for name in names}


def summarize(path):
    with open(path, "rb") as file:
        data = file.read()

    # A decoder reads its stream once: a fresh one for each question.
    def decoder():
        return Decoder(Stream.from_byte_array(bytearray(data)))

    is_fit = decoder().is_fit()
    integrity = decoder().check_integrity()
    messages, errors = decoder().read(
        apply_scale_and_offset=False,
        convert_datetimes_to_dates=False,
        convert_types_to_strings=True,
        enable_crc_check=True,
        expand_sub_fields=True,
        expand_components=True,
        merge_heart_rates=False,
    )
    sessions = messages.get("session_mesgs", [])
    activities = messages.get("activity_mesgs", [])
    records = [m.get("timestamp") for m in messages.get("record_mesgs", [])]
    summary = {
        "is_fit": is_fit,
        "integrity": integrity,
        "errors": [str(e) for e in errors],
        "file_id": [
            pick(m, ["type", "manufacturer", "product", "serial_number", "time_created"])
            for m in messages.get("file_id_mesgs", [])
        ],
        "sessions": [
            pick(
                m,
                [
                    "start_time", "timestamp", "sport", "sub_sport", "total_elapsed_time",
                    "total_timer_time", "num_laps", "first_lap_index", "event", "event_type",
                ],
            )
            for m in sessions
        ],
        "sport": sessions[0].get("sport") if sessions else None,
        "activities": [
            pick(
                m,
                ["timestamp", "total_timer_time", "num_sessions", "type", "event", "event_type", "local_timestamp"],
            )
            for m in activities
        ],
        "laps": [
            pick(
                m,
                [
                    "message_index", "start_time", "timestamp", "total_elapsed_time", "total_timer_time",
                    "event", "event_type", "intensity", "lap_trigger", "wkt_step_index",
                ],
            )
            for m in messages.get("lap_mesgs", [])
        ],
        "events": [pick(m, ["timestamp", "event", "event_type"]) for m in messages.get("event_mesgs", [])],
        "workouts": [
            pick(m, ["wkt_name", "sport", "sub_sport", "num_valid_steps"]) for m in messages.get("workout_mesgs", [])
        ],
        "workout_steps": [
            pick(
                m,
                [
                    "message_index", "wkt_step_name", "duration_type", "duration_value", "target_type",
                    "custom_target_value_low", "custom_target_value_high", "intensity",
                ],
            )
            for m in messages.get("workout_step_mesgs", [])
        ],
        "records": {
            "count": len(records),
            "first": records[0] if records else None,
            "last": records[-1] if records else None,
            "timestamps": records,
        },
        "sports": [pick(m, ["sport", "sub_sport", "name"]) for m in messages.get("sport_mesgs", [])],
        "session_names": [m.get("sport_profile_name") for m in sessions],
        "field_descriptions": [
            pick(m, ["developer_data_index", "field_definition_number", "fit_base_type_id", "field_name", "native_mesg_num"])
            for m in messages.get("field_description_mesgs", [])
        ],
        # Developer fields by field_name, as the descriptions name them.
        "session_developer_fields": [
            {
                description.get("field_name"): value
                for key, value in (m.get("developer_fields") or {}).items()
                for index, description in enumerate(messages.get("field_description_mesgs", []))
                if description.get("key", index) == key
            }
            for m in sessions
        ],
        # total_distance of the session and each lap, distance of each record: raw
        # centimetres, None where a message has none.
        "distances": {
            "sessions": [m.get("total_distance") for m in sessions],
            "laps": [m.get("total_distance") for m in messages.get("lap_mesgs", [])],
            "records": [m.get("distance") for m in messages.get("record_mesgs", [])],
        },
        "unknown_messages": sorted(k for k in messages if k.isdigit()),
    }
    return summary


def main(argv):
    # Several files in one run (the SDK is imported once): a summary line for each, in order.
    if len(argv) < 2:
        print("usage: fit_check.py FILE...", file=sys.stderr)
        return 2
    for path in argv[1:]:
        json.dump(summarize(path), sys.stdout)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
