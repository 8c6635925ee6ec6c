"""How a printed proxy face of timestorm is laid out (filled by the printing contract)."""

FACE = None
