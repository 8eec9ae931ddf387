"""Every hand on record: the ledger's file (:mod:`.store`) and what it says of the player (:mod:`.report`)."""
