"""The machine's parts: cards, the paytable panel and the meters."""
