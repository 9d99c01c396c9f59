/* serve_disk.c — `hl serve --cache-dir DIR`: the engine's program store
 * (hl_engine_set_program_store) as files of one directory, so a restarted
 * server finds the programs it compiled before (docs/serve.md, "Program
 * cache").
 *
 * The directory is treated as hostile: every file is opened beneath the
 * directory's descriptor with O_NOFOLLOW (a symbolic link is never
 * followed), must be a regular file of this user with one link (a hard
 * link to a file elsewhere is not ours to read), is read within a size
 * bound, and its bytes go through hl_module_load's checks (checksum, gate,
 * loader, linker) before anything runs. A file the library refuses, or
 * that is not what it should be, is removed and counted. Files are written
 * whole under a temporary name (mode 0600, O_EXCL) and renamed into place,
 * so a reader never sees half a file; the directory is kept under a byte
 * bound by removing the least recently used files (a hit touches the
 * file's modification time, so the order survives restarts too). */
#define _GNU_SOURCE /* O_DIRECTORY, O_NOFOLLOW, O_CLOEXEC, fdopendir, renameat */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve.h"

enum { NAME_HEX = 64, NAME_LEN = NAME_HEX + 4 /* ".hlp" */, MAX_FILES = 65536 };
#define TMP_PREFIX "tmp-"

typedef struct disk_entry {
    char name[NAME_LEN + 1];
    uint64_t bytes;
    uint64_t stamp; /* last use: the smallest goes first */
} disk_entry;

struct hl_serve_disk {
    int dfd;
    uint64_t max_bytes;
    pthread_mutex_t lock;
    disk_entry *e; /* under lock */
    size_t n, cap;
    uint64_t bytes, stamp, tmp_serial;
    hl_serve_disk_stats st; /* counters, under lock */
};

static void key_name(const uint8_t key[32], char out[NAME_LEN + 1]) {
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) out[2 * i] = hex[key[i] >> 4], out[2 * i + 1] = hex[key[i] & 15];
    memcpy(out + NAME_HEX, ".hlp", 5);
}

