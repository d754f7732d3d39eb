from .runtime.process import exit_without_teardown, no_collection_during_start_up, one_blas_thread_at_load

no_collection_during_start_up()  # until the modules the command needs are loaded and frozen
one_blas_thread_at_load()  # before anything imports NumPy

from .cli import main  # noqa: E402

exit_without_teardown(main())
