#ifndef ROSTERDB_CNCURSES_SHIM_H
#define ROSTERDB_CNCURSES_SHIM_H

// The wide-character ncurses (Debian: libncursesw-dev), so that UTF-8 text (Hangul, CJK, accents) is drawn by its
// display width. The terminal's description is read from the system's terminfo at run time.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdlib.h>
#include <ncursesw/curses.h>

// Macros and variadic functions, which Swift cannot call, as functions.

/// Makes the C library read UTF-8 from the environment's locale (LC_ALL, LC_CTYPE, LANG), falling back to C.UTF-8
/// when it names none or one the system lacks: ncursesw measures text by the locale's character set.
static inline void rosterdb_curses_locale(void) {
    const char *set = setlocale(LC_ALL, "");
    if (set == 0 || (setlocale(LC_CTYPE, 0) != 0 && MB_CUR_MAX == 1)) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

/// Takes over the terminal of standard input and output (`$TERM`'s description): keys one at a time with their
/// escape sequences decoded, no echo, the cursor hidden. NULL when the terminal is not described.
static inline SCREEN *rosterdb_curses_start(void) {
    SCREEN *screen = newterm(0, stdout, stdin);
    if (screen == 0) {
        return 0;
    }
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    return screen;
}

static inline int rosterdb_curses_lines(void) { return LINES; }
static inline int rosterdb_curses_columns(void) { return COLS; }

/// Writes `text` (UTF-8) at row `y`, column `x`, with the attributes `reverse` and `bold`, clearing the rest of the
/// line first.
static inline void rosterdb_curses_line(int y, const char *text, int reverse, int bold) {
    attr_t attributes = (reverse ? A_REVERSE : A_NORMAL) | (bold ? A_BOLD : A_NORMAL);
    move(y, 0);
    clrtoeol();
    attrset(attributes);
    addstr(text);
    attrset(A_NORMAL);
}

/// Writes `text` at row `y`, column `x`, with the attributes of `rosterdb_curses_line`, without clearing.
static inline void rosterdb_curses_text(int y, int x, const char *text, int reverse, int bold) {
    attr_t attributes = (reverse ? A_REVERSE : A_NORMAL) | (bold ? A_BOLD : A_NORMAL);
    attrset(attributes);
    mvaddstr(y, x, text);
    attrset(A_NORMAL);
}

/// Reads one key, waiting at most `milliseconds`; ERR when none came (or a signal interrupted the wait).
static inline int rosterdb_curses_key(int milliseconds) {
    timeout(milliseconds);
    return getch();
}

static inline int rosterdb_curses_key_resize(void) { return KEY_RESIZE; }
static inline int rosterdb_curses_err(void) { return ERR; }

#endif
