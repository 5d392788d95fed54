/* vtdrive: runs a command in a pseudo-terminal emulated by libvterm and executes a script of
 * keystrokes and expectations against what the command draws.  End-to-end test driver for the TUI.
 *
 * Usage:  vtdrive [--rows R] [--cols C] [--timeout MS] [--env NAME=VALUE]... [--da2 REPLY] [--bdsm PS]
 *                 [--trace] SCRIPT -- COMMAND [ARGS...]
 *
 * The command runs in a fresh session with the pty as its controlling terminal (so /dev/tty works)
 * and as its stdin and stderr.  Its STDOUT is a pipe captured by the driver (so `x=$(irie)` can be
 * tested: draw on /dev/tty, print the result on stdout).  Environment: TERM=xterm-256color,
 * LANG=LC_ALL=C.UTF-8, LANGUAGE/LINES/COLUMNS/other LC_* removed, HOME and XDG_{STATE,CONFIG,DATA,
 * CACHE}_HOME in a new temporary directory (removed at the end), then every --env.  Replies the
 * emulated terminal produces (device attributes, cursor position reports) are sent back to the
 * command, as a real terminal would.  --da2 REPLY replaces libvterm's answer to DA2 (CSI > c) by
 * ESC [ REPLY, e.g. --da2 '>1;115;0c' (Konsole 22.12) or '>24;279;0c' (mlterm 3.9).  --bdsm PS
 * replaces libvterm's answer to DECRQM for BDSM (CSI 8 $ p; libvterm says 0, not recognised) by
 * ESC [ 8 ; PS $ y, e.g. --bdsm 2 (VTE with explicit mode already set).
 * Exit status: 0 when every step passed, 1 on the first failed step (with the script line, what was
 * expected, and the screen as text on stderr) or on a wrapper report (below), 2 on a usage or script
 * syntax error.
 * Wrapper (e.g. valgrind): when IRIE_TEST_WRAPPER is set, its blank-separated words (no quoting)
 * are put before COMMAND, and the command gets IRIE_TEST_LOG_DIR, an empty directory in the
 * temporary one; any non-empty file found there when the command is gone is printed and fails the
 * run (so a report counts even when the command dies of a signal).  IRIE_TEST_TIME_SCALE=N (1..100)
 * multiplies every timing: step timeout, pause, esc-wait, settle, sleep and the 2 s grace after
 * SIGTERM (failure messages show the unscaled figures).
 *
 * SCRIPT: one step per line.  Blank lines and lines whose first non-blank character is '#' are
 * ignored.  A step is a keyword, blanks, then its argument up to the end of the line; leading and
 * trailing blanks of the argument are dropped (write a significant edge space as \s or \x20).
 *
 * TEXT arguments take C-style escapes:  \e (ESC)  \r  \n  \t  \a  \b  \0  \s (space)  \\
 *   \xHH (one raw byte)  \uXXXX  \UXXXXXXXX (a code point, written in UTF-8).  Other text is UTF-8 as is.
 * REGEX arguments are POSIX extended regular expressions, passed to regcomp() verbatim (no escape
 * processing; write non-ASCII characters literally).  They are matched against one screen row at a
 * time, so ^ and $ anchor to a row.
 * ROW numbers are 1-based from the top; negative numbers count from the bottom (-1 = last row).
 * Screen rows are read cell by cell as UTF-8: a wide character counts once, an empty cell is a
 * space, trailing spaces are removed.
 *
 * Input steps (each is followed by a pause, default 30 ms, pumping output; input that ends with a
 * lone ESC is followed by the longer esc-wait, default 150 ms, so the app's ESC delay runs out):
 *   type TEXT             write TEXT's bytes to the terminal as typed
 *   paste TEXT            a paste as xterm does it: wrapped in \e[200~ ... \e[201~ only if the app
 *                         has turned bracketed-paste mode on (\e[?2004h)
 *   paste-repeat N TEXT   one paste of TEXT N times over (N >= 1; at most 16 MiB): a paste past
 *                         a cap without a line that long in the script
 *   key NAME...           named keys, in order, as xterm sends them (cursor keys follow the app's
 *                         application-cursor mode): Enter Esc Tab BackTab Backspace Delete Insert
 *                         Left Right Up Down Home End PageUp PageDown F1..F12 Space; modifier
 *                         prefixes C- (Ctrl) M- (Alt) S- (Shift), e.g. C-a C-\ C-] M-x C-Left S-Tab
 *   resize ROWS COLS      set the pty's window size (TIOCSWINSZ; the kernel sends SIGWINCH to the
 *                         foreground process group) and the emulator's size, then pump
 *   signal NAME           send a signal (HUP INT TERM QUIT TSTP CONT WINCH USR1 USR2 KILL) to the command
 *   signal-fg NAME        send it to the terminal's foreground process group, as the terminal
 *                         driver does for C-z or C-c (e.g. a job a `set -m` shell started)
 *   hold-replies          from now on the terminal's replies (DA1, DA2, DECRQM, cursor reports)
 *                         are kept back, not sent (keys still go at once): a slow terminal
 *   release-replies       send the replies kept back, and stop keeping them
 * Waiting and checking (the wait-* steps poll until the step timeout, default 5000 ms; the expect-*
 * screen steps first pump pending output for the settle time, default 100 ms):
 *   wait TEXT             until TEXT appears on some row
 *   wait-re REGEX         until some row matches REGEX
 *   wait-gone TEXT        until TEXT is on no row
 *   wait-raw TEXT         until the raw bytes the command wrote to the terminal contain TEXT
 *   expect-row ROW TEXT   the row equals TEXT exactly (trailing spaces ignored)
 *   expect-row-re ROW REGEX   the row matches REGEX
 *   expect-row-uba ROW TEXT   the row as a terminal that applies the Unicode bidi algorithm shows it
 *                         equals TEXT: the row's characters (with the zero-width marks its cells
 *                         hold) through fribidi as one left-to-right paragraph (UAX #9 P1-L2,
 *                         brackets mirrored, no shaping), explicit marks removed (X9), trailing
 *                         spaces dropped.  For --bidi=logical, where libvterm (no bidi) keeps logical order.
 *   expect-screen-has TEXT    TEXT is on some row
 *   expect-screen-lacks TEXT  TEXT is on no row
 *   expect-screen-re REGEX    some row matches REGEX
 *   expect-cursor ROW COL the cursor is there (both 1-based)
 *   expect-raw TEXT       the raw bytes the command wrote to the terminal so far contain TEXT
 *   expect-no-raw TEXT    ... never contained TEXT (e.g. \e]2; or \u202E)
 *   expect-raw-count N TEXT   ... contain TEXT exactly N times so far (non-overlapping; e.g. one
 *                         \e[?1049l per suspend)
 *   expect-title-unset    the window title and icon name were never set (OSC 0/1/2)
 *   expect-exit CODE      wait for the command to exit; its status must be CODE (a number,
 *                         SIGNAME such as SIGTERM when it must die of that signal, or `any`)
 *   expect-running        the command has not exited
 *   expect-stdout TEXT    wait for the command's stdout to close; it must be exactly TEXT
 *   expect-stdout-empty   wait for stdout to close; nothing must have been written
 * Other:
 *   save-raw PATH         write the raw bytes the command wrote to the terminal so far to the file
 *                         PATH (after the settle time), for checks a script cannot express
 *   sleep MS              pump output for MS milliseconds
 *   dump                  print the screen to stderr (debugging)
 *   set timeout|pause|esc-wait|settle MS   change a timing (applies to the following steps)
 * The script should start with a wait (the app's first screen) before typing: until the app has
 * put the terminal in raw mode, the line discipline would echo and buffer what is typed.
 * When the script ends and the command is still running, it gets SIGTERM, then SIGKILL after 2 s;
 * that is not a failure.  Output is capped (raw copy and stdout at 16 MiB each).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pty.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <vterm.h>
#include <fribidi.h>

#define CAP (16u << 20)

/* ---- growable byte buffer ---- */
typedef struct {
  char *p;
  size_t len, cap;
  bool overflow;
} buf;

