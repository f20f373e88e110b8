-- rosterdb: rebuild players
-- The same rules as before (0004, 0005, 0006), written shorter: each character set of the text rules is one UTF-8
-- blob read as text (`CAST(x'…' AS TEXT)`) instead of char() over dozens of code points. SQLite parses the whole
-- schema each time a process opens the roster, and those code points were half of it; every command starts faster.
-- RosterRepositoryTests/SchemaRuleTests writes both edges of every rule through SQLite, as for 0004.
--
-- Text rules, for name, nationality, image, club and ref (`X` below):
--   trim(X, WHITE) = X            no white space at either end. WHITE: Unicode's 25 White_Space characters,
--                                 U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029,
--                                 U+202F, U+205F, U+3000
--   X GLOB '*[^INVISIBLE]*'       at least one visible character. INVISIBLE: U+0009–U+000D, U+0020, U+0085, U+00A0,
--                                 U+1680, U+2000–U+200A, U+2028–U+2029, U+202F, U+205F, U+3000, U+00AD, U+034F,
--                                 U+061C, U+115F–U+1160, U+17B4–U+17B5, U+180B–U+180F, U+200B–U+200F,
--                                 U+202A–U+202E, U+2060–U+206F, U+2800, U+3164, U+FE00–U+FE0F, U+FEFF, U+FFA0,
--                                 U+FFF0–U+FFF8, U+1BCA0–U+1BCA3, U+1D173–U+1D17A, U+E0000–U+E0FFF
--   X NOT GLOB '*[FORBIDDEN]*'    no control character: FORBIDDEN is U+0001–U+001F, U+007F–U+009F, U+FEFF
--   instr(CAST(X AS BLOB), x'00') = 0    no NUL, which GLOB cannot see
CREATE TABLE players_new (
    id          INTEGER PRIMARY KEY
                CONSTRAINT id_from_1_to_2_pow_53_minus_1 CHECK (id BETWEEN 1 AND 9007199254740991),
    name        TEXT    NOT NULL
                CONSTRAINT name_is_text_of_1_to_200_visible_characters CHECK (
                    typeof(name) = 'text' AND length(name) <= 200
                    AND trim(name, CAST(
                        x'090A0B0C0D20C285C2A0E19A80E28080E28081E28082E28083E28084E28085E28086E28087E28088E28089E280' ||
                        x'8AE280A8E280A9E280AFE2819FE38080' AS TEXT)) = name
                    AND name GLOB CAST(
                        x'2A5B5E092D0D20C285C2A0E19A80E280802DE2808AE280A82DE280A9E280AFE2819FE38080C2ADCD8FD89CE185' ||
                        x'9F2DE185A0E19EB42DE19EB5E1A08B2DE1A08FE2808B2DE2808FE280AA2DE280AEE281A02DE281AFE2A080E385' ||
                        x'A4EFB8802DEFB88FEFBBBFEFBEA0EFBFB02DEFBFB8F09BB2A02DF09BB2A3F09D85B32DF09D85BAF3A080802DF3' ||
                        x'A0BFBF5D2A' AS TEXT)
                    AND name NOT GLOB CAST(x'2A5B012D1F7F2DC29FEFBBBF5D2A' AS TEXT)
                    AND instr(CAST(name AS BLOB), x'00') = 0),
    -- Written as comparisons, not `IN (...)`: SQLite evaluates a constant IN list in a CHECK through a temporary
    -- index on every row, which made bulk inserts three times slower.
    position    TEXT    NOT NULL
                CONSTRAINT position_is_a_code CHECK (
                    position = 'GK' OR position = 'SW' OR position = 'CB' OR position = 'LB' OR position = 'RB'
                    OR position = 'LWB' OR position = 'RWB' OR position = 'DF' OR position = 'DM'
                    OR position = 'CM' OR position = 'AM' OR position = 'LM' OR position = 'RM'
                    OR position = 'MF' OR position = 'LW' OR position = 'RW' OR position = 'SS'
                    OR position = 'CF' OR position = 'ST' OR position = 'FW'),
    goals       INTEGER NOT NULL DEFAULT 0
                CONSTRAINT goals_from_0_to_1000000 CHECK (typeof(goals) = 'integer' AND goals BETWEEN 0 AND 1000000),
    assists     INTEGER NOT NULL DEFAULT 0
                CONSTRAINT assists_from_0_to_1000000 CHECK (
                    typeof(assists) = 'integer' AND assists BETWEEN 0 AND 1000000),
    nationality TEXT
                CONSTRAINT nationality_is_text_of_1_to_100_visible_characters CHECK (nationality IS NULL OR (
                    typeof(nationality) = 'text' AND length(nationality) <= 100
                    AND trim(nationality, CAST(
                        x'090A0B0C0D20C285C2A0E19A80E28080E28081E28082E28083E28084E28085E28086E28087E28088E28089E280' ||
                        x'8AE280A8E280A9E280AFE2819FE38080' AS TEXT)) = nationality
                    AND nationality GLOB CAST(
                        x'2A5B5E092D0D20C285C2A0E19A80E280802DE2808AE280A82DE280A9E280AFE2819FE38080C2ADCD8FD89CE185' ||
                        x'9F2DE185A0E19EB42DE19EB5E1A08B2DE1A08FE2808B2DE2808FE280AA2DE280AEE281A02DE281AFE2A080E385' ||
                        x'A4EFB8802DEFB88FEFBBBFEFBEA0EFBFB02DEFBFB8F09BB2A02DF09BB2A3F09D85B32DF09D85BAF3A080802DF3' ||
                        x'A0BFBF5D2A' AS TEXT)
                    AND nationality NOT GLOB CAST(x'2A5B012D1F7F2DC29FEFBBBF5D2A' AS TEXT)
                    AND instr(CAST(nationality AS BLOB), x'00') = 0)),
    -- A real day written yyyy-MM-dd, from 1850-01-01 (see 0004); not after today is a trigger below.
    birth_date  TEXT
                CONSTRAINT birth_date_is_a_real_day_from_1850 CHECK (birth_date IS NULL OR (
                    birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                    AND date(birth_date, '+0 days') IS birth_date AND birth_date >= '1850-01-01')),
    image       TEXT
                CONSTRAINT image_is_text_of_1_to_2048_visible_characters CHECK (image IS NULL OR (
                    typeof(image) = 'text' AND length(image) <= 2048
                    AND trim(image, CAST(
                        x'090A0B0C0D20C285C2A0E19A80E28080E28081E28082E28083E28084E28085E28086E28087E28088E28089E280' ||
                        x'8AE280A8E280A9E280AFE2819FE38080' AS TEXT)) = image
                    AND image GLOB CAST(
                        x'2A5B5E092D0D20C285C2A0E19A80E280802DE2808AE280A82DE280A9E280AFE2819FE38080C2ADCD8FD89CE185' ||
                        x'9F2DE185A0E19EB42DE19EB5E1A08B2DE1A08FE2808B2DE2808FE280AA2DE280AEE281A02DE281AFE2A080E385' ||
                        x'A4EFB8802DEFB88FEFBBBFEFBEA0EFBFB02DEFBFB8F09BB2A02DF09BB2A3F09D85B32DF09D85BAF3A080802DF3' ||
                        x'A0BFBF5D2A' AS TEXT)
                    AND image NOT GLOB CAST(x'2A5B012D1F7F2DC29FEFBBBF5D2A' AS TEXT)
                    AND instr(CAST(image AS BLOB), x'00') = 0)),
    -- Derived by rosterdb: name, nationality and club folded for case and accents (see 0004 and 0005).
    sort_name       TEXT,
    nationality_key TEXT,
    club        TEXT
                CONSTRAINT club_is_text_of_1_to_100_visible_characters CHECK (club IS NULL OR (
                    typeof(club) = 'text' AND length(club) <= 100
                    AND trim(club, CAST(
                        x'090A0B0C0D20C285C2A0E19A80E28080E28081E28082E28083E28084E28085E28086E28087E28088E28089E280' ||
                        x'8AE280A8E280A9E280AFE2819FE38080' AS TEXT)) = club
                    AND club GLOB CAST(
                        x'2A5B5E092D0D20C285C2A0E19A80E280802DE2808AE280A82DE280A9E280AFE2819FE38080C2ADCD8FD89CE185' ||
                        x'9F2DE185A0E19EB42DE19EB5E1A08B2DE1A08FE2808B2DE2808FE280AA2DE280AEE281A02DE281AFE2A080E385' ||
                        x'A4EFB8802DEFB88FEFBBBFEFBEA0EFBFB02DEFBFB8F09BB2A02DF09BB2A3F09D85B32DF09D85BAF3A080802DF3' ||
                        x'A0BFBF5D2A' AS TEXT)
                    AND club NOT GLOB CAST(x'2A5B012D1F7F2DC29FEFBBBF5D2A' AS TEXT)
                    AND instr(CAST(club AS BLOB), x'00') = 0)),
    club_key        TEXT,
    ref         TEXT
                CONSTRAINT ref_is_text_of_1_to_100_visible_characters CHECK (ref IS NULL OR (
                    typeof(ref) = 'text' AND length(ref) <= 100
                    AND trim(ref, CAST(
                        x'090A0B0C0D20C285C2A0E19A80E28080E28081E28082E28083E28084E28085E28086E28087E28088E28089E280' ||
                        x'8AE280A8E280A9E280AFE2819FE38080' AS TEXT)) = ref
                    AND ref GLOB CAST(
                        x'2A5B5E092D0D20C285C2A0E19A80E280802DE2808AE280A82DE280A9E280AFE2819FE38080C2ADCD8FD89CE185' ||
                        x'9F2DE185A0E19EB42DE19EB5E1A08B2DE1A08FE2808B2DE2808FE280AA2DE280AEE281A02DE281AFE2A080E385' ||
                        x'A4EFB8802DEFB88FEFBBBFEFBEA0EFBFB02DEFBFB8F09BB2A02DF09BB2A3F09D85B32DF09D85BAF3A080802DF3' ||
                        x'A0BFBF5D2A' AS TEXT)
                    AND ref NOT GLOB CAST(x'2A5B012D1F7F2DC29FEFBBBF5D2A' AS TEXT)
                    AND instr(CAST(ref AS BLOB), x'00') = 0))
);

