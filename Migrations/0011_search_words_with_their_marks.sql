-- The name search index splits a name into words as rosterdb does (`NameFolding.words`: letters with the marks that
-- belong to them, and digits). unicode61 took combining marks for separators, so a name in a script whose vowels
-- are marks (Devanagari, Bengali, Tamil, Thai, …) was indexed letter by letter: `--name सु` found every name with a
-- स in it, and `--name नील` a word that starts no word, while the search of rows folded on the fly (no index) found
-- the right ones. With marks among the token characters (`M*`) both agree. Latin accents are folded away before.
DROP TABLE players_search;
CREATE VIRTUAL TABLE players_search USING fts5 (
    sort_name,
    content = 'players',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2 categories ''L* N* Co M*''',
    columnsize = 0
);

-- Filled in id order, as 0008 and a bulk load fill it.
INSERT INTO players_search (rowid, sort_name) SELECT id, sort_name FROM players ORDER BY id;
