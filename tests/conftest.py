"""Shared pytest configuration."""

# Fixture notebooks are inputs of the executor/nbval tests, not chapters to check with --nbval.
collect_ignore_glob = ["book/fixtures/*"]
