-- --nationality and --club match a value, never an unknown one: players without a nationality or a club are not in
-- these indexes (a feed without clubs left one entry per player in players_by_club_goals, all NULL, that cost
-- as much to build at import as any other index).
-- IF EXISTS: another program may have dropped an index; the migration creates it all the same.
DROP INDEX IF EXISTS players_by_nationality_goals;
CREATE INDEX players_by_nationality_goals ON players (nationality_key, goals) WHERE nationality_key IS NOT NULL;
DROP INDEX IF EXISTS players_by_club_goals;
CREATE INDEX players_by_club_goals ON players (club_key, goals) WHERE club_key IS NOT NULL;
