"""The start options of vision on the engine (filled by the options contract)."""

OPTIONS = ()
