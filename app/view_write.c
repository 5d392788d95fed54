/* Writing the viewer's replacements back (view_list.h, vl_write): the file
 * on disk is streamed, not held in memory -- every byte copied as it is but
 * the replaced entries' bytes, which are checked to be what was read --
 * into a temporary file beside it (its mode and, where allowed, its owner
 * kept), synced.  The file must still be the one read (device, inode,
 * size, modification time).
 *
 * Then, as vim's 'backupcopy' "auto" decides: the temporary file is
 * renamed over the file (atomic: a crash leaves the old file or the new),
 * unless renaming would lose something the file has -- other hard links
 * (they would keep the old text), an owner or group irie cannot give the
 * new file, extended attributes (ACLs, security labels).  Then the new
 * bytes are copied over the file itself, which keeps its inode and all of
 * that, and the temporary file is removed; if that copy fails midway, the
 * temporary file, which holds the whole new text, is kept and named; a
 * file put in its place meanwhile (renamed, linked) is not written.  A
 * symbolic link is followed (realpath): the file it points to is written,
 * the link stays. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "i18n.h"
#include "view_list.h"
#include "view_list_internal.h"

/* WB_OVERLAP: replaced entries overlap or are out of file order (an
 * extractor's, vl_add): which bytes to write is not known.  WB_MISPLACED:
 * a replaced entry's text is not known to be the bytes of its place (its
 * length differs, or it was not kept, or not as bytes): its place may be
 * wrong, and writing there would overwrite other bytes. */
typedef enum { WB_OK, WB_READ, WB_WRITE, WB_CHANGED, WB_OVERLAP, WB_MISPLACED } w_result;

/* Copies n bytes from in to out (out NULL: reads them into cmp's length
 * and compares with cmp, which may be NULL: not compared). */
static w_result copy_bytes(FILE *in, FILE *out, uint64_t n, const char *cmp)
{
	char buf[65536];
	uint64_t done = 0;
	while (done < n) {
		size_t want = n - done < sizeof buf ? (size_t)(n - done) : sizeof buf;
		size_t got = fread(buf, 1, want, in);
		if (got < want)
			return ferror(in) ? WB_READ : WB_CHANGED;   /* shorter than it was: changed */
		if (cmp && memcmp(buf, cmp + done, got) != 0)
			return WB_CHANGED;
		if (out && fwrite(buf, 1, got, out) != got)
			return WB_WRITE;
		done += got;
	}
	return WB_OK;
}

/* The file's bytes with the replacements, into out; *at: the entry
 * refused (WB_CHANGED, WB_MISPLACED).  Each replaced entry's bytes are
 * compared with the text read there, always: an entry whose text is not
 * its bytes is not written. */
static w_result stream(view_list *vl, FILE *in, FILE *out, size_t *at)
{
	uint64_t pos = 0;
	w_result r = WB_OK;
	for (size_t i = 0; i < vl->n && r == WB_OK; i++) {
		const entry *e = &vl->e[i];
		const replacement *rp = vl_repl_of(vl, i);
		if (!rp || !rp->fix)
			continue;
		if (e->byte_off < pos)
			return WB_OVERLAP;   /* refuse rather than guess */
		size_t len;
		const char *was = vl_disk_text(vl, i, &len);
		*at = i;
		if (!was || !(e->flags & F_TEXT_IS_BYTES) || len != e->byte_len)
			return WB_MISPLACED;
		r = copy_bytes(in, out, e->byte_off - pos, NULL);
		if (r == WB_OK)
			r = copy_bytes(in, NULL, e->byte_len, was);
		if (r == WB_OK && fwrite(rp->fix, 1, rp->fix_len, out) != rp->fix_len)
			r = WB_WRITE;
		pos = e->byte_off + e->byte_len;
	}
	char buf[65536];
	size_t got;
	while (r == WB_OK && (got = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, got, out) != got)
			r = WB_WRITE;
	if (r == WB_OK && ferror(in))
		r = WB_READ;
	return r;
}

