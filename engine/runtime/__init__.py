"""Runtime helpers of the entry points: process settings (BLAS threads, memory reuse),
worker processes, and the sparse kernel of the large-graph broadcast."""
