"""Bots: policies that read one seat's view and its legal moves, nothing else."""
