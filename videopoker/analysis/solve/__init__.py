"""The base game solved exactly: the draw tables (draws) and the cache they are kept in (cache),
every hold's value and the return table (exact), the best hold of every dealt hand (optimal), the
best holds of a feature's states whose worths lie on a line (along), and the hint for one hand (hint)."""
