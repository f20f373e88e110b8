-- The roster as it was, read fast: each player's values as they were before a change replaced them (an update or a
-- removal), with the change that made them (`since_change`) and the one that ended them (`change`). The roster at a
-- change C is then the players not changed after C, and the values here with since_change <= C < change: a read
-- touches only the players changed since, not the whole history.
--
-- A row is the player's row as it was, copied by the same triggers that write the history, so that the two never
-- disagree; its derived keys (sort_name, …) come along, filled by rosterdb's next write where another program left
-- them missing (player_versions_unfolded). Not STRICT, and without the players' rules: it keeps what the row held,
-- whatever another program put there, to be read as it was. No index but the change's: a night that changes many
-- players writes these rows at the end of the table, which costs next to nothing, and a read finds them from the
-- history's changes.
CREATE TABLE player_versions (
    change          INTEGER PRIMARY KEY,
    since_change    INTEGER NOT NULL,
    id              INTEGER NOT NULL,
    name            TEXT NOT NULL,
    position        TEXT NOT NULL,
    goals           INTEGER NOT NULL,
    assists         INTEGER NOT NULL,
    nationality     TEXT,
    birth_date      TEXT,
    image           TEXT,
    sort_name       TEXT,
    nationality_key TEXT,
    club            TEXT,
    club_key        TEXT,
    ref             TEXT
);
CREATE INDEX player_versions_unfolded ON player_versions (change)
WHERE sort_name IS NULL OR (nationality IS NOT NULL AND nationality_key IS NULL)
    OR (club IS NOT NULL AND club_key IS NULL);

-- The versions the history kept so far: a player's value of a field before a change is the value the first change
-- of that field from then on replaced, or the player's value now when none did (a removal holds every field); as
-- JSON until then, where a known null is `null` and no value at all is NULL.
INSERT INTO player_versions (
    change, since_change, id, name, position, goals, assists, nationality, birth_date, image, club, ref)
SELECT h.change,
    coalesce((SELECT max(p.change) FROM player_history p WHERE p.player_id = h.player_id AND p.change < h.change), 0),
    h.player_id,
    coalesce((SELECT c.fields -> '$.name[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.name' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(name) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.position[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.position' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(position) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.goals[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.goals' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(goals) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.assists[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.assists' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(assists) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.nationality[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.nationality' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(nationality) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.birth_date[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.birth_date' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(birth_date) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.image[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.image' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(image) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.club[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.club' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(club) FROM players WHERE id = h.player_id)) ->> '$',
    coalesce((SELECT c.fields -> '$.ref[0]' FROM player_history c
        WHERE c.player_id = h.player_id AND c.change >= h.change AND c.fields -> '$.ref' IS NOT NULL
        ORDER BY c.change LIMIT 1), (SELECT json_quote(ref) FROM players WHERE id = h.player_id)) ->> '$'
FROM player_history h WHERE h.kind IN ('updated', 'removed') ORDER BY h.change;
UPDATE player_versions
SET sort_name = rosterdb_fold(name), nationality_key = rosterdb_fold(nationality), club_key = rosterdb_fold(club);

-- The history's triggers, as 0014 made them, copying the player's row first.
DROP TRIGGER players_history_update;
DROP TRIGGER players_history_delete;

CREATE TRIGGER players_history_update AFTER UPDATE ON players
WHEN old.ref IS NOT new.ref OR old.name IS NOT new.name OR old.position IS NOT new.position
    OR old.goals IS NOT new.goals OR old.assists IS NOT new.assists OR old.nationality IS NOT new.nationality
    OR old.club IS NOT new.club OR old.birth_date IS NOT new.birth_date OR old.image IS NOT new.image
    OR old.id IS NOT new.id
BEGIN
    -- The change this write makes next is the one that ends these values: one more than the largest.
    INSERT INTO player_versions (change, since_change, id, name, position, goals, assists, nationality, birth_date,
        image, sort_name, nationality_key, club, club_key, ref)
    VALUES ((SELECT max(change) FROM player_history) + 1,
        coalesce((SELECT max(change) FROM player_history WHERE player_id = old.id), 0),
        old.id, old.name, old.position, old.goals, old.assists, old.nationality, old.birth_date, old.image,
        old.sort_name, old.nationality_key, old.club, old.club_key, old.ref);
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
    -- The change this write makes next is the one that ends these values: one more than the largest.
    INSERT INTO player_versions (change, since_change, id, name, position, goals, assists, nationality, birth_date,
        image, sort_name, nationality_key, club, club_key, ref)
    VALUES ((SELECT max(change) FROM player_history) + 1,
        coalesce((SELECT max(change) FROM player_history WHERE player_id = old.id), 0),
        old.id, old.name, old.position, old.goals, old.assists, old.nationality, old.birth_date, old.image,
        old.sort_name, old.nationality_key, old.club, old.club_key, old.ref);
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
