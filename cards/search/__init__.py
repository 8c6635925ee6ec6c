"""Card search: Japanese-aware normalisation, the query language, and its translation to the ORM.

`normalise` and `query` are plain Python (no Django); `compiler` turns a parsed
query into a filtered, ranked QuerySet on either database.
"""
