-- Word-prefix search for `query --name`: a full-text index over the folded names, kept in step by triggers,
-- so that rows written by other tools are found as well.
CREATE VIRTUAL TABLE players_search USING fts5 (
    sort_name,
    content = 'players',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO players_search (players_search) VALUES ('rebuild');

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
