#ifndef ROSTERDB_CSODIUM_SHIM_H
#define ROSTERDB_CSODIUM_SHIM_H

#include <sodium.h>

#endif
