-- Ties of an order without the name end on the folded name, then the id (PlayerRepository.orderTerms): the lists by
-- goals of a position, a nationality or a club read their index in that order — most goals first, then the name from
-- A to Z, then the id, which ends every entry — so that a page is a walk of the index with no sort, however many
-- players share a number of goals. The same indexes serve the goal ranges as before.
-- IF EXISTS: another program may have dropped an index; the migration creates it all the same.
DROP INDEX IF EXISTS players_by_position_goals;
CREATE INDEX players_by_position_goals ON players (position, goals DESC, sort_name);
DROP INDEX IF EXISTS players_by_nationality_goals;
CREATE INDEX players_by_nationality_goals ON players (nationality_key, goals DESC, sort_name)
    WHERE nationality_key IS NOT NULL;
DROP INDEX IF EXISTS players_by_club_goals;
CREATE INDEX players_by_club_goals ON players (club_key, goals DESC, sort_name) WHERE club_key IS NOT NULL;