static void buf_add(buf *b, const char *s, size_t n, size_t limit) {
  if (b->len + n > limit) {
    b->overflow = true;
    n = limit > b->len ? limit - b->len : 0;
  }
  if (b->len + n + 1 > b->cap) {
    size_t c = b->cap ? b->cap : 4096;
    while (c < b->len + n + 1) c *= 2;
    char *q = realloc(b->p, c);
    if (!q) {
      perror("vtdrive: realloc");
      exit(2);
    }
    b->p = q;
    b->cap = c;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

static bool mem_contains(const buf *b, const char *s, size_t n) {
  if (n == 0) return true;
  return b->len >= n && memmem(b->p, b->len, s, n) != NULL;
}

/* ---- global state ---- */
static VTerm *vt;
static VTermScreen *screen;
static VTermState *vstate;
static int rows = 24, cols = 80;
static int master = -1, out_fd = -1;
static pid_t child = -1;
static bool child_exited, master_eof, out_eof;
static int child_status;
static buf raw, out, to_child; /* raw: everything the child wrote to the pty; out: its stdout */
static bool title_set;
static char title_what[256];
static bool trace;
static const char *da2_reply; /* --da2: what follows ESC [ in the DA2 answer; NULL: libvterm's */
static const char *bdsm_reply; /* --bdsm: Ps of the DECRQM answer for mode 8; NULL: libvterm's */
static bool hold_replies;      /* hold-replies: replies go to held, not to the command */
static bool keyboard_now;      /* on_output is called for a key or a paste, not for a reply */
static buf held;               /* replies kept back */

static int t_timeout = 5000, t_pause = 30, t_esc = 150, t_settle = 100;
static int time_scale = 1; /* IRIE_TEST_TIME_SCALE: multiplies every wait in milliseconds */

static const char *script_path;
static int cur_line;
static char tmp_home[PATH_MAX];

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- vterm callbacks ---- */
static void on_output(const char *s, size_t len, void *user) {
  (void)user;
  buf *to = hold_replies && !keyboard_now ? &held : &to_child;
  /* libvterm hands each reply over whole: a DA2 answer is ESC [ > ... c */
  if (!keyboard_now && da2_reply && len > 3 && !memcmp(s, "\033[>", 3) && s[len - 1] == 'c') {
    buf_add(to, "\033[", 2, CAP);
    buf_add(to, da2_reply, strlen(da2_reply), CAP);
    return;
  }
  buf_add(to, s, len, CAP);
}

static int on_termprop(VTermProp prop, VTermValue *val, void *user) {
  (void)user;
  if (prop == VTERM_PROP_TITLE || prop == VTERM_PROP_ICONNAME) {
    if (!title_set)
      snprintf(title_what, sizeof title_what, "%s set to \"%.200s\"",
               prop == VTERM_PROP_TITLE ? "title" : "icon name", val->string ? val->string : "");
    title_set = true;
  }
  return 1;
}

static int on_resize(int r, int c, void *user) {
  (void)user;
  rows = r;
  cols = c;
  return 1;
}

static VTermScreenCallbacks screen_cbs = {
  .settermprop = on_termprop,
  .resize = on_resize,
};

/* ---- screen text ---- */
static size_t put_utf8(char *d, uint32_t c) {
  if (c < 0x80) { d[0] = (char)c; return 1; }
  if (c < 0x800) { d[0] = (char)(0xC0 | c >> 6); d[1] = (char)(0x80 | (c & 0x3F)); return 2; }
  if (c < 0x10000) {
    d[0] = (char)(0xE0 | c >> 12); d[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    d[2] = (char)(0x80 | (c & 0x3F)); return 3;
  }
  if (c > 0x10FFFF) c = 0xFFFD;
  if (c < 0x10000) return put_utf8(d, c);
  d[0] = (char)(0xF0 | c >> 18); d[1] = (char)(0x80 | ((c >> 12) & 0x3F));
  d[2] = (char)(0x80 | ((c >> 6) & 0x3F)); d[3] = (char)(0x80 | (c & 0x3F)); return 4;
}

/* Row r (0-based) as UTF-8 into a malloc'd string, trailing spaces removed. */
static char *row_text(int r) {
  size_t cap = (size_t)cols * VTERM_MAX_CHARS_PER_CELL * 4 + 1, n = 0;
  char *s = malloc(cap);
  if (!s) exit(2);
  for (int c = 0; c < cols;) {
    VTermScreenCell cell;
    VTermPos pos = { .row = r, .col = c };
    if (!vterm_screen_get_cell(screen, pos, &cell)) { c++; continue; }
    if (cell.chars[0] == (uint32_t)-1) { c++; continue; } /* right half of a wide character */
    if (cell.chars[0] == 0)
      s[n++] = ' ';
    else
      for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i]; i++) n += put_utf8(s + n, cell.chars[i]);
    c += cell.width > 0 ? cell.width : 1;
  }
  while (n > 0 && s[n - 1] == ' ') n--;
  s[n] = '\0';
  return s;
}

/* UAX #9 on t as one left-to-right paragraph (what a bidi terminal does with
 * a row), explicit formatting characters removed (X9); malloc'd UTF-8. */
static char *uba_of(const char *t) {
  size_t n = strlen(t);
  FriBidiChar *u = calloc(n + 1, sizeof *u), *v = calloc(n + 1, sizeof *v);
  FriBidiCharType *types = calloc(n + 1, sizeof *types);
  FriBidiBracketType *br = calloc(n + 1, sizeof *br);
  FriBidiLevel *lv = calloc(n + 1, sizeof *lv);
  char *res = malloc(n * 4 + 8);
  if (!u || !v || !types || !br || !lv || !res) exit(2);
  FriBidiStrIndex len = fribidi_charset_to_unicode(FRIBIDI_CHAR_SET_UTF8, t, (FriBidiStrIndex)n, u);
  fribidi_get_bidi_types(u, len, types);
  fribidi_get_bracket_types(u, len, types, br);
  FriBidiParType base = FRIBIDI_PAR_LTR;
  if (!fribidi_get_par_embedding_levels_ex(types, br, len, &base, lv)) exit(2);
  memcpy(v, u, (size_t)len * sizeof *v);
  fribidi_shape_mirroring(lv, len, v);   /* L4 */
  if (!fribidi_reorder_line(FRIBIDI_FLAGS_DEFAULT, types, len, 0, base, lv, v, NULL)) exit(2);   /* L2 */
  size_t k = 0;
  for (FriBidiStrIndex i = 0; i < len; i++) {
    FriBidiChar c = v[i];
    bool mark = c == 0x200E || c == 0x200F || c == 0x061C || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    if (!mark) k += put_utf8(res + k, c);
  }
  while (k > 0 && res[k - 1] == ' ') k--;
  res[k] = '\0';
  free(u), free(v), free(types), free(br), free(lv);
  return res;
}

static void dump_screen(FILE *f) {
  VTermPos cur;
  vterm_state_get_cursorpos(vstate, &cur);
  fprintf(f, "--- screen %dx%d (rows x cols), cursor at row %d col %d%s ---\n", rows, cols, cur.row + 1,
          cur.col + 1, child_exited ? ", command has exited" : "");
  for (int r = 0; r < rows; r++) {
    char *t = row_text(r);
    fprintf(f, "%3d|%s\n", r + 1, t);
    free(t);
  }
  fprintf(f, "--- end of screen ---\n");
}

static void print_escaped(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == 0x1b) fputs("\\e", f);
    else if (c == '\\') fputs("\\\\", f);
    else if (c == '\n') fputs("\\n", f);
    else if (c == '\r') fputs("\\r", f);
    else if (c < 0x20 || c == 0x7f) fprintf(f, "\\x%02X", c);
    else fputc(c, f);
  }
}