-- rosterdb: copy rows

-- The old table's triggers and indexes went with it; each comes back as its migration made it. Not after today
-- (0004): the day in the easternmost time zone (UTC+14), so that no writer's clock is ahead of it.
CREATE TRIGGER players_birth_date_not_in_future BEFORE INSERT ON players
WHEN new.birth_date > date('now', '+14 hours')
BEGIN
    SELECT RAISE(ABORT, 'birth_date is in the future');
END;

CREATE TRIGGER players_birth_date_not_in_future_update BEFORE UPDATE OF birth_date ON players
WHEN new.birth_date > date('now', '+14 hours')
BEGIN
    SELECT RAISE(ABORT, 'birth_date is in the future');
END;

CREATE TRIGGER players_name_changed AFTER UPDATE OF name ON players
WHEN new.sort_name IS old.sort_name AND new.name IS NOT old.name
BEGIN
    UPDATE players SET sort_name = NULL WHERE id = new.id;
END;

CREATE TRIGGER players_nationality_changed AFTER UPDATE OF nationality ON players
WHEN new.nationality_key IS old.nationality_key AND new.nationality IS NOT old.nationality
BEGIN
    UPDATE players SET nationality_key = NULL WHERE id = new.id;
END;

CREATE TRIGGER players_club_changed AFTER UPDATE OF club ON players
WHEN new.club_key IS old.club_key AND new.club IS NOT old.club
BEGIN
    UPDATE players SET club_key = NULL WHERE id = new.id;
