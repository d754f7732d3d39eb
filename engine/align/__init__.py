"""Stage 2 of the pipeline: anchor-broadcast alignment of two graphs (AnCast paper §2.1-2.2).

:mod:`.similarity` gives the intrinsic node similarity S (eq. 1-4), :mod:`.anchors` the
initial anchors, :mod:`.broadcast` the maths of one broadcast round (eq. 5-14) and the
finalisation, :mod:`.alignment` the outer loop with its per-round trace, and
:mod:`.explain` the plain-language captions of that trace.
"""

from .alignment import Alignment, Round, align
from .anchors import Correction

__all__ = ["Alignment", "Correction", "Round", "align"]