/* ---- cleanup and failure ---- */
static int rm_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb; (void)flag; (void)ftw;
  remove(p);
  return 0;
}

static void reap_wait(int ms);

static char wrapper_log_dir[PATH_MAX + 32]; /* IRIE_TEST_LOG_DIR, empty without a wrapper */

/* Prints every non-empty file the wrapper left in its log directory; returns how many. */
static int wrapper_reports(void) {
  int found = 0;
  DIR *d = wrapper_log_dir[0] ? opendir(wrapper_log_dir) : NULL;
  if (!d) return 0;
  for (struct dirent *e; (e = readdir(d));) {
    char p[PATH_MAX * 2];
    snprintf(p, sizeof p, "%s/%s", wrapper_log_dir, e->d_name);
    struct stat st;
    if (e->d_name[0] == '.' || stat(p, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0) continue;
    FILE *f = fopen(p, "r");
    if (!f) continue;
    fprintf(stderr, "%s: FAIL: the wrapper reported (%s):\n", script_path, e->d_name);
    char b[4096];
    size_t total = 0; /* bytes copied; capped at 1 MiB */
    for (size_t k; total < (1u << 20) && (k = fread(b, 1, sizeof b, f)) > 0; total += k) fwrite(b, 1, k, stderr);
    fclose(f);
    found++;
  }
  closedir(d);
  return found;
}

/* Ends the command if it still runs, checks the wrapper's reports, removes the temporary
 * directory; returns the number of wrapper reports. */
static int cleanup(void) {
  if (child > 0 && !child_exited) {
    kill(-child, SIGTERM);
    kill(child, SIGTERM);
    reap_wait(2000);
    if (!child_exited) {
      kill(-child, SIGKILL);
      kill(child, SIGKILL);
      waitpid(child, &child_status, 0);
      child_exited = true;
    }
  }
  int reports = wrapper_reports();
  if (tmp_home[0]) nftw(tmp_home, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
  return reports;
}

static void describe_status(FILE *f) {
  if (!child_exited) fprintf(f, "command still running\n");
  else if (WIFEXITED(child_status)) fprintf(f, "command exited with status %d\n", WEXITSTATUS(child_status));
  else if (WIFSIGNALED(child_status)) fprintf(f, "command killed by signal %d (%s)\n", WTERMSIG(child_status), strsignal(WTERMSIG(child_status)));
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: FAIL: ", script_path, cur_line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  dump_screen(stderr);
  describe_status(stderr);
  size_t tail = raw.len > 400 ? 400 : raw.len;
  fprintf(stderr, "last %zu raw bytes from the command: \"", tail);
  print_escaped(stderr, raw.p + raw.len - tail, tail);
  fprintf(stderr, "\"\n");
  if (out.len) {
    fprintf(stderr, "stdout so far: \"");
    print_escaped(stderr, out.p, out.len > 400 ? 400 : out.len);
    fprintf(stderr, "\"\n");
  }
  cleanup();
  exit(1);
}

/* ---- pumping ---- */

/* --bdsm: answers each DECRQM query for BDSM in what the command wrote since
 * the last call (raw), before libvterm's own replies to the same bytes. */
static size_t bdsm_seen; /* raw bytes already searched */
static void answer_bdsm(void) {
  static const char query[] = "\033[8$p";
  const size_t qn = sizeof query - 1;
  const char *at;
  if (!bdsm_reply) return;
  while (bdsm_seen < raw.len && (at = memmem(raw.p + bdsm_seen, raw.len - bdsm_seen, query, qn)) != NULL) {
    buf *to = hold_replies ? &held : &to_child;
    buf_add(to, "\033[8;", 4, CAP);
    buf_add(to, bdsm_reply, strlen(bdsm_reply), CAP);
    buf_add(to, "$y", 2, CAP);
    bdsm_seen = (size_t)(at - raw.p) + qn;
  }
  if (raw.len >= qn && bdsm_seen < raw.len - qn + 1) bdsm_seen = raw.len - qn + 1; /* a query cut by the read */
}
static void check_child(void) {
  if (child_exited) return;
  int st;
  pid_t r = waitpid(child, &st, WNOHANG);
  if (r == child) {
    child_exited = true;
    child_status = st;
  }
}

/* One round of I/O: wait up to ms for output from the command, feed it to vterm, write pending
 * input.  Returns after some I/O or the timeout. */
static void pump_once(int ms) {
  struct pollfd pf[2];
  int n = 0, mi = -1, oi = -1;
  if (!master_eof) {
    pf[n] = (struct pollfd){ .fd = master, .events = POLLIN | (to_child.len ? POLLOUT : 0) };
    mi = n++;
  }
  if (!out_eof) {
    pf[n] = (struct pollfd){ .fd = out_fd, .events = POLLIN };
    oi = n++;
  }
  if (n == 0) {
    if (ms > 0) usleep((useconds_t)ms * 1000);
    check_child();
    return;
  }
  int r = poll(pf, (nfds_t)n, ms);
  if (r < 0 && errno != EINTR) {
    perror("vtdrive: poll");
    exit(2);
  }
  char b[65536];
  if (r > 0 && mi >= 0) {
    if (pf[mi].revents & POLLOUT && to_child.len) {
      ssize_t w = write(master, to_child.p, to_child.len);
      if (w > 0) {
        memmove(to_child.p, to_child.p + w, to_child.len - (size_t)w);
        to_child.len -= (size_t)w;
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        to_child.len = 0; /* the other side is gone */
      }
    }
    if (pf[mi].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t k = read(master, b, sizeof b);
      if (k > 0) {
        buf_add(&raw, b, (size_t)k, CAP);
        if (trace) {
          fprintf(stderr, "[raw] \"");
          print_escaped(stderr, b, (size_t)k);
          fprintf(stderr, "\"\n");
        }
        answer_bdsm();
        vterm_input_write(vt, b, (size_t)k);
        vterm_screen_flush_damage(screen);
      } else if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
        master_eof = true; /* EIO: every slave side closed */
      }
    }
  }
  if (r > 0 && oi >= 0 && pf[oi].revents & (POLLIN | POLLHUP | POLLERR)) {
    ssize_t k = read(out_fd, b, sizeof b);
    if (k > 0) buf_add(&out, b, (size_t)k, CAP);
    else if (k == 0 || (errno != EAGAIN && errno != EINTR)) out_eof = true;
  }
  check_child();
}

/* Pump for ms milliseconds. */
static void pump(int ms) {
  long long end = now_ms() + (long long)ms * time_scale;
  for (;;) {
    long long left = end - now_ms();
    if (left <= 0) break;
    pump_once(left > 20 ? 20 : (int)left);
  }
  /* drain whatever is immediately available */
  for (int i = 0; i < 64 && (!master_eof || !out_eof); i++) {
    size_t before = raw.len + out.len;
    pump_once(0);
    if (raw.len + out.len == before) break;
  }
}

static void reap_wait(int ms) {
  long long end = now_ms() + (long long)ms * time_scale;
  while (!child_exited && now_ms() < end) pump_once(20);
  if (child_exited) pump(30); /* the last output */
}

/* Pump until cond() holds or the step timeout; returns whether it held. */
static bool pump_until(bool (*cond)(const void *), const void *arg, bool screen_cond) {
  long long end = now_ms() + (long long)t_timeout * time_scale;
  for (;;) {
    if (cond(arg)) return true;
    if (now_ms() >= end) return false;
    if (screen_cond && child_exited && master_eof) return false; /* the screen cannot change any more */
    pump_once(20);
  }
}

static void send_input(const char *s, size_t n) {
  if (child_exited) fail("cannot send input: the command has already exited");
  buf_add(&to_child, s, n, CAP);
  /* write it out (pumping output meanwhile so neither side blocks) */
  long long end = now_ms() + (long long)t_timeout * time_scale;
  while (to_child.len && !master_eof) {
    if (now_ms() >= end) fail("timed out writing input to the command (%zu bytes left)", to_child.len);
    pump_once(20);
  }
  bool lone_esc = n > 0 && s[n - 1] == 0x1b;
  pump(lone_esc ? t_esc : t_pause);
}

/* ---- script parsing ---- */
static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decodes escapes of TEXT; returns NULL with *err set on a bad escape. */
static char *unescape(const char *s, size_t *len, const char **err) {
  size_t n = strlen(s);
  char *d = malloc(n * 4 + 1), *p = d;
  if (!d) exit(2);
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\\') { *p++ = s[i]; continue; }
    char c = s[++i];
    switch (c) {
    case 'e': *p++ = 0x1b; break;
    case 'r': *p++ = '\r'; break;
    case 'n': *p++ = '\n'; break;
    case 't': *p++ = '\t'; break;
    case 'a': *p++ = '\a'; break;
    case 'b': *p++ = '\b'; break;
    case '0': *p++ = '\0'; break;
    case 's': *p++ = ' '; break;
    case '\\': *p++ = '\\'; break;
    case 'x': case 'u': case 'U': {
      int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
      uint32_t v = 0;
      for (int k = 0; k < digits; k++) {
        int h = hexval((unsigned char)s[i + 1 + k]);
        if (h < 0) {
          *err = c == 'x' ? "\\x needs 2 hex digits" : c == 'u' ? "\\u needs 4 hex digits" : "\\U needs 8 hex digits";
          free(d);
          return NULL;
        }
        v = v * 16 + (uint32_t)h;
      }
      i += (size_t)digits;
      if (c == 'x') *p++ = (char)v;
      else {
        if (v > 0x10FFFF) { *err = "code point above U+10FFFF"; free(d); return NULL; }
        p += put_utf8(p, v);
      }
      break;
    }
    case '\0': *err = "backslash at the end of the line"; free(d); return NULL;
    default: *err = "unknown escape (known: \\e \\r \\n \\t \\a \\b \\0 \\s \\\\ \\xHH \\uXXXX \\UXXXXXXXX)"; free(d); return NULL;
    }
  }
  *p = '\0';
  *len = (size_t)(p - d);
  return d;
}

