"""Time at the table: deadlines and reminders, quiet hours and weekends, away and
notifications, the heads-up, substitutes, and the loop that fires timers.
"""
