#ifndef ROSTERDB_CSQLITE_SHIM_H
#define ROSTERDB_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import: it tells SQLite to copy a bound value.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call.
static inline int csqlite_enable_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

// sqlite3_config is variadic too. SQLite counts every allocation under a global mutex for sqlite3_memory_used(),
// which rosterdb never asks; turning the count off saves that on each of the millions of allocations of an import.
// Must come before SQLite initializes: afterwards it returns SQLITE_MISUSE and changes nothing.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// Closing the last connection to a WAL database checkpoints it under an exclusive lock that makes every process
// opening it meanwhile wait; this turns that off for one connection.
static inline int csqlite_disable_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
