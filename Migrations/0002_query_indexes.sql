-- Indexes for `rosterdb query` and `show`, each chosen with EXPLAIN QUERY PLAN (see README, Architecture).
-- The rowid ends every index entry, so an index on (a, b) also yields ties in id order.

-- Default order (name), and `show NAME`.
CREATE INDEX players_by_sort_name ON players (sort_name);

-- --position with any order by goals, and the count of a position.
CREATE INDEX players_by_position_goals ON players (position, goals);

-- --nationality (case-insensitive) with a goals range or order.
CREATE INDEX players_by_nationality_goals ON players (nationality COLLATE NOCASE, goals);

-- --min-age/--max-age and the age and birth_date orders.
CREATE INDEX players_by_birth_date ON players (birth_date);
