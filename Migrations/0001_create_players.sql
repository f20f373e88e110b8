-- The roster. CHECK constraints keep the file valid even when other tools write to it.
CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL
                CHECK (typeof(name) = 'text' AND length(trim(name)) > 0 AND length(name) <= 200),
    -- Written as comparisons, not `IN (...)`: SQLite evaluates a constant IN list in a CHECK through a temporary
    -- index on every row, which made bulk inserts three times slower.
    position    TEXT    NOT NULL
                CHECK (position = 'GK' OR position = 'SW' OR position = 'CB' OR position = 'LB' OR position = 'RB'
                       OR position = 'LWB' OR position = 'RWB' OR position = 'DF' OR position = 'DM'
                       OR position = 'CM' OR position = 'AM' OR position = 'LM' OR position = 'RM'
                       OR position = 'MF' OR position = 'LW' OR position = 'RW' OR position = 'SS'
                       OR position = 'CF' OR position = 'ST' OR position = 'FW'),
    goals       INTEGER NOT NULL DEFAULT 0
                CHECK (typeof(goals) = 'integer' AND goals BETWEEN 0 AND 1000000),
    assists     INTEGER NOT NULL DEFAULT 0
                CHECK (typeof(assists) = 'integer' AND assists BETWEEN 0 AND 1000000),
    nationality TEXT
                CHECK (nationality IS NULL OR (typeof(nationality) = 'text' AND length(trim(nationality)) > 0)),
    -- ISO yyyy-MM-dd, and a day that exists: date() normalizes 2023-02-30 to 2023-03-02.
    birth_date  TEXT
                CHECK (birth_date IS NULL OR (birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                                              AND date(birth_date) IS birth_date)),
    image       TEXT
                CHECK (image IS NULL OR typeof(image) = 'text'),
    -- Derived by rosterdb from name: case- and accent-folded, for sorting and exact name lookups. A row written
    -- by another tool may leave it NULL; rosterdb fills it in its next write.
    sort_name   TEXT
);

-- Matches import records that carry no id. Not unique: two different players may share name and birth date.
CREATE INDEX players_by_name_birth_date ON players (name, birth_date);

-- Finds rows whose sort_name is missing, so filling them never scans the roster.
CREATE INDEX players_without_sort_name ON players (id) WHERE sort_name IS NULL;

-- Another tool that renames a player leaves sort_name stale; mark it missing so rosterdb folds it again.
CREATE TRIGGER players_name_changed AFTER UPDATE OF name ON players
WHEN new.sort_name IS old.sort_name AND new.name IS NOT old.name
BEGIN
    UPDATE players SET sort_name = NULL WHERE id = new.id;
END;
