"""The start options of timestorm on the engine (filled by the options contract)."""

OPTIONS = ()
