-- The team a player plays for: optional text with the rules of the other text fields (see 0004), and its folded
-- key, which --club matches and sorts by as nationality_key does for --nationality.
ALTER TABLE players ADD COLUMN club TEXT
    CONSTRAINT club_is_text_of_1_to_100_visible_characters CHECK (club IS NULL OR (
        typeof(club) = 'text' AND length(club) <= 100
        AND trim(club, char(0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
            0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000)) = club
        AND club GLOB '*[^' || char(0x9, 0x2D, 0xD, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2D, 0x200A, 0x2028, 0x2D,
            0x2029, 0x202F, 0x205F, 0x3000, 0xAD, 0x34F, 0x61C, 0x115F, 0x2D, 0x1160, 0x17B4, 0x2D, 0x17B5, 0x180B,
            0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x202A, 0x2D, 0x202E, 0x2060, 0x2D, 0x206F, 0x2800, 0x3164, 0xFE00,
            0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0x2D, 0xFFF8, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A,
            0xE0000, 0x2D, 0xE0FFF) || ']*'
        AND club NOT GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xFEFF) || ']*'
        AND instr(CAST(club AS BLOB), x'00') = 0));
ALTER TABLE players ADD COLUMN club_key TEXT;

-- Another tool that changes a club leaves its key stale; mark it missing (see players_nationality_changed).
CREATE TRIGGER players_club_changed AFTER UPDATE OF club ON players
WHEN new.club_key IS old.club_key AND new.club IS NOT old.club
BEGIN
    UPDATE players SET club_key = NULL WHERE id = new.id;
END;

-- The rows whose derived values are missing, now with the club's.
DROP INDEX players_unfolded;
CREATE INDEX players_unfolded ON players (id)
WHERE sort_name IS NULL OR (nationality IS NOT NULL AND nationality_key IS NULL)
    OR (club IS NOT NULL AND club_key IS NULL);

-- --club with a goals range or order (`--club Arsenal --sort goals:desc`), and the count of a club.
CREATE INDEX players_by_club_goals ON players (club_key, goals);
