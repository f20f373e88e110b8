// C library declarations that Swift's Glibc module leaves out.
#include <malloc.h>
