-- Name order (`ORDER BY sort_name, id`) straight from an index. players_by_sort_name was on (sort_name, birth_date),
-- for import records without id as well, so the ties of a name came in birth-date order: SQLite sorted every run of
-- namesakes again and read each row to do so, and a page a million rows in took seconds, as every row before it was
-- read. Now the name order has an index of its own, whose entries end on the id (the rowid), and a deep page walks
-- index entries only; records without id are matched through players_by_sort_name_birth_date, one seek each.
-- IF EXISTS: another program may have dropped an index; the migration creates it all the same.
DROP INDEX IF EXISTS players_by_sort_name;
CREATE INDEX players_by_sort_name ON players (sort_name);
CREATE INDEX players_by_sort_name_birth_date ON players (sort_name, birth_date);

-- --nationality and --club match a value, never an unknown one: players without a nationality or a club are not in
-- these indexes (a feed without clubs left one entry per player in players_by_club_goals, all NULL, that cost
-- as much to build at import as any other index).
DROP INDEX IF EXISTS players_by_nationality_goals;
CREATE INDEX players_by_nationality_goals ON players (nationality_key, goals) WHERE nationality_key IS NOT NULL;
DROP INDEX IF EXISTS players_by_club_goals;
CREATE INDEX players_by_club_goals ON players (club_key, goals) WHERE club_key IS NOT NULL;
