"""Scripts that make parts of the documentation from the code: :mod:`docs.cli_reference` (the
command-line reference, docs/cli.md) and :mod:`docs.screenshots` (docs/images/*.png)."""
