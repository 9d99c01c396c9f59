/* suggest.c — "did you mean ...?" for the `hl` command: the closest of a set
 * of names to a mistyped command or option, by edit distance, and the
 * options a help text names (so the hint never needs its own list: an option
 * documented in a help text is one the hint can propose). */
#include <string.h>

#include "cli.h"

enum { MAX_WORD = 64 };

/* Edit distance of a[0..la) and b[0..lb), both at most MAX_WORD, counting
 * a swap of two neighbours as one edit ("rnu" is one from "run"). */
static size_t distance(const char *a, size_t la, const char *b, size_t lb) {
    unsigned char d[MAX_WORD + 1][MAX_WORD + 1];
    for (size_t i = 0; i <= la; i++) d[i][0] = (unsigned char)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (unsigned char)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1u < best) best = d[i - 1][j] + 1u;
            if (d[i][j - 1] + 1u < best) best = d[i][j - 1] + 1u;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1u < best)
                best = d[i - 2][j - 2] + 1u;
            d[i][j] = (unsigned char)best;
        }
    return d[la][lb];
}

/* How far a candidate may be from `word` and still be proposed: a prefix
 * always is ("--max-red"), else about a third of the word's letters. */
static bool close_enough(const char *word, size_t lw, const char *cand, size_t lc, size_t *score) {
    if (lw == 0 || lw > MAX_WORD || lc > MAX_WORD) return false;
    if (lw >= 3 && lw < lc && strncmp(cand, word, lw) == 0) {
        *score = 0;
        return true;
    }
    size_t d = distance(word, lw, cand, lc);
    size_t allowed = lw / 3 > 0 ? lw / 3 : 1;
    *score = d;
    return d <= allowed;
}

const char *hl_cli_closest(const char *word, const char *const *cands, size_t n) {
    const char *best = NULL;
    size_t best_score = (size_t)-1, lw = strlen(word);
    for (size_t i = 0; i < n; i++) {
        size_t score;
        if (close_enough(word, lw, cands[i], strlen(cands[i]), &score) && score < best_score) {
            best = cands[i];
            best_score = score;
        }
    }
    return best;
}

/* An option in a help text: "--" after a space, '[' or the start of a line,
 * then a lower-case letter, then letters, digits and '-'. */
static size_t option_at(const char *help, const char *p) {
    if (p[0] != '-' || p[1] != '-' || !(p[2] >= 'a' && p[2] <= 'z')) return 0;
    if (p != help && p[-1] != ' ' && p[-1] != '[' && p[-1] != '\n') return 0;
    size_t n = 2;
    while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') || p[n] == '-') n++;
    return n;
}

size_t hl_cli_closest_option(const char *word, const char *help, char *out, size_t cap) {
    const char *eq = strchr(word, '=');
    size_t lw = eq ? (size_t)(eq - word) : strlen(word);
    size_t best_score = (size_t)-1, best_len = 0;
    const char *best = NULL;
    for (const char *p = help; *p; p++) {
        size_t n = option_at(help, p), score;
        if (n && close_enough(word, lw, p, n, &score) && score < best_score) {
            best = p;
            best_len = n;
            best_score = score;
        }
    }
    if (!best || best_len >= cap) return 0;
    memcpy(out, best, best_len);
    out[best_len] = '\0';
    return best_len;
}
