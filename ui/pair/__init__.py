"""One pair: both graphs side by side, their PENMAN texts, the relations by category and the
alignment."""
