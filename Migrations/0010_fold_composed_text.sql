-- Names, nationalities and clubs are folded after their text is composed as Unicode's NFC composes it
-- (NameFolding): text written with decomposed characters (Hangul as conjoining jamo, kana and a separate voicing
-- mark) now matches, sorts and is found as the same text written precomposed. The keys folded before from such
-- text are folded again. Text that is all printable ASCII folds as it did and is not folded again; for the rest,
-- `rosterdb_fold` is rosterdb's own fold (Connection+Functions), there because only rosterdb applies migrations.
UPDATE players SET sort_name = rosterdb_fold(name)
WHERE name GLOB '*[^ -~]*' AND sort_name IS NOT rosterdb_fold(name);

UPDATE players SET nationality_key = rosterdb_fold(nationality)
WHERE nationality GLOB '*[^ -~]*' AND nationality_key IS NOT rosterdb_fold(nationality);

UPDATE players SET club_key = rosterdb_fold(club)
WHERE club GLOB '*[^ -~]*' AND club_key IS NOT rosterdb_fold(club);
