-- Names, nationalities and clubs fold further (NameFolding): the text is first composed as Unicode's NFC composes
-- it, so that text written with decomposed characters (Hangul as conjoining jamo, kana and a separate voicing mark)
-- matches, sorts and is found as the same text written precomposed; polytonic Greek folds to its base letters and
-- the final sigma to σ; Hebrew and Arabic vowel points and the invisible characters that only shape text (the
-- joiners, the soft hyphen, direction marks) are dropped. The keys folded before are folded again where they
-- differ. Text that is all printable ASCII folds as it did and is not read; for the rest, `rosterdb_fold` is
-- rosterdb's own fold (Connection+Functions), there because only rosterdb applies migrations.
UPDATE players SET sort_name = rosterdb_fold(name)
WHERE name GLOB '*[^ -~]*' AND sort_name IS NOT rosterdb_fold(name);

UPDATE players SET nationality_key = rosterdb_fold(nationality)
WHERE nationality GLOB '*[^ -~]*' AND nationality_key IS NOT rosterdb_fold(nationality);

UPDATE players SET club_key = rosterdb_fold(club)
WHERE club GLOB '*[^ -~]*' AND club_key IS NOT rosterdb_fold(club);
