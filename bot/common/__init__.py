"""What every room uses: the one authorization path (access, finding), answering interactions
(errors, replies), neutral text and its Discord rendering, names, the per-game locks, and
the posts the service asks to send.
"""
