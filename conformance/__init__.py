"""Conformance vectors: golden replays per game, RNG test vectors, and the tools that make them."""
