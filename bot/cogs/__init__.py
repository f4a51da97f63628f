"""The bot's commands, one cog per area."""
