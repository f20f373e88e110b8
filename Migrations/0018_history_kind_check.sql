-- rosterdb: rebuild player_history
-- The history's table again, its rule on `kind` written as comparisons, not `IN (...)`: SQLite evaluates a constant
-- IN list in a CHECK through a temporary index on every row (as 0004 found for players), which made the million
-- rows of a first import's history three times slower to write (0.94 s against 0.35 s). Same columns, same rule.
CREATE TABLE player_history_new (
    change    INTEGER PRIMARY KEY,
    write_id  INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    kind      TEXT NOT NULL CONSTRAINT kind_is_added_updated_or_removed
              CHECK (kind = 'added' OR kind = 'updated' OR kind = 'removed'),
    fields    TEXT NOT NULL
) STRICT;
-- rosterdb: copy rows
-- A player's timeline, and the changes after a moment of one player (what undoes them), as 0014 made it.
CREATE INDEX player_history_by_player ON player_history (player_id, change);
