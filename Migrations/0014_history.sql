-- History: every change to a player, kept in the roster in the same transaction as the change itself, whoever makes
-- it. Triggers write it, so that no way of writing a player (an import, add, edit, remove, the sqlite3 shell) changes
-- the roster without its history, and a write that fails or is interrupted leaves none.
--
-- Kept small, as a first import of a million players writes a million changes: a change is a row of player_history,
-- and a write (one command of rosterdb's, or one statement of another program's) a row of history_writes with the
-- time and what made it. A change holds only what cannot be read elsewhere: an added player's values are those of the
-- player now with the later changes undone, so `fields` is `{}`; an update's fields hold each changed field as
-- [before, after]; a removal's each known field as [value, null], as `import --changes` lists them.

-- Each write that changed players: when (UTC) and what made it (rosterdb's command, or NULL for another program), and
-- the number of its first change, so that a time finds its changes without an index over every change.
CREATE TABLE history_writes (
    id           INTEGER PRIMARY KEY,
    at           TEXT NOT NULL,
    made_by      TEXT,
    first_change INTEGER NOT NULL
) STRICT;
CREATE INDEX history_writes_by_time ON history_writes (at);

-- Each change of a player, numbered in the order of the commits (one writer at a time): a number is one more than the
-- largest, so a rolled-back write gives its numbers back and they have no gaps. `history --forget-before` always keeps
-- the latest change, so that a number is never given twice.
CREATE TABLE player_history (
    change    INTEGER PRIMARY KEY,
    write_id  INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    kind      TEXT NOT NULL CONSTRAINT kind_is_added_updated_or_removed CHECK (kind IN ('added', 'updated', 'removed')),
    fields    TEXT NOT NULL
) STRICT;
-- A player's timeline, and the changes after a moment of one player (what undoes them).
CREATE INDEX player_history_by_player ON player_history (player_id, change);

-- The write under way: one row while a write of rosterdb's is under way, put in as it begins and taken out before it
-- commits, so that no other program ever sees it. A trigger cannot read a temporary table or call a function other
-- programs lack, so this table, of the roster's own schema, tells the triggers which write they belong to. Without
-- it, a trigger makes a write of another program's for its statement.
CREATE TABLE history_writer (
    id       INTEGER PRIMARY KEY CONSTRAINT one_row CHECK (id = 1),
    write_id INTEGER NOT NULL
) STRICT;

-- Since when the history is whole, and the first change it holds: this migration's time for a roster that existed
-- before it (its players are recorded as added then: their earlier changes are not known), moved on by
-- `history --forget-before`. One row, always id 1.
CREATE TABLE history_start (
    id           INTEGER PRIMARY KEY CONSTRAINT one_row CHECK (id = 1),
    at           TEXT NOT NULL,
    first_change INTEGER NOT NULL
) STRICT;
INSERT INTO history_start (id, at, first_change) VALUES (1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1);

INSERT INTO history_writes (id, at, made_by, first_change)
SELECT 1, at, 'history began', 1 FROM history_start WHERE EXISTS (SELECT 1 FROM players);
INSERT INTO player_history (write_id, player_id, kind, fields) SELECT 1, id, 'added', '{}' FROM players ORDER BY id;

-- The write a change belongs to: rosterdb's, or another program's statement, made once for all the rows it changes
-- (SQLite's 'now' stays the same through one statement).
CREATE VIEW history_current_write AS
SELECT coalesce(
    (SELECT write_id FROM history_writer WHERE id = 1),
    (SELECT id FROM history_writes WHERE id = (SELECT max(id) FROM history_writes) AND made_by IS NULL
        AND at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) AS id;

CREATE TRIGGER players_history_insert AFTER INSERT ON players
BEGIN
    INSERT INTO history_writes (at, made_by, first_change)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, coalesce((SELECT max(change) FROM player_history), 0) + 1
    WHERE (SELECT id FROM history_current_write) IS NULL;
    INSERT INTO player_history (write_id, player_id, kind, fields)
    VALUES ((SELECT id FROM history_current_write), new.id, 'added', '{}');
END;

-- Only a change of a player's own fields: the keys rosterdb derives from them (sort_name, …) are not history. An id
-- given anew is a removal and an addition.
CREATE TRIGGER players_history_update AFTER UPDATE ON players
WHEN old.ref IS NOT new.ref OR old.name IS NOT new.name OR old.position IS NOT new.position
    OR old.goals IS NOT new.goals OR old.assists IS NOT new.assists OR old.nationality IS NOT new.nationality
    OR old.club IS NOT new.club OR old.birth_date IS NOT new.birth_date OR old.image IS NOT new.image
    OR old.id IS NOT new.id
BEGIN
    INSERT INTO history_writes (at, made_by, first_change)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, coalesce((SELECT max(change) FROM player_history), 0) + 1
    WHERE (SELECT id FROM history_current_write) IS NULL;
    INSERT INTO player_history (write_id, player_id, kind, fields)
    SELECT (SELECT id FROM history_current_write), new.id, 'updated',
        (SELECT json_group_object(field, json(value)) FROM (
            SELECT 'ref' AS field, json_array(old.ref, new.ref) AS value WHERE old.ref IS NOT new.ref
            UNION ALL SELECT 'name', json_array(old.name, new.name) WHERE old.name IS NOT new.name
            UNION ALL SELECT 'position', json_array(old.position, new.position) WHERE old.position IS NOT new.position
            UNION ALL SELECT 'goals', json_array(old.goals, new.goals) WHERE old.goals IS NOT new.goals
            UNION ALL SELECT 'assists', json_array(old.assists, new.assists) WHERE old.assists IS NOT new.assists
            UNION ALL SELECT 'nationality', json_array(old.nationality, new.nationality)
                WHERE old.nationality IS NOT new.nationality
            UNION ALL SELECT 'club', json_array(old.club, new.club) WHERE old.club IS NOT new.club
            UNION ALL SELECT 'birth_date', json_array(old.birth_date, new.birth_date)
                WHERE old.birth_date IS NOT new.birth_date
            UNION ALL SELECT 'image', json_array(old.image, new.image) WHERE old.image IS NOT new.image))
    WHERE old.id = new.id;
    INSERT INTO player_history (write_id, player_id, kind, fields)
    SELECT (SELECT id FROM history_current_write), old.id, 'removed',
        json_object('ref', json_array(old.ref, NULL), 'name', json_array(old.name, NULL),
            'position', json_array(old.position, NULL), 'goals', json_array(old.goals, NULL),
            'assists', json_array(old.assists, NULL), 'nationality', json_array(old.nationality, NULL),
            'club', json_array(old.club, NULL), 'birth_date', json_array(old.birth_date, NULL),
            'image', json_array(old.image, NULL))
    WHERE old.id IS NOT new.id;
    INSERT INTO player_history (write_id, player_id, kind, fields)
    SELECT (SELECT id FROM history_current_write), new.id, 'added', '{}' WHERE old.id IS NOT new.id;
END;

CREATE TRIGGER players_history_delete AFTER DELETE ON players
BEGIN
    INSERT INTO history_writes (at, made_by, first_change)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, coalesce((SELECT max(change) FROM player_history), 0) + 1
    WHERE (SELECT id FROM history_current_write) IS NULL;
    INSERT INTO player_history (write_id, player_id, kind, fields)
    VALUES ((SELECT id FROM history_current_write), old.id, 'removed',
        json_object('ref', json_array(old.ref, NULL), 'name', json_array(old.name, NULL),
            'position', json_array(old.position, NULL), 'goals', json_array(old.goals, NULL),
            'assists', json_array(old.assists, NULL), 'nationality', json_array(old.nationality, NULL),
            'club', json_array(old.club, NULL), 'birth_date', json_array(old.birth_date, NULL),
            'image', json_array(old.image, NULL)));
END;
