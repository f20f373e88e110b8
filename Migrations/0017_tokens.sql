-- The tokens that `rosterdb serve` asks writes (and, with --require-token, reads) to carry (`Authorization: Bearer`).
-- Only each token's hash is kept (BLAKE2b-256, in hex), never the token: a copy of the roster gives no way in. The
-- name is how `token list` and `token revoke` name it, with the rule of `TokenName`; the hash finds the token a
-- request presents. A token is not a player: no trigger counts or keeps its changes.
CREATE TABLE api_tokens (
    name       TEXT PRIMARY KEY
               CONSTRAINT name_is_1_to_64_letters_digits_dots_dashes_or_underscores
               CHECK (length(name) BETWEEN 1 AND 64 AND name NOT GLOB '*[^A-Za-z0-9._-]*'
                      -- length() and GLOB stop at a NUL; as many bytes as characters means none, and ASCII only.
                      AND length(CAST(name AS BLOB)) = length(name)),
    hash       TEXT NOT NULL UNIQUE
               CONSTRAINT hash_is_64_hex_digits CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
    read_only  INTEGER NOT NULL CONSTRAINT read_only_is_0_or_1 CHECK (read_only IN (0, 1)),
    created_at TEXT NOT NULL
) STRICT;
