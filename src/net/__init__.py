"""Play over the network: ``capicua-net/1`` (docs/network.md).

A *host* (:mod:`.host`) holds tables (:mod:`.table`): a variant, its options, and in each
seat a person or a bot invited with a secret code (:mod:`.invitation`), or a computer
player. Every action is stored as it happens (:mod:`.store`), so a restarted host resumes
its tables. Clients (:mod:`.client`) join a seat over a WebSocket, follow the seat's view
message by message (:mod:`.wire`) and reconnect on their own; :mod:`.relay` plays a local
``capicua-bot/1`` program in a remote seat (``capicua connect``), :mod:`.remote` is the
table's model for a remote seat (``capicua join``).
"""
