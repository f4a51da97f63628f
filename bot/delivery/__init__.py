"""The delivery worker: it sends what the store's outbox holds, as the table's messages, and
tells a failure worth retrying from one that is not.
"""
