"""The start options of manacard on the engine (filled by the options contract)."""

OPTIONS = ()