enum arg_kind { A_NONE, A_TEXT, A_REGEX, A_INT, A_ROW_TEXT, A_COUNT_TEXT, A_ROW_REGEX, A_TWO_INT, A_WORDS, A_SET };

struct stepdef {
  const char *name;
  enum arg_kind kind;
};

static const struct stepdef stepdefs[] = {
  { "type", A_TEXT }, { "paste", A_TEXT }, { "paste-repeat", A_COUNT_TEXT }, { "key", A_WORDS }, { "resize", A_TWO_INT },
  { "signal", A_WORDS }, { "signal-fg", A_WORDS }, { "wait", A_TEXT }, { "wait-re", A_REGEX }, { "wait-gone", A_TEXT },
  { "wait-raw", A_TEXT }, { "hold-replies", A_NONE }, { "release-replies", A_NONE },
  { "expect-row", A_ROW_TEXT }, { "expect-row-re", A_ROW_REGEX }, { "expect-row-uba", A_ROW_TEXT }, { "expect-screen-has", A_TEXT },
  { "expect-screen-lacks", A_TEXT }, { "expect-screen-re", A_REGEX }, { "expect-cursor", A_TWO_INT },
  { "expect-raw", A_TEXT }, { "expect-no-raw", A_TEXT }, { "expect-raw-count", A_COUNT_TEXT }, { "expect-title-unset", A_NONE },
  { "expect-exit", A_WORDS }, { "expect-running", A_NONE }, { "expect-stdout", A_TEXT },
  { "expect-stdout-empty", A_NONE }, { "sleep", A_INT }, { "dump", A_NONE }, { "set", A_SET },
  { "save-raw", A_TEXT },
};

typedef struct {
  int line;
  const struct stepdef *def;
  char *arg;      /* raw argument text (after trimming) */
  char *text;     /* decoded TEXT */
  size_t textlen;
  regex_t re;
  bool has_re;
  long n1, n2;
} step;

static bool parse_long(const char *s, long *v) {
  char *end;
  errno = 0;
  long x = strtol(s, &end, 10);
  if (end == s || errno) return false;
  while (*end == ' ' || *end == '\t') end++;
  if (*end) return false;
  *v = x;
  return true;
}

/* ---- keys ---- */
struct keyname {
  const char *name;
  VTermKey key;
};
static const struct keyname keynames[] = {
  { "Enter", VTERM_KEY_ENTER }, { "Return", VTERM_KEY_ENTER }, { "Tab", VTERM_KEY_TAB },
  { "Backspace", VTERM_KEY_BACKSPACE }, { "Esc", VTERM_KEY_ESCAPE }, { "Escape", VTERM_KEY_ESCAPE },
  { "Up", VTERM_KEY_UP }, { "Down", VTERM_KEY_DOWN }, { "Left", VTERM_KEY_LEFT }, { "Right", VTERM_KEY_RIGHT },
  { "Insert", VTERM_KEY_INS }, { "Delete", VTERM_KEY_DEL }, { "Home", VTERM_KEY_HOME }, { "End", VTERM_KEY_END },
  { "PageUp", VTERM_KEY_PAGEUP }, { "PageDown", VTERM_KEY_PAGEDOWN },
};

