-- Two promises the schema did not keep.
--
-- An id once given is never given again: a player removed (or given another id) leaves its id behind in
-- roster_changes.highest_id, and rosterdb gives a new player one more than the largest of that and the ids in use,
-- so that a bookmarked /players/785, a change list or a downstream copy never points at another player. This is
-- AUTOINCREMENT's promise without its cost: AUTOINCREMENT writes sqlite_sequence at every insert (0.6 to 0.9 s a
-- million in a bulk load), where a removal is rare. The change counter's triggers, which every update and delete runs
-- already, keep the mark. Ids removed before this migration are not known: the mark starts at the largest id.
--
-- Text is UTF-8: SQLite stores any bytes as text (`CAST(x'43c3' AS TEXT)`), which rosterdb read as U+FFFD, so an export
-- did not give back what was stored and a re-import found it unchanged. players_not_utf8 lists each player and field
-- whose text is not well-formed UTF-8 (the rule rosterdb's validator follows), and the triggers below refuse an insert
-- or update that makes one. A CHECK cannot look at each character, so this is a view: SQLite cuts its text into
-- characters (substr) and decodes each (unicode); well-formed text is exactly the text whose every character encodes
-- back to its own bytes (char), but for U+FFFE and U+FFFF, which SQLite decodes as U+FFFD. Text of printable ASCII
-- only, most of it, is passed by the GLOB at once. Written once, for the five fields, and short: every command
-- parses the whole schema as it opens the roster (with a copy per field, `show` ran a third more instructions; as
-- it is, a tenth).
-- RosterRepositoryTests/SchemaRuleTests compares the view with Swift's decoder.

ALTER TABLE roster_changes ADD COLUMN highest_id INTEGER NOT NULL DEFAULT 0
    CONSTRAINT highest_id_is_a_whole_number CHECK (typeof(highest_id) = 'integer');
UPDATE roster_changes SET highest_id = (SELECT coalesce(max(id), 0) FROM players) WHERE id = 1;

DROP TRIGGER IF EXISTS players_change_counted_update;
CREATE TRIGGER players_change_counted_update AFTER UPDATE ON players
BEGIN
    UPDATE roster_changes SET counter = counter + 1, highest_id = max(highest_id, old.id) WHERE id = 1;
END;

DROP TRIGGER IF EXISTS players_change_counted_delete;
CREATE TRIGGER players_change_counted_delete AFTER DELETE ON players
BEGIN
    UPDATE roster_changes SET counter = counter + 1, highest_id = max(highest_id, old.id) WHERE id = 1;
END;

CREATE VIEW players_not_utf8 AS
SELECT id, field FROM (
    SELECT id, 'name' AS field, name AS text FROM players UNION ALL SELECT id, 'nationality', nationality FROM players
    UNION ALL SELECT id, 'club', club FROM players UNION ALL SELECT id, 'image', image FROM players
    UNION ALL SELECT id, 'ref', ref FROM players)
WHERE text GLOB '*[^ -~]*' AND EXISTS (
    SELECT 1 FROM json_each('[' || substr(replace(hex(zeroblob(length(text))), '00', ',0'), 2) || ']')
    WHERE CAST(substr(text, key + 1, 1) AS BLOB)
        NOT IN (CAST(char(unicode(substr(text, key + 1, 1))) AS BLOB), x'EFBFBE', x'EFBFBF'));

-- An import sets both aside while it writes (PlayerRepository.load): what rosterdb writes is UTF-8, and the view's
-- look at each character cost an import of names that are not ASCII a fifth of its instructions.
CREATE TRIGGER players_text_is_utf8 AFTER INSERT ON players
BEGIN
    SELECT RAISE(ABORT, 'name, nationality, club, image or ref is not UTF-8') FROM players_not_utf8 WHERE id = new.id;
END;

CREATE TRIGGER players_text_is_utf8_update AFTER UPDATE OF name, nationality, club, image, ref ON players
BEGIN
    SELECT RAISE(ABORT, 'name, nationality, club, image or ref is not UTF-8') FROM players_not_utf8 WHERE id = new.id;
END;
