"""The alignment's rounds: the heatmaps of a pair's trace, on screen and exported."""