/* Produces the bytes of one key into to_child (through vterm's keyboard, which knows the app's
 * modes).  Returns false if the name is unknown. */
static bool key_bytes(const char *name, bool dry) {
  int mod = 0;
  for (;;) {
    if (!strncmp(name, "C-", 2) && name[2]) { mod |= VTERM_MOD_CTRL; name += 2; }
    else if (!strncmp(name, "M-", 2) && name[2]) { mod |= VTERM_MOD_ALT; name += 2; }
    else if (!strncmp(name, "S-", 2) && name[2]) { mod |= VTERM_MOD_SHIFT; name += 2; }
    else break;
  }
  if (!strcmp(name, "BackTab")) { if (!dry) vterm_keyboard_key(vt, VTERM_KEY_TAB, VTERM_MOD_SHIFT | mod); return true; }
  if (!strcmp(name, "Space")) name = " ";
  for (size_t i = 0; i < sizeof keynames / sizeof keynames[0]; i++)
    if (!strcmp(name, keynames[i].name)) {
      if (!dry) vterm_keyboard_key(vt, keynames[i].key, (VTermModifier)mod);
      return true;
    }
  if (name[0] == 'F' && name[1] >= '1' && name[1] <= '9') {
    long f;
    if (parse_long(name + 1, &f) && f >= 1 && f <= 24) {
      if (!dry) vterm_keyboard_key(vt, VTERM_KEY_FUNCTION((int)f), (VTermModifier)mod);
      return true;
    }
    return false;
  }
  /* a single character (ASCII; others are typed with `type`) */
  if (name[0] && !name[1] && (unsigned char)name[0] >= 0x20 && (unsigned char)name[0] < 0x7f) {
    unsigned char c = (unsigned char)name[0];
    if (mod & VTERM_MOD_CTRL) {
      /* as xterm sends them: C-a..C-z, C-@ C-[ C-\ C-] C-^ C-_ C-? and C-Space */
      if (c >= 'a' && c <= 'z') c = (unsigned char)(c - 'a' + 1);
      else if (c >= '@' && c <= '_') c = (unsigned char)(c - '@');
      else if (c == ' ' || c == '2') c = 0;
      else if (c == '?') c = 0x7f;
      else return false;
    } else if (mod & VTERM_MOD_SHIFT && c >= 'a' && c <= 'z') {
      c = (unsigned char)(c - 'a' + 'A');
    }
    if (!dry) {
      char b[2] = { 0x1b, (char)c };
      if (mod & VTERM_MOD_ALT) buf_add(&to_child, b, 2, CAP);
      else buf_add(&to_child, b + 1, 1, CAP);
    }
    return true;
  }
  return false;
}

static int signal_by_name(const char *s) {
  if (!strncmp(s, "SIG", 3)) s += 3;
  static const struct { const char *n; int s; } t[] = {
    { "HUP", SIGHUP }, { "INT", SIGINT }, { "TERM", SIGTERM }, { "QUIT", SIGQUIT }, { "TSTP", SIGTSTP },
    { "CONT", SIGCONT }, { "WINCH", SIGWINCH }, { "USR1", SIGUSR1 }, { "USR2", SIGUSR2 }, { "KILL", SIGKILL },
    { "ABRT", SIGABRT }, { "SEGV", SIGSEGV }, { "PIPE", SIGPIPE },
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(s, t[i].n)) return t[i].s;
  return 0;
}

static void syntax(const char *path, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4), noreturn));
static void syntax(const char *path, int line, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: script error: ", path, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(2);
}

static step *parse_script(const char *path, size_t *nsteps) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "vtdrive: cannot open %s: %s\n", path, strerror(errno));
    exit(2);
  }
  step *steps = NULL;
  size_t n = 0, cap = 0;
  char *line = NULL;
  size_t lcap = 0;
  ssize_t len;
  int ln = 0;
  while ((len = getline(&line, &lcap, f)) >= 0) {
    ln++;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
      line[--len] = '\0';
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p || *p == '#') continue;
    char *kw = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    while (*p == ' ' || *p == '\t') p++;
    const struct stepdef *def = NULL;
    for (size_t i = 0; i < sizeof stepdefs / sizeof stepdefs[0]; i++)
      if (!strcmp(kw, stepdefs[i].name)) def = &stepdefs[i];
    if (!def) syntax(path, ln, "unknown step \"%s\"", kw);
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      steps = realloc(steps, cap * sizeof *steps);
      if (!steps) exit(2);
    }
    step *s = &steps[n++];
    memset(s, 0, sizeof *s);
    s->line = ln;
    s->def = def;
    s->arg = strdup(p);
    const char *err = NULL;
    char *rest = p;
    switch (def->kind) {
    case A_NONE:
      if (*p) syntax(path, ln, "%s takes no argument", kw);
      break;
    case A_TEXT:
      if (!*p && strcmp(kw, "type") && strcmp(kw, "paste") && strcmp(kw, "expect-stdout"))
        syntax(path, ln, "%s needs a TEXT argument", kw);
      if (!(s->text = unescape(p, &s->textlen, &err))) syntax(path, ln, "%s", err);
      break;
    case A_REGEX:
    case A_COUNT_TEXT:
    case A_ROW_TEXT:
    case A_ROW_REGEX:
      if (def->kind != A_REGEX) {
        char *end;
        s->n1 = strtol(p, &end, 10);
        if (def->kind == A_COUNT_TEXT && (end == p || (*end != ' ' && *end != '\t') || s->n1 < 0))
          syntax(path, ln, "%s needs N (a number, 0 or more) then the text", kw);
        if (def->kind != A_COUNT_TEXT && (end == p || (*end && *end != ' ' && *end != '\t') || s->n1 == 0))
          syntax(path, ln, "%s needs ROW (a non-zero number) then the text", kw);
        rest = end;
        while (*rest == ' ' || *rest == '\t') rest++;
      }
      if (def->kind == A_ROW_TEXT || def->kind == A_COUNT_TEXT) {
        if (def->kind == A_COUNT_TEXT && !*rest) syntax(path, ln, "%s needs a non-empty TEXT", kw);
        if (!(s->text = unescape(rest, &s->textlen, &err))) syntax(path, ln, "%s", err);
        if (!strcmp(kw, "paste-repeat")) {
          if (s->n1 < 1 || (size_t)s->n1 > CAP / s->textlen)
            syntax(path, ln, "paste-repeat needs N from 1 to %zu for this TEXT", CAP / s->textlen);
          char *all = malloc((size_t)s->n1 * s->textlen + 1);
          if (!all) exit(2);
          for (long k = 0; k < s->n1; k++)
            memcpy(all + (size_t)k * s->textlen, s->text, s->textlen);
          s->textlen *= (size_t)s->n1;
          all[s->textlen] = '\0';
          free(s->text);
          s->text = all;
        }
      } else {
        if (!*rest) syntax(path, ln, "%s needs a REGEX", kw);
        int rc = regcomp(&s->re, rest, REG_EXTENDED | REG_NOSUB);
        if (rc) {
          char m[256];
          regerror(rc, &s->re, m, sizeof m);
          syntax(path, ln, "bad regular expression \"%s\": %s", rest, m);
        }
        s->has_re = true;
      }
      break;
    case A_INT:
      if (!parse_long(p, &s->n1) || s->n1 < 0) syntax(path, ln, "%s needs a non-negative number", kw);
      break;
    case A_TWO_INT: {
      char *end;
      s->n1 = strtol(p, &end, 10);
      if (end == p || !parse_long(end, &s->n2) || s->n1 <= 0 || s->n2 <= 0)
        syntax(path, ln, "%s needs two positive numbers", kw);
      break;
    }
    case A_WORDS:
      if (!*p) syntax(path, ln, "%s needs an argument", kw);
      if (!strcmp(kw, "key")) {
        char *copy = strdup(p), *save = NULL;
        for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
          if (!key_bytes(w, true)) syntax(path, ln, "unknown key name \"%s\"", w);
        free(copy);
      } else if (!strcmp(kw, "signal") || !strcmp(kw, "signal-fg")) {
        if (!signal_by_name(p)) syntax(path, ln, "unknown signal \"%s\"", p);
      } else if (!strcmp(kw, "expect-exit")) {
        if (!strcmp(p, "any")) {
          s->n1 = -2;
        } else if (!parse_long(p, &s->n1) || s->n1 < 0) {
          int sig = !strncmp(p, "SIG", 3) ? signal_by_name(p) : 0;
          if (!sig) syntax(path, ln, "expect-exit needs a status number or a signal name such as SIGTERM");
          s->n1 = -1;
          s->n2 = sig;
        }
      }
      break;
    case A_SET: {
      char *what = p;
      while (*p && *p != ' ' && *p != '\t') p++;
      if (*p) *p++ = '\0';
      if (strcmp(what, "timeout") && strcmp(what, "pause") && strcmp(what, "esc-wait") && strcmp(what, "settle"))
        syntax(path, ln, "set: unknown setting \"%s\" (timeout, pause, esc-wait, settle)", what);
      if (!parse_long(p, &s->n1) || s->n1 < 0 || s->n1 > 600000) syntax(path, ln, "set %s needs milliseconds", what);
      free(s->arg);
      s->arg = strdup(what);
      break;
    }
    }
  }
  free(line);
  fclose(f);
  *nsteps = n;
  return steps;
}