END;

CREATE TRIGGER players_search_insert AFTER INSERT ON players
BEGIN
    INSERT INTO players_search (rowid, sort_name) VALUES (new.id, new.sort_name);
END;

CREATE TRIGGER players_search_delete AFTER DELETE ON players
BEGIN
    INSERT INTO players_search (players_search, rowid, sort_name) VALUES ('delete', old.id, old.sort_name);
END;

CREATE TRIGGER players_search_update AFTER UPDATE OF sort_name ON players
WHEN new.sort_name IS NOT old.sort_name
BEGIN
    INSERT INTO players_search (players_search, rowid, sort_name) VALUES ('delete', old.id, old.sort_name);
    INSERT INTO players_search (rowid, sort_name) VALUES (new.id, new.sort_name);
END;

CREATE TRIGGER players_change_counted_insert AFTER INSERT ON players
BEGIN
    UPDATE roster_changes SET counter = counter + 1 WHERE id = 1;
END;

CREATE TRIGGER players_change_counted_update AFTER UPDATE ON players
BEGIN
    UPDATE roster_changes SET counter = counter + 1 WHERE id = 1;
END;

CREATE TRIGGER players_change_counted_delete AFTER DELETE ON players
BEGIN
    UPDATE roster_changes SET counter = counter + 1 WHERE id = 1;
END;

CREATE INDEX players_unfolded ON players (id)
WHERE sort_name IS NULL OR (nationality IS NOT NULL AND nationality_key IS NULL)
    OR (club IS NOT NULL AND club_key IS NULL);
CREATE UNIQUE INDEX players_by_ref ON players (ref) WHERE ref IS NOT NULL;
CREATE INDEX players_by_sort_name ON players (sort_name, birth_date);
CREATE INDEX players_by_position_goals ON players (position, goals);
CREATE INDEX players_by_nationality_goals ON players (nationality_key, goals);
CREATE INDEX players_by_club_goals ON players (club_key, goals);
CREATE INDEX players_by_birth_date ON players (birth_date);