/* After the rename: the replacements are the file's bytes now; the
 * entries after each move by the difference in length. */
static void written(view_list *vl)
{
	int64_t delta = 0;
	for (size_t i = 0; i < vl->n; i++) {
		entry *e = &vl->e[i];
		replacement *r = vl_repl_of(vl, i);
		e->byte_off = (uint64_t)((int64_t)e->byte_off + delta);
		if (!r || !r->fix)
			continue;
		delta += (int64_t)r->fix_len - (int64_t)e->byte_len;
		e->byte_len = r->fix_len;
		free(r->disk);
		r->disk = r->fix;
		r->disk_len = r->fix_len;
		r->fix = NULL;
		e->flags |= F_TEXT_IS_BYTES;
	}
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
		a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* The directory's entry made durable (the rename). */
static void sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* A temporary file beside real (so that rename replaces it), with st's
 * owner where allowed (*owner_kept says whether) and its mode; *tmp gets
 * its name, *dir the directory's (both malloc'ed, set even on failure).
 * NULL with errno. */
static FILE *open_temp(const char *real, const struct stat *st, char **tmp, char **dir, bool *owner_kept)
{
	const char *slash = strrchr(real, '/');   /* realpath: absolute */
	size_t dir_len = slash ? (size_t)(slash - real) : 0;
	*dir = strndup(slash && dir_len ? real : "/", slash && dir_len ? dir_len : 1);
	*tmp = malloc(strlen(real) + 16);
	if (!*dir || !*tmp) {
		errno = ENOMEM;
		return NULL;
	}
	/* At most 32 bytes of the name in it: a name near NAME_MAX still gets
	 * a temporary file. */
	sprintf(*tmp, "%.*s/.%.32s.irie-XXXXXX", (int)dir_len, real, slash ? slash + 1 : real);
	int fd = mkstemp(*tmp);
	if (fd < 0) {
		free(*tmp);
		*tmp = NULL;   /* nothing to remove */
		return NULL;
	}
	/* Only root may give a file away; a user may give a group of theirs. */
	*owner_kept = fchown(fd, st->st_uid, st->st_gid) == 0 ||
		(st->st_uid == geteuid() && fchown(fd, (uid_t)-1, st->st_gid) == 0);
	FILE *out = fchmod(fd, st->st_mode & 07777) == 0 ? fdopen(fd, "w+b") : NULL;
	if (!out) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return out;
}

/* Whether renaming over the file would lose what it has: other names
 * (hard links), its owner or group, extended attributes (ACLs, labels). */
static bool write_in_place(FILE *in, const struct stat *st, bool owner_kept)
{
	return st->st_nlink > 1 || !owner_kept || flistxattr(fileno(in), NULL, 0) > 0;
}

/* The new bytes (tmp, written and synced) copied over real itself, which
 * keeps its inode, links, owner and attributes; WB_OK, or WB_WRITE with
 * errno (real may then be cut short: tmp holds the whole text).  The file
 * opened must be the one checked (st: device and inode; not a symbolic
 * link): one renamed or linked into its place meanwhile is WB_CHANGED,
 * nothing written to it. */
static w_result copy_over(FILE *tmp, const char *real, const struct stat *st)
{
	int fd = open(real, O_WRONLY | O_NOFOLLOW);
	struct stat now;
	if (fd < 0 && errno == ELOOP)
		return WB_CHANGED;
	if (fd >= 0 && fstat(fd, &now) == 0 && (now.st_dev != st->st_dev || now.st_ino != st->st_ino)) {
		close(fd);
		return WB_CHANGED;
	}
	FILE *out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!out) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		errno = e;
		return WB_WRITE;
	}
	rewind(tmp);
	char buf[65536];
	size_t got;
	off_t size = 0;
	w_result r = WB_OK;
	while (r == WB_OK && (got = fread(buf, 1, sizeof buf, tmp)) > 0) {
		if (fwrite(buf, 1, got, out) != got)
			r = WB_WRITE;
		size += (off_t)got;
	}
	if (r == WB_OK && (ferror(tmp) || fflush(out) != 0 || ftruncate(fd, size) != 0 || fsync(fd) != 0))
		r = WB_WRITE;
	int e = errno;
	if (fclose(out) != 0 && r == WB_OK) {
		e = errno;
		r = WB_WRITE;
	}
	errno = e;
	return r;
}

