-- A counter that every change to the players table bumps, in the same transaction, whoever writes it (rosterdb or
-- another tool): `rosterdb serve` answers with an ETag made from it, so that a cached answer is reused exactly until
-- the roster changes. `PRAGMA data_version` cannot serve: it is per connection, and a server reads through several.
-- One row, always id 1.
CREATE TABLE roster_changes (
    id      INTEGER PRIMARY KEY CONSTRAINT one_row CHECK (id = 1),
    counter INTEGER NOT NULL CONSTRAINT counter_is_a_whole_number CHECK (typeof(counter) = 'integer')
);
INSERT INTO roster_changes (id, counter) VALUES (1, 0);

-- A bulk load sets aside the insert trigger and bumps the counter once when it is done.
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
