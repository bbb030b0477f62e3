-- A journal of the first schema (migration "v1-journal"), as Splits 0.1 wrote it.
-- journal-v1.sqlite is made from this file with:
--   sqlite3 journal-v1.sqlite < journal-v1.sql
-- and committed: the migration test opens a copy of it and must find every ride.
PRAGMA journal_mode = WAL;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES ('v1-journal');
CREATE TABLE rides (
  number INTEGER PRIMARY KEY NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ride INTEGER NOT NULL REFERENCES rides(number),
  kind TEXT NOT NULL,
  wall_ms INTEGER NOT NULL,
  boot_id TEXT NOT NULL,
  boottime_ns INTEGER NOT NULL,
  countdown_steps INTEGER NOT NULL DEFAULT 0
);
-- Ride 1, finished: 3 s countdown from 2026-11-22T03:00:00Z, laps of 780 s and 810 s,
-- paused at 1700 s for 100 s, 300 s more, paused, finished.
INSERT INTO rides VALUES (1, 1795316400000, 1795318600000);
INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns, countdown_steps) VALUES
  (1, 'countdown_start', 1795316400000, 'fixture-boot-1', 1000000000000, 3),
  (1, 'lap',             1795317183000, 'fixture-boot-1', 1783000000000, 0),
  (1, 'lap',             1795317993000, 'fixture-boot-1', 2593000000000, 0),
  (1, 'pause',           1795318103000, 'fixture-boot-1', 2703000000000, 0),
  (1, 'resume',          1795318203000, 'fixture-boot-1', 2803000000000, 0),
  (1, 'pause',           1795318503000, 'fixture-boot-1', 3103000000000, 0),
  (1, 'finish',          1795318600000, 'fixture-boot-1', 3200000000000, 0);
-- Ride 2, open and running on an earlier boot: started 2026-11-23T08:00:00Z, one lap.
INSERT INTO rides VALUES (2, 1795420800000, NULL);
INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns, countdown_steps) VALUES
  (2, 'start', 1795420800000, 'fixture-boot-2', 500000000000, 0),
  (2, 'lap',   1795421400000, 'fixture-boot-2', 1100000000000, 0);
