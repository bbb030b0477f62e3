#ifndef SPLITS_OUTPUT_H
#define SPLITS_OUTPUT_H

/// Flushes what the C library still holds for standard output (`stdout`, which Swift 6
/// cannot name): 0 when all of it was written, else the error number (EIO when an earlier
/// implicit flush failed and its number is lost).
int splits_stdout_flush(void);

#endif
