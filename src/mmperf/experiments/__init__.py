"""Each paper's parameters and experiment grid, in one module per paper."""
