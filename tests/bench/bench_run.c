/* Runs one benchmarked program and reports what it cost, for run_peers.py.
 * Usage: bench_run REPORT_FILE [NAME=VALUE...] PROGRAM [ARG...]
 * (stdin/stdout/stderr inherited; NAME=VALUE set in the program's
 * environment, as env(1) would, but without env's own start timed too)
 * Writes "WALL_SECONDS CPU_SECONDS PEAK_RSS_KIB EXIT_STATUS" to REPORT_FILE.
 * Why not Python's own wait4: Linux carries the spawning process's peak RSS
 * into the child at execve (ru_maxrss), so a child of the Python runner would
 * report the runner's size; a child of this small program reports its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

static double seconds_of(struct timeval tv)
{
  return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* NAME=VALUE, NAME without "/" (a program's path may hold "="). */
static int is_assignment(const char *arg)
{
  const char *eq = strchr(arg, '=');
  return eq && eq != arg && !memchr(arg, '/', (size_t)(eq - arg));
}

int main(int argc, char **argv)
{
  int first = 2;   /* the program's argument */
  while (first < argc && is_assignment(argv[first]))
    first++;
  if (first >= argc) {
    fprintf(stderr, "usage: bench_run REPORT_FILE [NAME=VALUE...] PROGRAM [ARG...]\n");
    return 2;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid < 0) {
    perror("bench_run: fork");
    return 2;
  }
  if (pid == 0) {
    for (int i = 2; i < first; i++)
      putenv(argv[i]);
    execvp(argv[first], argv + first);
    perror("bench_run: exec");
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) {
    perror("bench_run: wait4");
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  double wall_seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  int exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  FILE *report = fopen(argv[1], "w");
  if (!report) {
    perror("bench_run: report file");
    return 2;
  }
  fprintf(report, "%.6f %.6f %ld %d\n", wall_seconds,
          seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime), usage.ru_maxrss, exit_status);
  return fclose(report) == 0 ? 0 : 2;
}
