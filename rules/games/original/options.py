"""The start options of original on the engine (filled by the options contract)."""

OPTIONS = ()
