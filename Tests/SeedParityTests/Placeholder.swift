// Filled by the seed parity tests.