/* ---- conditions ---- */
static int row_index(long r) { return r > 0 ? (int)r - 1 : rows + (int)r; }

static bool screen_has(const void *arg) {
  const step *s = arg;
  for (int r = 0; r < rows; r++) {
    char *t = row_text(r);
    bool hit = s->textlen == 0 || memmem(t, strlen(t), s->text, s->textlen) != NULL;
    free(t);
    if (hit) return true;
  }
  return false;
}
static bool screen_lacks(const void *arg) { return !screen_has(arg); }

static bool screen_matches(const void *arg) {
  const step *s = arg;
  for (int r = 0; r < rows; r++) {
    char *t = row_text(r);
    bool hit = regexec(&s->re, t, 0, NULL, 0) == 0;
    free(t);
    if (hit) return true;
  }
  return false;
}

static bool raw_has(const void *arg) {
  const step *s = arg;
  return mem_contains(&raw, s->text, s->textlen);
}

static bool child_done(const void *arg) { (void)arg; return child_exited; }
static bool stdout_closed(const void *arg) { (void)arg; return out_eof; }

static void show_text(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  print_escaped(f, s, n);
  fputc('"', f);
}

/* Formats TEXT for a failure message. */
static const char *q(const char *s, size_t n) {
  static char b[4][1024];
  static int k;
  char *d = b[k++ & 3];
  FILE *f = fmemopen(d, sizeof b[0], "w");
  if (!f) return "?";
  show_text(f, s, n > 300 ? 300 : n);
  if (n > 300) fputs("...", f);
  fclose(f);
  d[sizeof b[0] - 1] = '\0';
  return d;
}

/* The start of a failed wait's message. */
static const char *waited(void) {
  static char b[96];
  if (child_exited && master_eof) snprintf(b, sizeof b, "the command exited before the screen showed");
  else snprintf(b, sizeof b, "waited %d ms for", t_timeout);
  return b;
}

