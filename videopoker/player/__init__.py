"""A player at the machine: the session that ties the machine to its wallet and its ledger."""
