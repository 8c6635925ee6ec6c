"""The start options of kannagi on the engine (filled by the options contract)."""

OPTIONS = ()