static void run_step(step *s) {
  const char *kw = s->def->name;
  cur_line = s->line;
  if (!strcmp(kw, "type")) {
    send_input(s->text, s->textlen);
  } else if (!strcmp(kw, "paste") || !strcmp(kw, "paste-repeat")) {
    if (child_exited) fail("cannot paste: the command has already exited");
    keyboard_now = true;
    vterm_keyboard_start_paste(vt);
    buf_add(&to_child, s->text, s->textlen, CAP);
    vterm_keyboard_end_paste(vt);
    keyboard_now = false;
    send_input("", 0);
  } else if (!strcmp(kw, "key")) {
    char *copy = strdup(s->arg), *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
      if (child_exited) fail("cannot press %s: the command has already exited", w);
      size_t before = to_child.len;
      keyboard_now = true;
      key_bytes(w, false);
      keyboard_now = false;
      bool lone_esc = to_child.len == before + 1 && to_child.p[before] == 0x1b;
      send_input("", 0);
      if (lone_esc) pump(t_esc > t_pause ? t_esc - t_pause : 0);
    }
    free(copy);
  } else if (!strcmp(kw, "resize")) {
    struct winsize ws = { .ws_row = (unsigned short)s->n1, .ws_col = (unsigned short)s->n2 };
    vterm_set_size(vt, (int)s->n1, (int)s->n2);
    rows = (int)s->n1;
    cols = (int)s->n2;
    if (ioctl(master, TIOCSWINSZ, &ws) < 0) fail("TIOCSWINSZ: %s", strerror(errno));
    pump(t_settle);
  } else if (!strcmp(kw, "signal")) {
    if (child_exited) fail("cannot send a signal: the command has already exited");
    kill(child, signal_by_name(s->arg));
    pump(t_pause);
  } else if (!strcmp(kw, "signal-fg")) {
    pid_t fg = tcgetpgrp(master);
    if (fg <= 0) fail("cannot send a signal: the terminal has no foreground process group");
    kill(-fg, signal_by_name(s->arg));
    pump(t_pause);
  } else if (!strcmp(kw, "wait")) {
    if (!pump_until(screen_has, s, true)) fail("%s %s to appear on the screen", waited(), q(s->text, s->textlen));
  } else if (!strcmp(kw, "wait-re")) {
    if (!pump_until(screen_matches, s, true)) fail("%s a row matching /%s/", waited(), s->arg);
  } else if (!strcmp(kw, "wait-raw")) {
    if (!pump_until(raw_has, s, false)) fail("waited %d ms for the command to write %s", t_timeout, q(s->text, s->textlen));
  } else if (!strcmp(kw, "hold-replies")) {
    hold_replies = true;
  } else if (!strcmp(kw, "release-replies")) {
    hold_replies = false;
    buf_add(&to_child, held.p ? held.p : "", held.len, CAP);
    held.len = 0;
    send_input("", 0);
  } else if (!strcmp(kw, "wait-gone")) {
    if (!pump_until(screen_lacks, s, true)) fail("%s %s to leave the screen", waited(), q(s->text, s->textlen));
  } else if (!strcmp(kw, "expect-row") || !strcmp(kw, "expect-row-re")) {
    pump(t_settle);
    int r = row_index(s->n1);
    if (r < 0 || r >= rows) fail("row %ld is outside the %d-row screen", s->n1, rows);
    char *t = row_text(r);
    bool ok = s->has_re ? regexec(&s->re, t, 0, NULL, 0) == 0 : strcmp(t, s->text) == 0 && strlen(t) == s->textlen;
    if (!ok) {
      char got[2048];
      snprintf(got, sizeof got, "%s", q(t, strlen(t)));
      free(t);
      if (s->has_re) fail("row %ld should match /%s/ but is %s", s->n1, strchr(s->arg, ' ') ? strchr(s->arg, ' ') + 1 : s->arg, got);
      fail("row %ld should be %s but is %s", s->n1, q(s->text, s->textlen), got);
    }
    free(t);
  } else if (!strcmp(kw, "expect-row-uba")) {
    pump(t_settle);
    int r = row_index(s->n1);
    if (r < 0 || r >= rows) fail("row %ld is outside the %d-row screen", s->n1, rows);
    char *t = row_text(r), *shown = uba_of(t);
    if (strcmp(shown, s->text) != 0 || strlen(shown) != s->textlen) {
      char got[2048], logical[2048];
      snprintf(got, sizeof got, "%s", q(shown, strlen(shown)));
      snprintf(logical, sizeof logical, "%s", q(t, strlen(t)));
      free(t), free(shown);
      fail("row %ld through the bidi algorithm should be %s but is %s (logical: %s)", s->n1, q(s->text, s->textlen), got, logical);
    }
    free(t), free(shown);
  } else if (!strcmp(kw, "expect-screen-has")) {
    pump(t_settle);
    if (!screen_has(s)) fail("the screen should show %s", q(s->text, s->textlen));
  } else if (!strcmp(kw, "expect-screen-lacks")) {
    pump(t_settle);
    if (screen_has(s)) fail("the screen should not show %s", q(s->text, s->textlen));
  } else if (!strcmp(kw, "expect-screen-re")) {
    pump(t_settle);
    if (!screen_matches(s)) fail("no row matches /%s/", s->arg);
  } else if (!strcmp(kw, "expect-cursor")) {
    pump(t_settle);
    VTermPos cur;
    vterm_state_get_cursorpos(vstate, &cur);
    if (cur.row + 1 != s->n1 || cur.col + 1 != s->n2)
      fail("the cursor should be at row %ld col %ld but is at row %d col %d", s->n1, s->n2, cur.row + 1, cur.col + 1);
  } else if (!strcmp(kw, "expect-raw") || !strcmp(kw, "expect-no-raw")) {
    pump(t_settle);
    bool want = !strcmp(kw, "expect-raw");
    bool has = mem_contains(&raw, s->text, s->textlen);
    if (raw.overflow && (!want || !has))
      fail("the raw output passed the %u MiB cap; cannot check %s", CAP >> 20, q(s->text, s->textlen));
    if (want && !has) fail("the command's terminal output should contain %s but does not", q(s->text, s->textlen));
    if (!want && has) {
      const char *at = memmem(raw.p, raw.len, s->text, s->textlen);
      fail("the command's terminal output contains %s (at byte %zu) but must not", q(s->text, s->textlen), (size_t)(at - raw.p));
    }
  } else if (!strcmp(kw, "expect-raw-count")) {
    pump(t_settle);
    if (raw.overflow) fail("the raw output passed the %u MiB cap; cannot count %s", CAP >> 20, q(s->text, s->textlen));
    long n = 0;
    for (const char *at = raw.p, *end = raw.p + raw.len;
         raw.len && (at = memmem(at, (size_t)(end - at), s->text, s->textlen)) != NULL; at += s->textlen)
      n++;
    if (n != s->n1) fail("the command's terminal output should contain %s %ld times but has it %ld times", q(s->text, s->textlen), s->n1, n);
  } else if (!strcmp(kw, "expect-title-unset")) {
    pump(t_settle);
    if (title_set) fail("the window title must never change, but the %s", title_what);
  } else if (!strcmp(kw, "expect-exit")) {
    if (!pump_until(child_done, NULL, false)) fail("waited %d ms for the command to exit", t_timeout);
    pump(t_settle);
    if (s->n1 == -2) {
      /* any status */
    } else if (s->n1 >= 0) {
      if (!WIFEXITED(child_status) || WEXITSTATUS(child_status) != s->n1) fail("the command should exit with status %ld", s->n1);
    } else if (!WIFSIGNALED(child_status) || WTERMSIG(child_status) != s->n2) {
      fail("the command should be killed by signal %ld (%s)", s->n2, strsignal((int)s->n2));
    }
  } else if (!strcmp(kw, "expect-running")) {
    pump(t_settle);
    if (child_exited) fail("the command should still be running");
  } else if (!strcmp(kw, "expect-stdout") || !strcmp(kw, "expect-stdout-empty")) {
    if (!pump_until(stdout_closed, NULL, false)) fail("waited %d ms for the command's stdout to close", t_timeout);
    bool empty = !strcmp(kw, "expect-stdout-empty");
    if (out.overflow) fail("stdout passed the %u MiB cap", CAP >> 20);
    if (empty ? out.len != 0 : (out.len != s->textlen || memcmp(out.p, s->text, out.len) != 0))
      fail("stdout should be %s but is %s", empty ? "empty" : q(s->text, s->textlen), q(out.p ? out.p : "", out.len));
  } else if (!strcmp(kw, "save-raw")) {
    pump(t_settle);
    FILE *f = fopen(s->text, "wb");
    if (!f) fail("cannot write %s: %s", q(s->text, s->textlen), strerror(errno));
    bool ok = fwrite(raw.p ? raw.p : "", 1, raw.len, f) == raw.len;
    if (fclose(f) != 0 || !ok) fail("cannot write %s", q(s->text, s->textlen));
    if (raw.overflow) fail("the raw output passed the %u MiB cap; %s holds only its start", CAP >> 20, q(s->text, s->textlen));
  } else if (!strcmp(kw, "sleep")) {
    pump((int)s->n1);
  } else if (!strcmp(kw, "dump")) {
    pump(t_settle);
    fprintf(stderr, "%s:%d: dump\n", script_path, s->line);
    dump_screen(stderr);
    describe_status(stderr);
  } else if (!strcmp(kw, "set")) {
    int v = (int)s->n1;
    if (!strcmp(s->arg, "timeout")) t_timeout = v;
    else if (!strcmp(s->arg, "pause")) t_pause = v;
    else if (!strcmp(s->arg, "esc-wait")) t_esc = v;
    else t_settle = v;
  }
}

