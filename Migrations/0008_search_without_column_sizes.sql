-- The name search index keeps no per-row column sizes (columnsize = 0): only FTS5's ranking reads them, and rosterdb
-- orders matches by its sort keys, never by rank. Without them the index is filled in about a third less time.
-- Its triggers (0004) name the table, not its options, and stay.
DROP TABLE players_search;
CREATE VIRTUAL TABLE players_search USING fts5 (
    sort_name,
    content = 'players',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    columnsize = 0
);

-- Filled in id order, as a bulk load fills it (`BulkLoad.fillSearchIndex`): FTS5 writes out its pending terms
-- whenever the rowid goes back, which 'rebuild' does at almost every row when it reads the table through
-- players_by_sort_name, in name order.
INSERT INTO players_search (rowid, sort_name) SELECT id, sort_name FROM players ORDER BY id;
