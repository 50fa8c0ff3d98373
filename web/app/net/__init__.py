"""A table of phones (issue 36), its first layer: the protocol between a host and its guests.

Pure Python and transport-agnostic: :mod:`app.net.protocol` types the messages and reads them
once at the edge, :mod:`app.net.transport` is what a channel must do (an in-memory pair here;
a WebRTC data channel later), :mod:`app.net.host` is the referee holding the game,
:mod:`app.net.guest` a remote seat's end. Nothing here draws a page or opens a connection.
"""