bool vl_write(view_list *vl, char *err, size_t err_size)
{
	if (!vl->writable) {
		if (strcmp(vl_path(vl), "-") == 0)
			snprintf(err, err_size, "%s", _("standard input cannot be written back"));
		else
			/* TRANSLATORS: %s: the name given to irie view (a pipe, a device). */
			snprintf(err, err_size, _("%s cannot be written back: it is not a regular file"), vl_path(vl));
		return false;
	}
	bool ok = false;
	char *real = realpath(vl->path, NULL), *tmp = NULL, *dir = NULL;
	FILE *in = NULL, *out = NULL;
	struct stat st;
	w_result r = WB_READ;
	bool kept_tmp = false;
	size_t at = 0;
	if (!real || !(in = fopen(real, "rb")) || fstat(fileno(in), &st) != 0)
		goto fail;
	r = same_file(&st, &vl->st) ? WB_WRITE : WB_CHANGED;
	bool owner_kept = false;
	if (r == WB_CHANGED || !(out = open_temp(real, &st, &tmp, &dir, &owner_kept)))
		goto fail;
	if ((r = stream(vl, in, out, &at)) != WB_OK)
		goto fail;
	r = WB_WRITE;
	if (fflush(out) != 0 || fsync(fileno(out)) != 0)
		goto fail;
	if (write_in_place(in, &st, owner_kept)) {
		if ((r = copy_over(out, real, &st)) != WB_OK) {
			kept_tmp = r == WB_WRITE;   /* the file may be cut short: the new text stays */
			goto fail;
		}
		fclose(out);
		out = NULL;
		unlink(tmp);
	} else {
		int closed = fclose(out);
		out = NULL;
		if (closed != 0 || rename(tmp, real) != 0)
			goto fail;
		sync_dir(dir);
	}
	free(tmp);
	tmp = NULL;   /* renamed or removed: nothing to remove */
	written(vl);
	if (stat(real, &st) == 0)
		vl->st = st;
	ok = true;
fail:
	if (!ok && r == WB_CHANGED)
		/* TRANSLATORS: %s: the file name. */
		snprintf(err, err_size, _("%s changed since it was read: not written (the changes are kept)"), vl->path);
	else if (!ok && r == WB_OVERLAP)
		/* TRANSLATORS: %s: the file name. */
		snprintf(err, err_size, _("%s not written: two replaced entries overlap in it, so what to write is not "
			"known (the changes are kept)"), vl->path);
	else if (!ok && r == WB_MISPLACED)
		/* TRANSLATORS: %s: the file name; %lu:%lu: line and column of an entry. */
		snprintf(err, err_size, _("%s not written: the entry at %lu:%lu does not match its bytes in the file, so "
			"where to write is not known (the changes are kept)"), vl->path, (unsigned long)vl->e[at].line,
			(unsigned long)vl->e[at].col);
	else if (!ok && kept_tmp)
		/* TRANSLATORS: %s: the file name; %s: the system's reason; %s: a file holding the whole new text. */
		snprintf(err, err_size, _("cannot write %s: %s; the whole new text is in %s (the changes are kept)"),
			vl->path, strerror(errno ? errno : EIO), tmp);
	else if (!ok)
		/* TRANSLATORS: %s: the file name; %s: the system's reason. */
		snprintf(err, err_size, _("cannot write %s: %s (the changes are kept)"), vl->path,
			strerror(errno ? errno : EIO));
	if (out)
		fclose(out);
	if (tmp && !kept_tmp)
		unlink(tmp);
	if (in)
		fclose(in);
	free(tmp);
	free(dir);
	free(real);
	return ok;
}