static bool is_key_name(const char *s) {
    if (strlen(s) != NAME_LEN || strcmp(s + NAME_HEX, ".hlp") != 0) return false;
    for (int i = 0; i < NAME_HEX; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return true;
}

static long find(const hl_serve_disk *d, const char *name) {
    for (size_t i = 0; i < d->n; i++)
        if (memcmp(d->e[i].name, name, NAME_LEN) == 0) return (long)i;
    return -1;
}

/* Removes entry i and its file (under lock). */
static void drop(hl_serve_disk *d, size_t i) {
    unlinkat(d->dfd, d->e[i].name, 0);
    d->bytes -= d->e[i].bytes;
    d->e[i] = d->e[--d->n];
}

/* Least recently used files go until the directory is within its bound
 * (under lock). */
static void evict(hl_serve_disk *d) {
    while (d->n > 0 && (d->bytes > d->max_bytes || d->n > MAX_FILES)) {
        size_t lru = 0;
        for (size_t i = 1; i < d->n; i++)
            if (d->e[i].stamp < d->e[lru].stamp) lru = i;
        drop(d, lru);
        d->st.evictions++;
    }
}

static bool add(hl_serve_disk *d, const char *name, uint64_t bytes, uint64_t stamp) {
    if (d->n == d->cap) {
        size_t ncap = d->cap ? d->cap * 2 : 64;
        disk_entry *ne = realloc(d->e, ncap * sizeof *ne);
        if (!ne) return false;
        d->e = ne, d->cap = ncap;
    }
    disk_entry *x = &d->e[d->n++];
    memcpy(x->name, name, NAME_LEN + 1);
    x->bytes = bytes;
    x->stamp = stamp;
    d->bytes += bytes;
    return true;
}

static int by_mtime(const void *a, const void *b) {
    const disk_entry *x = a, *y = b;
    return x->stamp < y->stamp ? -1 : x->stamp > y->stamp;
}

/* What the directory holds at start: our files (by modification time, the
 * last use), and the temporary files of a write that never finished
 * (removed). Anything else is left alone and never read. */
static void scan(hl_serve_disk *d) {
    int fd = dup(d->dfd);
    DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
    if (!dir) {
        if (fd >= 0) close(fd);
        return;
    }
    struct dirent *de;
    while ((de = readdir(dir)) != NULL) {
        struct stat sb;
        if (strncmp(de->d_name, TMP_PREFIX, sizeof TMP_PREFIX - 1) == 0) {
            unlinkat(d->dfd, de->d_name, 0);
            continue;
        }
        if (!is_key_name(de->d_name) || fstatat(d->dfd, de->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISREG(sb.st_mode) || sb.st_uid != geteuid() || sb.st_nlink != 1) { /* not ours to read: gone */
            unlinkat(d->dfd, de->d_name, 0);
            d->st.refused++;
            continue;
        }
        uint64_t t = (uint64_t)sb.st_mtim.tv_sec * 1000000000u + (uint64_t)sb.st_mtim.tv_nsec;
        if (!add(d, de->d_name, (uint64_t)sb.st_size, t)) break;
    }
    closedir(dir);
    if (d->n > 1) qsort(d->e, d->n, sizeof *d->e, by_mtime); /* (d->e is NULL when empty) */
    for (size_t i = 0; i < d->n; i++) d->e[i].stamp = ++d->stamp;
    evict(d);
}

bool hl_serve_disk_open(const char *path, uint64_t max_bytes, hl_serve_disk **out, char *why, size_t cap) {
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        snprintf(why, cap, "--cache-dir %s: cannot create it: %s", path, strerror(errno));
        return false;
    }
    int dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat sb;
    if (dfd < 0 || fstat(dfd, &sb) != 0) {
        snprintf(why, cap, "--cache-dir %s: cannot open it as a directory: %s", path, strerror(errno));
        if (dfd >= 0) close(dfd);
        return false;
    }
    /* another user who may write it could replace our files at will */
    if (sb.st_uid != geteuid() || (sb.st_mode & 022)) {
        snprintf(why, cap, "--cache-dir %s: must be owned by this user and writable by no one else (chmod 700)",
                 path);
        close(dfd);
        return false;
    }
    hl_serve_disk *d = calloc(1, sizeof *d);
    if (!d) {
        close(dfd);
        snprintf(why, cap, "out of memory");
        return false;
    }
    d->dfd = dfd;
    d->max_bytes = max_bytes;
    pthread_mutex_init(&d->lock, NULL);
    scan(d);
    *out = d;
    return true;
}

void hl_serve_disk_close(hl_serve_disk *d) {
    if (!d) return;
    close(d->dfd);
    pthread_mutex_destroy(&d->lock);
    free(d->e);
    free(d);
}

void hl_serve_disk_stats_get(hl_serve_disk *d, hl_serve_disk_stats *out) {
    pthread_mutex_lock(&d->lock);
    *out = d->st;
    out->files = d->n;
    out->bytes = d->bytes;
    pthread_mutex_unlock(&d->lock);
}

/* Reads a whole regular file of ours within the bound; false otherwise. */
static bool read_file(int fd, uint64_t max, void **bytes, size_t *len) {
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_uid != geteuid() || sb.st_nlink != 1 || sb.st_size <= 0 ||
        (uint64_t)sb.st_size > max)
        return false;
    size_t n = (size_t)sb.st_size, got = 0;
    char *b = malloc(n);
    if (!b) return false;
    while (got < n) {
        ssize_t r = read(fd, b + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    if (got != n) {
        free(b);
        return false;
    }
    *bytes = b;
    *len = n;
    return true;
}

static int disk_get(void *data, const uint8_t key[32], void **bytes, size_t *len) {
    hl_serve_disk *d = data;
    char name[NAME_LEN + 1];
    key_name(key, name);
    pthread_mutex_lock(&d->lock);
    long i = find(d, name);
    int found = 0;
    if (i >= 0) {
        int fd = openat(d->dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        if (fd >= 0 && read_file(fd, d->max_bytes, bytes, len)) {
            found = 1;
            futimens(fd, NULL); /* its last use, for the order of eviction after a restart */
            d->e[i].stamp = ++d->stamp;
            d->st.hits++;
        } else { /* a link, not a regular file, not ours, cut short, unreadable */
            fprintf(stderr, "hl serve: cache: refused %s: not a readable regular file of ours\n", name);
            drop(d, (size_t)i);
            d->st.refused++;
        }
        if (fd >= 0) close(fd);
    }
    if (!found) d->st.misses++;
    pthread_mutex_unlock(&d->lock);
    return found;
}

static void disk_refused(void *data, const uint8_t key[32], const hl_error *why) {
    hl_serve_disk *d = data;
    char name[NAME_LEN + 1];
    key_name(key, name);
    fprintf(stderr, "hl serve: cache: refused %s: %s\n", name, hl_error_message(why));
    pthread_mutex_lock(&d->lock);
    long i = find(d, name);
    if (i >= 0) drop(d, (size_t)i);
    d->st.hits--; /* counted as a hit when read: it was not one */
    d->st.refused++;
    pthread_mutex_unlock(&d->lock);
}

static bool write_all(int fd, const void *bytes, size_t len) {
    const char *p = bytes;
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        len -= (size_t)w;
    }
    return true;
}

static void disk_put(void *data, const uint8_t key[32], const void *bytes, size_t len) {
    hl_serve_disk *d = data;
    if (len > d->max_bytes) return;
    char name[NAME_LEN + 1], tmp[64];
    key_name(key, name);
    pthread_mutex_lock(&d->lock);
    uint64_t serial = ++d->tmp_serial;
    pthread_mutex_unlock(&d->lock);
    snprintf(tmp, sizeof tmp, TMP_PREFIX "%ld-%llu", (long)getpid(), (unsigned long long)serial);
    int fd = openat(d->dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool ok = fd >= 0 && write_all(fd, bytes, len);
    if (fd >= 0 && close(fd) != 0) ok = false;
    if (ok) ok = renameat(d->dfd, tmp, d->dfd, name) == 0; /* whole, or not at all */
    if (!ok) {
        if (fd >= 0) unlinkat(d->dfd, tmp, 0);
        pthread_mutex_lock(&d->lock);
        d->st.write_errors++;
        pthread_mutex_unlock(&d->lock);
        return;
    }
    pthread_mutex_lock(&d->lock);
    long i = find(d, name);
    if (i >= 0) {
        d->bytes -= d->e[i].bytes;
        d->bytes += len;
        d->e[i].bytes = len;
        d->e[i].stamp = ++d->stamp;
    } else if (!add(d, name, len, ++d->stamp)) {
        unlinkat(d->dfd, name, 0);
    }
    d->st.writes++;
    evict(d);
    pthread_mutex_unlock(&d->lock);
}

void hl_serve_disk_store(hl_serve_disk *d, hl_program_store *out) {
    *out = (hl_program_store){disk_get, disk_put, disk_refused, d};
}
