/*
 * fathom_bench: times Fathom's WDL and DTZ probes on the positions that
 * gambit's syzygy benchmarks use, for the README's comparison. It is
 * gambit's code; Fathom itself is not part of gambit: the build includes
 * Fathom's tbprobe.c from a checkout given by FATHOM_SRC (make
 * syzygy-bench-fathom), which is how its internal probe_dtz is reached.
 *
 * usage: fathom-bench TABLE_DIR POSITIONS_FILE [ROUNDS]
 * The positions file (written by the syzygy package's
 * TestWriteBenchPositions) starts with "n wdl_sum dtz_sum" and holds one
 * position a line: eight bitboards in hex, the en-passant square, the side
 * to move (1 White). The sums Fathom finds must be gambit's.
 */
#include "tbprobe.c"

#include <time.h>

struct bench_pos {
	Pos pos;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s TABLE_DIR POSITIONS_FILE [ROUNDS]\n", argv[0]);
		return 2;
	}
	int rounds = argc > 3 ? atoi(argv[3]) : 200;
	if (!tb_init(argv[1]) || TB_LARGEST == 0) {
		fprintf(stderr, "fathom-bench: no tables in %s\n", argv[1]);
		return 1;
	}
	FILE *f = fopen(argv[2], "r");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	long n, want_wdl, want_dtz;
	if (fscanf(f, "%ld %ld %ld", &n, &want_wdl, &want_dtz) != 3 || n <= 0) {
		fprintf(stderr, "fathom-bench: bad header in %s\n", argv[2]);
		return 1;
	}
	Pos *ps = calloc(n, sizeof(Pos));
	for (long i = 0; i < n; i++) {
		unsigned long long bb[8];
		unsigned ep, turn;
		if (fscanf(f, "%llx %llx %llx %llx %llx %llx %llx %llx %u %u",
			   &bb[0], &bb[1], &bb[2], &bb[3], &bb[4], &bb[5], &bb[6], &bb[7],
			   &ep, &turn) != 10) {
			fprintf(stderr, "fathom-bench: bad position %ld\n", i + 1);
			return 1;
		}
		Pos p = {bb[0], bb[1], bb[2], bb[3], bb[4], bb[5], bb[6], bb[7], 0, (uint8_t)ep, turn != 0};
		ps[i] = p;
	}
	fclose(f);

	long wdl_sum = 0, dtz_sum = 0;
	for (long i = 0; i < n; i++) { /* loads every table, checks the sums */
		int ok1, ok2;
		Pos p = ps[i];
		wdl_sum += probe_wdl(&p, &ok1);
		p = ps[i];
		dtz_sum += probe_dtz(&p, &ok2);
		if (!ok1 || !ok2) {
			fprintf(stderr, "fathom-bench: probe %ld failed\n", i + 1);
			return 1;
		}
	}
	printf("positions %ld: WDL sum %ld (gambit %ld), DTZ sum %ld (gambit %ld)\n",
	       n, wdl_sum, want_wdl, dtz_sum, want_dtz);
	if (wdl_sum != want_wdl || dtz_sum != want_dtz) {
		fprintf(stderr, "fathom-bench: the sums differ from gambit's\n");
		return 1;
	}

	volatile long sink = 0;
	double t0 = now();
	for (int r = 0; r < rounds; r++)
		for (long i = 0; i < n; i++) {
			int ok;
			Pos p = ps[i];
			sink += probe_wdl(&p, &ok);
		}
	double t1 = now();
	int drounds = rounds / 10 > 0 ? rounds / 10 : 1;
	for (int r = 0; r < drounds; r++)
		for (long i = 0; i < n; i++) {
			int ok;
			Pos p = ps[i];
			sink += probe_dtz(&p, &ok);
		}
	double t2 = now();
	printf("Fathom WDL: %.0f probes/s (%.0f ns/probe, %ld probes)\n",
	       rounds * n / (t1 - t0), (t1 - t0) * 1e9 / (rounds * n), rounds * n);
	printf("Fathom DTZ: %.0f probes/s (%.0f ns/probe, %ld probes)\n",
	       drounds * n / (t2 - t1), (t2 - t1) * 1e9 / (drounds * n), drounds * n);
	return 0;
}
