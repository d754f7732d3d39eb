import sys

from .runtime.process import one_blas_thread_at_load

one_blas_thread_at_load()  # before anything imports NumPy

from .cli import main  # noqa: E402

sys.exit(main())
