"""Accounts: sign-up, log-in, profile and per-player statistics."""
