"""The cards: parsing and writing them, the deck, suit symmetries and combinations of cards."""
