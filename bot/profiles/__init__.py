"""Ratings, profiles, the leaderboard and server statistics."""
