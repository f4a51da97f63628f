"""AI seats and stand-ins: the loop that lets AI players think and move, and moves made for a
seat whose deadline passed.
"""
