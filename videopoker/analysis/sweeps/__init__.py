"""Many tables at once: the grid of pays a sweep walks, its rows and its timing (sweep), each chunk
of tables solved in one pass over the draw tables (batch)."""
