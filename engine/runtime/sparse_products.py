"""Sparse 0/1 matrix times dense matrix, for the broadcast on large graphs.

SciPy's compiled CSR kernel (``csr_matvecs``) does the arithmetic. Importing
``scipy.sparse`` costs about 0.13 s (it loads SciPy's array-API layer, numpy.testing
and more), more than all the products of a 20-pair corpus of 200-node graphs, and
its Python dispatch costs more than the product itself on such matrices. So the
kernel's extension module is loaded on its own, checked on a known product, and
called directly; when it cannot be loaded or the check fails (another SciPy
layout, a frozen application), the public ``scipy.sparse`` is used instead. Both
run the same kernel, so the numbers are the same.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

# kernel(n_row, n_col, n_vecs, indptr, indices, data, x_flat, y_flat): y += A x, row-major
Kernel = Callable[..., None]


@dataclass(frozen=True)
class CsrMatrix:
    """A matrix in compressed sparse row form (only what the products need)."""

    shape: tuple[int, int]
    indptr: np.ndarray
    indices: np.ndarray
    data: np.ndarray

    @classmethod
    def from_dense(cls, dense: np.ndarray) -> CsrMatrix:
        rows, columns = np.nonzero(dense)  # row-major order, as CSR stores them
        indptr = np.searchsorted(rows, np.arange(dense.shape[0] + 1)).astype(np.int32)
        return cls(dense.shape, indptr, columns.astype(np.int32), dense[rows, columns].astype(float))

    def __matmul__(self, other: np.ndarray) -> np.ndarray:
        """self · other for a dense 2-D ``other``."""
        other = np.ascontiguousarray(other, dtype=float)
        return self.product_into(other, np.zeros((self.shape[0], other.shape[1])))

    def product_into(self, other: np.ndarray, out: np.ndarray, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``out += self[start:stop] · other`` and ``out``, for C-contiguous float arrays: ``other``
        with a row per column of self, ``out`` with a row per row taken. Each row of ``out`` gets
        its terms added one by one in the order of the row's column indices."""
        if not out.flags.c_contiguous:
            raise ValueError("the product is written into a C-contiguous array only")
        stop = self.shape[0] if stop is None else stop
        indptr = self.indptr[start : stop + 1]
        kernel = csr_kernel()
        if kernel is None:
            out += _scipy_product(self, indptr, other)
            return out
        kernel(stop - start, self.shape[1], other.shape[1], indptr, self.indices, self.data, other.ravel(), out.ravel())
        return out

    def multiplier(self, width: int, out: np.ndarray) -> Callable[[np.ndarray], None]:
        """A function of ``other`` that does ``out += self · other``, as :meth:`product_into` on all
        rows, for products made again and again into the same C-contiguous ``out`` (``width``
        columns): the checks and look-ups are made once, here."""
        if not out.flags.c_contiguous:
            raise ValueError("the product is written into a C-contiguous array only")
        kernel = csr_kernel()
        flat = out.reshape(-1)
        rows, columns, indptr, indices, data = *self.shape, self.indptr, self.indices, self.data

        def multiply(other: np.ndarray) -> None:
            if kernel is None:
                self.product_into(other.reshape(columns, width), out.reshape(rows, width))
            else:
                kernel(rows, columns, width, indptr, indices, data, other.reshape(-1), flat)

        return multiply


def _scipy_product(matrix: CsrMatrix, indptr: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The rows of ``matrix`` that ``indptr`` (a slice of its own) delimits, times ``other``."""
    from scipy import sparse

    first, last = int(indptr[0]), int(indptr[-1])
    rows = sparse.csr_array(
        (matrix.data[first:last], matrix.indices[first:last], indptr - first), shape=(len(indptr) - 1, matrix.shape[1])
    )
    return rows @ other


def _load_kernel() -> Kernel | None:
    """``csr_matvecs`` from SciPy's ``_sparsetools`` extension, loaded without
    importing the ``scipy.sparse`` package; None when that is not possible."""
    try:
        spec = importlib.util.find_spec("scipy")
        if spec is None or spec.origin is None:
            return None
        folder = Path(spec.origin).parent / "sparse"
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = folder / f"_sparsetools{suffix}"
            if path.exists():
                loader = importlib.machinery.ExtensionFileLoader("scipy.sparse._sparsetools", str(path))
                module_spec = importlib.util.spec_from_loader(loader.name, loader)
                if module_spec is None:
                    return None
                module = importlib.util.module_from_spec(module_spec)
                loader.exec_module(module)
                return module.csr_matvecs
    except (ImportError, OSError, AttributeError):
        return None
    return None


def _works(kernel: Kernel) -> bool:
    """The kernel gives the right answer on a small product with a known result."""
    left = np.array([[0.0, 1.0, 1.0], [0.0, 0.0, 0.0], [1.0, 0.0, 0.0]])
    right = np.arange(6.0).reshape(3, 2)
    matrix = CsrMatrix.from_dense(left)
    result = np.zeros((3, 2))
    try:
        kernel(3, 3, 2, matrix.indptr, matrix.indices, matrix.data, right.ravel(), result.ravel())
    except Exception:  # any failure means: use the public API
        log.debug("the directly loaded sparse kernel failed its check; using scipy.sparse", exc_info=True)
        return False
    return bool(np.array_equal(result, left @ right))


@lru_cache(maxsize=1)
def csr_kernel() -> Kernel | None:
    """The directly loaded kernel when it works, else None (use ``scipy.sparse``)."""
    kernel = _load_kernel()
    return kernel if kernel is not None and _works(kernel) else None
