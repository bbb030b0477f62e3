"""Drives a LiveSplit Server with the PyPI `livesplit` client: each argument after the port is
a command (split, startorsplit, skipsplit, unsplit, reset) or a query (get…, ping), sent in
order on one connection. A query's answer is printed, one line each.

The client opens a connection per command and drops it at once; a server that serves only its
own user (as splits --livesplit-server does) cannot learn whose a connection was once it is
closed. So the connection is kept, as LiveSplit's own tools keep theirs, and each command is
followed by a ping whose pong says the command was read."""
import sys

from livesplit.client import Livesplit

METHODS = {
    "split": "split", "startorsplit": "startOrSplit", "skipsplit": "skipSplit",
    "unsplit": "unsplit", "reset": "reset", "pause": "pause", "resume": "resume",
}


class KeptLivesplit(Livesplit):
    """The client with one connection for all its commands."""

    connection = None

    def getSocket(self):
        if self.connection is None:
            self.connection = super().getSocket()
            self.connection.settimeout(10)
        return self.connection

    def answer(self):
        data = b""
        while not data.endswith(b"\r\n"):
            chunk = self.connection.recv(1024)
            if not chunk:
                raise SystemExit("the server closed the connection")
            data += chunk
        return data[:-2].decode()


def main():
    client = KeptLivesplit(port=int(sys.argv[1]))
    for word in sys.argv[2:]:
        if word in METHODS:
            getattr(client, METHODS[word])()
            client.sendCommand("ping")
            if client.answer() != "pong":
                raise SystemExit("no pong after " + word)
        else:
            client.sendCommand(word)
            print(client.answer(), flush=True)


main()