static void usage(void) {
  fprintf(stderr, "usage: vtdrive [--rows R] [--cols C] [--timeout MS] [--env NAME=VALUE]... [--da2 REPLY] [--bdsm PS] [--trace] SCRIPT -- COMMAND [ARGS...]\n");
  exit(2);
}

int main(int argc, char **argv) {
  setlocale(LC_ALL, "C.UTF-8"); /* regcomp/regexec on UTF-8 rows */
  char **envs = calloc((size_t)argc, sizeof *envs);
  int nenv = 0, i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    long v;
    if (!strcmp(a, "--")) break;
    if (!strcmp(a, "--rows") && i + 1 < argc && parse_long(argv[i + 1], &v) && v > 0 && v < 1000) { rows = (int)v; i++; }
    else if (!strcmp(a, "--cols") && i + 1 < argc && parse_long(argv[i + 1], &v) && v > 0 && v < 1000) { cols = (int)v; i++; }
    else if (!strcmp(a, "--timeout") && i + 1 < argc && parse_long(argv[i + 1], &v) && v > 0) { t_timeout = (int)v; i++; }
    else if (!strcmp(a, "--env") && i + 1 < argc && strchr(argv[i + 1], '=')) envs[nenv++] = argv[++i];
    else if (!strcmp(a, "--da2") && i + 1 < argc) da2_reply = argv[++i];
    else if (!strcmp(a, "--bdsm") && i + 1 < argc && strspn(argv[i + 1], "0123456789") == strlen(argv[i + 1]) && argv[i + 1][0]) bdsm_reply = argv[++i];
    else if (!strcmp(a, "--trace")) trace = true;
    else if (a[0] == '-' || script_path) usage();
    else script_path = a;
  }
  if (!script_path || i >= argc - 1) usage();
  char **cmd = argv + i + 1;

  size_t nsteps;
  step *steps = parse_script(script_path, &nsteps);

  const char *td = getenv("TMPDIR");
  snprintf(tmp_home, sizeof tmp_home, "%s/vtdrive.XXXXXX", td && *td ? td : "/tmp");
  if (!mkdtemp(tmp_home)) {
    perror("vtdrive: mkdtemp");
    return 2;
  }

  vt = vterm_new(rows, cols);
  vterm_set_utf8(vt, 1);
  vterm_output_set_callback(vt, on_output, NULL);
  screen = vterm_obtain_screen(vt);
  vstate = vterm_obtain_state(vt);
  vterm_screen_set_callbacks(screen, &screen_cbs, NULL);
  vterm_screen_enable_altscreen(screen, 1);
  vterm_screen_reset(screen, 1);

  /* The wrapper's words before the command, and its log directory. */
  const char *ts = getenv("IRIE_TEST_TIME_SCALE");
  long scale_arg;
  if (ts && *ts) {
    if (!parse_long(ts, &scale_arg) || scale_arg < 1 || scale_arg > 100) {
      fprintf(stderr, "vtdrive: IRIE_TEST_TIME_SCALE must be a number from 1 to 100\n");
      return 2;
    }
    time_scale = (int)scale_arg;
  }
  char *wrapper = getenv("IRIE_TEST_WRAPPER") ? strdup(getenv("IRIE_TEST_WRAPPER")) : NULL;
  char **wcmd = NULL;
  if (wrapper && strspn(wrapper, " \t") < strlen(wrapper)) {
    size_t nw = 0, ncmd = (size_t)(argc - i - 1);
    wcmd = calloc(strlen(wrapper) / 2 + 1 + ncmd + 1, sizeof *wcmd); /* at most len/2+1 words */
    char *save = NULL;
    for (char *w = strtok_r(wrapper, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) wcmd[nw++] = w;
    memcpy(wcmd + nw, cmd, (ncmd + 1) * sizeof *cmd);
    cmd = wcmd;
    snprintf(wrapper_log_dir, sizeof wrapper_log_dir, "%s/wrapper-log", tmp_home);
    if (mkdir(wrapper_log_dir, 0700) < 0) {
      perror("vtdrive: mkdir");
      return 2;
    }
  }

  int op[2];
  if (pipe(op) < 0) {
    perror("vtdrive: pipe");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
  fflush(NULL);
  child = forkpty(&master, NULL, NULL, &ws);
  if (child < 0) {
    perror("vtdrive: forkpty");
    return 2;
  }
  if (child == 0) {
    /* forkpty made the pty our controlling terminal and stdin/stdout/stderr; stdout goes to the pipe */
    dup2(op[1], STDOUT_FILENO);
    close(op[0]);
    close(op[1]);
    signal(SIGPIPE, SIG_DFL);
    static const char *drop[] = { "LANGUAGE", "LINES", "COLUMNS", "LC_CTYPE", "LC_MESSAGES", "LC_COLLATE",
                                  "LC_NUMERIC", "LC_TIME", "LC_MONETARY", "TERMINFO", "TERMCAP", "ESCDELAY",
                                  "NCURSES_NO_UTF8_ACS", "COLORTERM", "TMUX", "STY", "VTE_VERSION" };
    for (size_t k = 0; k < sizeof drop / sizeof drop[0]; k++) unsetenv(drop[k]);
    char p[PATH_MAX + 32];
    setenv("TERM", "xterm-256color", 1);
    setenv("LANG", "C.UTF-8", 1);
    setenv("LC_ALL", "C.UTF-8", 1);
    setenv("HOME", tmp_home, 1);
    static const char *xdg[][2] = { { "XDG_STATE_HOME", "state" }, { "XDG_CONFIG_HOME", "config" },
                                    { "XDG_DATA_HOME", "data" }, { "XDG_CACHE_HOME", "cache" } };
    for (size_t k = 0; k < 4; k++) {
      snprintf(p, sizeof p, "%s/%s", tmp_home, xdg[k][1]);
      mkdir(p, 0700);
      setenv(xdg[k][0], p, 1);
    }
    if (wrapper_log_dir[0]) setenv("IRIE_TEST_LOG_DIR", wrapper_log_dir, 1);
    for (int k = 0; k < nenv; k++) putenv(envs[k]);
    execvp(cmd[0], cmd);
    fprintf(stderr, "vtdrive: cannot run %s: %s\n", cmd[0], strerror(errno));
    _exit(127);
  }
  close(op[1]);
  out_fd = op[0];
  fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
  fcntl(out_fd, F_SETFL, fcntl(out_fd, F_GETFL) | O_NONBLOCK);

  for (size_t k = 0; k < nsteps; k++) run_step(&steps[k]);

  int reports = cleanup();
  fprintf(stderr, "%s: %zu steps passed%s\n", script_path, nsteps, reports ? ", but the wrapper reported errors" : "");
  for (size_t k = 0; k < nsteps; k++) {
    if (steps[k].has_re) regfree(&steps[k].re);
    free(steps[k].text);
    free(steps[k].arg);
  }
  free(steps);
  free(envs);
  free(wcmd);
  free(wrapper);
  vterm_free(vt);
  free(raw.p);
  free(out.p);
  free(to_child.p);
  free(held.p);
  return reports ? 1 : 0;
}
