"""Benchmarks and the corpus generator they share with the tests."""
