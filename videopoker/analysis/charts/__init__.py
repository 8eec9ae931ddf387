"""Strategy charts: the patterns a hold has (patterns), a chart read, checked and played (chart),
what a chart can play per dealt-hand class (entries), a chart derived from the exact solution and
what following it costs (derive), and the whole chart said in players' words (readable)."""
