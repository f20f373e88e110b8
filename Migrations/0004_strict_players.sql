-- rosterdb: rebuild players
-- The schema now refuses every row that rosterdb's validator refuses, so that any roster, whoever wrote it, exports
-- and imports back exactly. A CHECK changes only by rebuilding the table: the migrator creates players_new from the
-- first part of this file, copies every row into it (a row that breaks a rule stops the migration, naming its id),
-- replaces players with it, then runs the second part. The rules are rosterdb's FieldRule and TextRule
-- (Sources/Formats/Fields); RosterRepositoryTests/SchemaRuleTests writes both edges of each through SQLite.
--
-- Text rules, for name, nationality and image (`X` below):
--   trim(X, WHITE) = X                   no white space at either end: WHITE is char() of Unicode's 25 White_Space
--   X GLOB '*[^' || INVISIBLE || ']*'    at least one visible character
--   X NOT GLOB '*[' || FORBIDDEN || ']*' no control character (C0 but NUL, DEL, C1) and no U+FEFF
--   instr(CAST(X AS BLOB), x'00') = 0    no NUL, which GLOB cannot see
-- INVISIBLE and FORBIDDEN are GLOB character classes written with char(), where 0x2D ('-') between two characters
-- makes a range.
CREATE TABLE players_new (
    id          INTEGER PRIMARY KEY
                CONSTRAINT id_from_1_to_2_pow_53_minus_1 CHECK (id BETWEEN 1 AND 9007199254740991),
    name        TEXT    NOT NULL
                CONSTRAINT name_is_text_of_1_to_200_visible_characters CHECK (
                    typeof(name) = 'text' AND length(name) <= 200
                    AND trim(name, char(0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002,
                        0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F,
                        0x205F, 0x3000)) = name
                    AND name GLOB '*[^' || char(0x9, 0x2D, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2D, 0x200A,
                        0x2028, 0x2D, 0x2029, 0x202F, 0x205F, 0x3000, 0xAD, 0x34F, 0x61C, 0x115F, 0x2D, 0x1160,
                        0x17B4, 0x2D, 0x17B5, 0x180B, 0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x202A, 0x2D, 0x202E,
                        0x2060, 0x2D, 0x206F, 0x2800, 0x3164, 0xFE00, 0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0x2D,
                        0xFFF8, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A, 0xE0000, 0x2D, 0xE0FFF) || ']*'
                    AND name NOT GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xFEFF) || ']*'
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
                    AND trim(nationality, char(0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001,
                        0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029,
                        0x202F, 0x205F, 0x3000)) = nationality
                    AND nationality GLOB '*[^' || char(0x9, 0x2D, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2D,
                        0x200A, 0x2028, 0x2D, 0x2029, 0x202F, 0x205F, 0x3000, 0xAD, 0x34F, 0x61C, 0x115F, 0x2D,
                        0x1160, 0x17B4, 0x2D, 0x17B5, 0x180B, 0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x202A, 0x2D,
                        0x202E, 0x2060, 0x2D, 0x206F, 0x2800, 0x3164, 0xFE00, 0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0,
                        0x2D, 0xFFF8, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A, 0xE0000, 0x2D, 0xE0FFF) || ']*'
                    AND nationality NOT GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xFEFF) || ']*'
                    AND instr(CAST(nationality AS BLOB), x'00') = 0)),
    -- A real day written yyyy-MM-dd, from 1850-01-01: date() with a modifier goes through the day number, which
    -- turns 2023-02-30 into 2023-03-02 (without one, it returns 2023-02-30 as it is). Not after today is a trigger
    -- below: a CHECK cannot ask the date.
    birth_date  TEXT
                CONSTRAINT birth_date_is_a_real_day_from_1850 CHECK (birth_date IS NULL OR (
                    birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                    AND date(birth_date, '+0 days') IS birth_date AND birth_date >= '1850-01-01')),
    image       TEXT
                CONSTRAINT image_is_text_of_1_to_2048_visible_characters CHECK (image IS NULL OR (
                    typeof(image) = 'text' AND length(image) <= 2048
                    AND trim(image, char(0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002,
                        0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F,
                        0x205F, 0x3000)) = image
                    AND image GLOB '*[^' || char(0x9, 0x2D, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2D, 0x200A,
                        0x2028, 0x2D, 0x2029, 0x202F, 0x205F, 0x3000, 0xAD, 0x34F, 0x61C, 0x115F, 0x2D, 0x1160,
                        0x17B4, 0x2D, 0x17B5, 0x180B, 0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x202A, 0x2D, 0x202E,
                        0x2060, 0x2D, 0x206F, 0x2800, 0x3164, 0xFE00, 0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0x2D,
                        0xFFF8, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A, 0xE0000, 0x2D, 0xE0FFF) || ']*'
                    AND image NOT GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xFEFF) || ']*'
                    AND instr(CAST(image AS BLOB), x'00') = 0)),
    -- Derived by rosterdb: name and nationality folded for case and accents (`Ángel Di María` → `angel di maria`),
    -- for sorting, exact lookups and matching. A row written by another tool has them NULL (the triggers below mark
    -- a changed value so); rosterdb's reads fold such rows on the fly and its next write fills them.
    sort_name       TEXT,
    nationality_key TEXT
);

-- Not after today: the day in the easternmost time zone (UTC+14), so that no writer's clock is ahead of it.
CREATE TRIGGER players_birth_date_not_in_future BEFORE INSERT ON players_new
WHEN new.birth_date > date('now', '+14 hours')
BEGIN
    SELECT RAISE(ABORT, 'birth_date is in the future');
END;

-- rosterdb: copy rows

CREATE TRIGGER players_birth_date_not_in_future_update BEFORE UPDATE OF birth_date ON players
WHEN new.birth_date > date('now', '+14 hours')
BEGIN
    SELECT RAISE(ABORT, 'birth_date is in the future');
END;

-- Another tool that renames a player or changes a nationality leaves the derived value stale; mark it missing so
-- that reads fold it on the fly and rosterdb's next write folds it again.
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

-- The rows whose derived values are missing, so that a read knows at once whether it must fold on the fly and a
-- write finds them without a scan.
CREATE INDEX players_unfolded ON players (id)
WHERE sort_name IS NULL OR (nationality IS NOT NULL AND nationality_key IS NULL);

-- Indexes for `rosterdb query`, `show` and `import`, each chosen with EXPLAIN QUERY PLAN (see README,
-- Architecture). The rowid ends every index entry, so an index on (a, b) also yields ties in id order.

-- Name order, `show NAME`, and import records without id, matched on the folded name and the birth date.
CREATE INDEX players_by_sort_name ON players (sort_name, birth_date);
-- --position with any order by goals, and the count of a position.
CREATE INDEX players_by_position_goals ON players (position, goals);
-- --nationality (folded, as names are) with a goals range or order.
CREATE INDEX players_by_nationality_goals ON players (nationality_key, goals);
-- --min-age/--max-age and the age and birth_date orders.
CREATE INDEX players_by_birth_date ON players (birth_date);

-- The name search index (players_search) keeps its rows: the ids are the same. Its triggers went with the old
-- table.
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
